/**
 * The one result type, from storage up to the handlers: a value, or a failure that says what
 * went wrong (for the log) and whether trying again can help. A refusal a person must read about
 * also carries a code; the console turns the code into words (content/admin), so a service never
 * speaks in sentences.
 *
 * @example
 * const read = await store.read()
 * if (!read.ok) log.error('settings', `Error getting URL: ${read.error.message}`)
 */
export type Result<T, Code extends string = never> =
  { ok: true; value: T } | { ok: false; error: Failure<Code> }

export interface Failure<Code extends string = never> {
  message: string
  /** True when the same call may succeed later (a timeout, a 503), false for a configuration error. */
  retryable: boolean
  /** What a person is told, as a code the console's words name (a refusal); none for a fault. */
  code?: Code
  /** When the same request may be let through (a lockout, a rate limit, a store that is down). */
  retryAfterSeconds?: number
  /** A refused form's problems, field by field (a dot path → the words shown beside that field). */
  fields?: Record<string, string>
}

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value })

export const fail = (message: string, retryable = false): { ok: false; error: Failure<never> } => ({
  ok: false,
  error: { message, retryable },
})

/**
 * A refusal: the request was understood and the answer is no, for the reason `code` names.
 *
 * @example if (taken) return refuse('name-taken')
 */
export const refuse = <Code extends string>(
  code: Code,
  extra: Pick<Failure, 'retryAfterSeconds' | 'fields'> = {},
): { ok: false; error: Failure<Code> } => ({
  ok: false,
  error: { message: code, retryable: extra.retryAfterSeconds !== undefined, code, ...extra },
})

/** The message of anything thrown, on one line and short enough for a log or a record. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.replace(/\s+/g, ' ').trim().slice(0, 200)
}
