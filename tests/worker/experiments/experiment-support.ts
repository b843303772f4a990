/** What the experiment tests share: each version's visitors as D1 counts them, and one visitor of each. */
import { expect } from 'vitest'
import { adminPost, env } from '../support'

/** Makes and starts an experiment through the console's forms (a 50/50 split on every visitor unless `fields` say); its id. */
export async function startExperiment(fields: Record<string, string>): Promise<string> {
  const made = await adminPost('/admin/experiments', { split: '50', share: '100', lift: '25', ...fields })
  expect(made.response.status).toBe(303)
  const id = /\/admin\/experiments\/([^?]+)\?notice=made$/.exec(
    made.response.headers.get('Location') ?? '',
  )?.[1]
  expect(id).toBeTruthy()
  const started = await adminPost(`/admin/experiments/${id}/start`)
  expect(started.response.headers.get('Location')).toBe(`/admin/experiments/${id}?notice=started`)
  return id!
}

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
