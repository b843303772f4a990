/** What the experiment tests share: each version's visitors as D1 counts them, and one visitor of each. */
import { env } from '../support'

/** Visitors exposed so far, by version (0 is A). */
export const exposures = async (id: string) =>
  (
    await env.DB.prepare(
      'SELECT arm, SUM(visitors) AS n FROM experiment_days WHERE experiment_id = ? GROUP BY arm ORDER BY arm',
    )
      .bind(id)
      .all<{ arm: number; n: number }>()
  ).results

/** One visitor of each version: new addresses tried (at most 60) until `shown` said A and B. */
export async function visitorsOfEach(
  shown: (ip: string) => Promise<'a' | 'b' | undefined>,
  uniqueIp: () => string,
): Promise<{ a: string; b: string }> {
  const found: { a?: string; b?: string } = {}
  for (let i = 0; i < 60 && !(found.a && found.b); i++) {
    const ip = uniqueIp()
    const version = await shown(ip)
    if (version) found[version] ??= ip
  }
  if (!found.a || !found.b) throw new Error('both versions not seen in 60 visitors')
  return found as { a: string; b: string }
}
