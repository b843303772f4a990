/**
 * The one log style: every line is one JSON object, `{level, area, message, …ids}`, which
 * Workers Logs indexes field by field. Leads, clients and admins are named by id in their own
 * fields (`leadId`, `client`), never by personal data, and no secret reaches a line (a token in an
 * address is cut out: `redacted`). An error
 * goes in as the Error object (`error`), and the line keeps its name, message and stack.
 *
 * @example log.info('leads', 'lead delivered', { leadId, via: 'emailjs' })
 * @example log.error('contact', 'lead not stored', { leadId, error })
 */
type Level = 'info' | 'warn' | 'error'

/** Ids and small facts about the event; `error` is the thrown value, if any. */
type LogFields = Record<string, unknown>

export interface LogLine {
  level: Level
  area: string
  message: string
  [field: string]: unknown
}

/** An Error's name, message and stack; anything else thrown as its text. */
function errorRecord(error: unknown) {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack }
  return { name: 'NonError', message: String(error) }
}

/**
 * The bearer tokens that sit in an address (a share link's `/review/<token>`, an invitation's
 * `/admin/invite/<token>`), cut out of a text: whoever reads the logs cannot open them (review U10).
 */
const TOKEN_IN_PATH = /(\/review|\/admin\/invite)\/[^/?#\s"']+/g
export const redacted = (text: string): string => text.replace(TOKEN_IN_PATH, '$1/[link]')

/** Every string of a line (nested too) with its address tokens cut out. */
function redactedValue(value: unknown): unknown {
  if (typeof value === 'string') return redacted(value)
  if (Array.isArray(value)) return value.map(redactedValue)
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactedValue(item)]))
  return value
}

function write(level: Level, area: string, message: string, fields: LogFields = {}): void {
  const { error, ...ids } = fields
  const line = redactedValue({ level, area, message, ...ids }) as LogLine
  if (error !== undefined) line.error = redactedValue(errorRecord(error))
  if (level === 'info') console.log(line)
  else console[level](line)
}

export const log = {
  info: (area: string, message: string, fields?: LogFields) => write('info', area, message, fields),
  warn: (area: string, message: string, fields?: LogFields) => write('warn', area, message, fields),
  error: (area: string, message: string, fields?: LogFields) => write('error', area, message, fields),
}
