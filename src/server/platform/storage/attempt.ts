import { errorText, fail, ok, type Result } from '../../../lib/result'

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

/**
 * Prepares and runs one writing statement and returns how many rows it changed; a throw (while
 * preparing too) becomes a retryable failure that says what was not done.
 *
 * @example changed('session not ended', () => db.prepare('DELETE FROM admin_sessions WHERE token_hash = ?').bind(hash))
 */
export function changed(what: string, statement: () => D1PreparedStatement): Promise<Result<number>> {
  return attempt(what, async () => (await statement().run()).meta.changes)
}

/** As changed(), for a statement that changes one row when it succeeds: whether it did. */
export async function changedOne(
  what: string,
  statement: () => D1PreparedStatement,
): Promise<Result<boolean>> {
  const count = await changed(what, statement)
  return count.ok ? { ok: true, value: count.value === 1 } : count
}
