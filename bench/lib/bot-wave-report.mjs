/**
 * What became of each kind of post in `npm run load -- --bot-wave` (bot-wave.mjs): the table the
 * docs show and the checks that decide its exit code.
 */
import { markdownTable } from './table.mjs'

export const BOTS = 1000
export const PEOPLE = 20
export const REUSES = 1000
/** Posts one form token allows its client (src/server/leads/services/form-token.ts FORM_TOKEN_MAX_POSTS). */
export const TOKEN_ALLOWANCE = 3
export const REUSE_KIND = 'one token reused by its client'
export const KINDS = /** @type {const} */ ([
  'no token',
  'forged token',
  'posted within 1 s',
  'hidden field filled',
])
/** The spam reason each kind must be stored with. */
export const REASON = {
  'no token': 'form token missing',
  'forged token': 'form token forged',
  'posted within 1 s': 'posted too fast',
  'hidden field filled': 'hidden field filled',
  'one token reused by its client': 'form token reused',
}

/**
 * @param {{
 *   bots: { kind: string, marker: string, status: number, id?: string }[],
 *   people: { marker: string, status: number, id?: string }[],
 *   allowance: { status: number }[],
 *   byId: Map<string, { status: string, spam_reasons: string | null }>,
 *   got: Set<string | undefined>,
 *   capCounter: number | undefined,
 * }} outcome
 */
export function waveReport({ bots, people, allowance, byId, got, capCounter }) {
  const kindRows = [...KINDS, REUSE_KIND].map((kind) => {
    const posts = bots.filter((b) => b.kind === kind)
    const stored = posts.filter((b) => b.id && byId.get(b.id)?.status === 'spam')
    const withReason = stored.filter((b) =>
      (byId.get(b.id ?? '')?.spam_reasons ?? '').split('\n').includes(REASON[kind]),
    )
    return {
      kind,
      posts: posts.length,
      answered202: posts.filter((b) => b.status === 202).length,
      answered429: posts.filter((b) => b.status === 429).length,
      status5xx: posts.filter((b) => b.status >= 500).length,
      storedAsSpam: stored.length,
      withItsReason: withReason.length,
      emailed: posts.filter((b) => got.has(b.marker)).length,
    }
  })
  const peopleRow = {
    kind: 'people (load, wait 3–5 s, post)',
    posts: people.length,
    answered202: people.filter((p) => p.status === 202).length,
    answered429: people.filter((p) => p.status === 429).length,
    status5xx: people.filter((p) => p.status >= 500).length,
    storedAsSpam: people.filter((p) => p.id && byId.get(p.id)?.status === 'spam').length,
    withItsReason: 0,
    emailed: people.filter((p) => got.has(p.marker)).length,
  }
  const table = markdownTable(
    ['posts', 'count', '202', '429', '5xx', 'stored as spam', 'with its reason', 'e-mailed'],
    [...kindRows, peopleRow].map((r) => [
      r.kind,
      r.posts,
      r.answered202,
      r.answered429,
      r.status5xx,
      r.storedAsSpam,
      r.kind.startsWith('people') ? '–' : r.withItsReason,
      r.emailed,
    ]),
  )
  const botsEmailed = kindRows.reduce((n, r) => n + r.emailed, 0)
  const checks = [
    [`${peopleRow.emailed} of ${PEOPLE} people delivered`, peopleRow.emailed === PEOPLE],
    [`${botsEmailed} bot posts e-mailed`, botsEmailed === 0],
    [
      `the token's ${allowance.filter((a) => a.status === 202).length} allowed posts accepted`,
      allowance.every((a) => a.status === 202),
    ],
    [`the cap counter at ${capCounter}`, capCounter === PEOPLE + TOKEN_ALLOWANCE],
    [
      `${kindRows.reduce((n, r) => n + r.withItsReason, 0)} of ${BOTS + REUSES} bot posts stored as spam with their reason, ${kindRows.reduce((n, r) => n + r.answered429, 0)} refused with 429`,
      kindRows.every((r) => r.withItsReason + r.answered429 === r.posts && r.answered202 === r.withItsReason),
    ],
    [
      `${[...kindRows, peopleRow].reduce((n, r) => n + r.status5xx, 0)} answers 5xx`,
      [...kindRows, peopleRow].every((r) => r.status5xx === 0),
    ],
  ]
  return { table, checks }
}
