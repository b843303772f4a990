import { errorText, fail, ok, type Result } from '../../lib/result'

/**
 * Runs one storage call and turns a throw (D1 down, a constraint, a timeout) into a retryable
 * failure that says what was not done.
 *
 * @example attempt('lead not stored', () => db.prepare(sql).bind(id).run())
 */
export async function attempt<T>(what: string, run: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await run())
  } catch (error) {
    return fail(`${what}: ${errorText(error)}`, true)
  }
}
