/**
 * The one result type, from storage up to the handlers: a value, or a failure that says what
 * went wrong and whether trying again can help.
 *
 * @example
 * const read = await store.read()
 * if (!read.ok) log.error('settings', `Error getting URL: ${read.error.message}`)
 */
export type Result<T> = { ok: true; value: T } | { ok: false; error: Failure }

export interface Failure {
  message: string
  /** True when the same call may succeed later (a timeout, a 503), false for a configuration error. */
  retryable: boolean
}

export const ok = <T>(value: T): Result<T> => ({ ok: true, value })

export const fail = (message: string, retryable = false): { ok: false; error: Failure } => ({
  ok: false,
  error: { message, retryable },
})

/** The message of anything thrown, on one line and short enough for a log or a record. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.replace(/\s+/g, ' ').trim().slice(0, 200)
}
