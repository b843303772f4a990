/**
 * The one log style: every line is one JSON object, `{level, area, message, …ids}`, which
 * Workers Logs indexes field by field. Leads, clients and admins are named by id in their own
 * fields (`leadId`, `client`), never by personal data, and no secret reaches a line. An error
 * goes in as the Error object (`error`), and the line keeps its name, message and stack.
 *
 * @example log.info('leads', 'lead delivered', { leadId, via: 'emailjs' })
 * @example log.error('contact', 'lead not stored', { leadId, error })
 */
type Level = 'info' | 'warn' | 'error'

/** Ids and small facts about the event; `error` is the thrown value, if any. */
export type LogFields = Record<string, unknown>

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

function write(level: Level, area: string, message: string, fields: LogFields = {}): void {
  const { error, ...ids } = fields
  const line: LogLine = { level, area, message, ...ids }
  if (error !== undefined) line.error = errorRecord(error)
  if (level === 'info') console.log(line)
  else console[level](line)
}

export const log = {
  info: (area: string, message: string, fields?: LogFields) => write('info', area, message, fields),
  warn: (area: string, message: string, fields?: LogFields) => write('warn', area, message, fields),
  error: (area: string, message: string, fields?: LogFields) => write('error', area, message, fields),
}
