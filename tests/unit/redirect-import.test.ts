/**
 * Planning a redirects CSV import (issue 59, U8): the plan is made in one pass against one table
 * of the merged rules, updated as each line is taken, so 10,000 pattern lines cost about what
 * 10,000 exact ones do (`npm run bench -- --redirects` prints the time). What a plan says is the
 * same as it was when each line was checked against every other rule afresh.
 */
import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  isPattern,
  localPath,
  RedirectTable,
  ruleOf,
  takes,
  type RedirectRule,
  type SavedRedirect,
} from '../../src/lib/redirect-rules'
import { WORKER_ADDRESSES } from '../../src/server/studio/services/redirect-checks'
import { csvRows, planImport } from '../../src/server/studio/services/redirect-import'
import { assertProperty } from '../support/fuzz'

const SERVED = ['/', '/about-us', '/blog', '/gaming', '/try-on', '/our-xr-stores']
const saved = (from: string, to: string, status: 301 | 302 = 301): SavedRedirect => ({
  from,
  to,
  status,
  by: 'admin',
  at: '2026-11-01T00:00:00.000Z',
})
const EXISTING = [
  saved('/kept', '/blog'),
  saved('/changed', '/blog'),
  saved('/same', '/gaming', 302),
  saved('/feeds-old', '/old-home'),
  saved('/catalogue/*', '/try-on#:splat'),
  saved('/to-archive', '/archive/2019/x'),
  saved('/away', 'https://partner.example/shop'),
]

/** One line of each kind, and lines that meet earlier lines of the same file. */
const MIXED = [
  'from,to,status',
  '/new-one,/try-on,301',
  '/changed,/try-on,301',
  '/same,/gaming,302',
  '/about-us,/try,301',
  '/insecure,http://example.com/,301',
  'old page,/try,301',
  '/via-kept,/kept,301',
  '/old-home,/gaming,301',
  '/news/:slug,/:slug,301',
  '/blog-old/:slug,/news/:slug,301',
  '/archive/*,/blog,301',
  '/loop-a,/loop-b,301',
  '/loop-b,/loop-a,301',
  '/then,/new-one,301',
  '/go/*,https://partner.example/:splat,301',
  '/bad-host/*,https://:splat,301',
  '/back,/\\evil.example,301',
  '/en/*,/:splat,302',
  '/shop/:id,/catalogue/:id,301',
  '/status,/blog,307',
].join('\n')

/** The plan of MIXED, as each line checked against every other rule afresh made it (before issue 59). */
const EXPECTED = {
  added: [
    { from: '/new-one', to: '/try-on', status: 301 },
    { from: '/old-home', to: '/gaming', status: 301 },
    { from: '/news/:slug', to: '/:slug', status: 301 },
    { from: '/loop-a', to: '/loop-b', status: 301 },
    { from: '/go/*', to: 'https://partner.example/:splat', status: 301 },
    { from: '/en/*', to: '/:splat', status: 302 },
  ],
  changed: [
    { rule: { from: '/changed', to: '/try-on', status: 301 }, before: '/blog' },
    {
      rule: { from: '/feeds-old', to: '/gaming', status: 301, by: 'admin', at: '2026-11-01T00:00:00.000Z' },
      before: '/old-home',
    },
  ],
  unchanged: 1,
  refused: [
    { line: 5, from: '/about-us', to: '/try', code: 'served' },
    { line: 6, from: '/insecure', to: 'http://example.com/', code: 'insecure' },
    { line: 7, from: 'old page', to: '/try', code: 'bad-from' },
    { line: 8, from: '/via-kept', to: '/kept', code: 'chain', next: '/blog' },
    { line: 11, from: '/blog-old/:slug', to: '/news/:slug', code: 'chain', next: '/x' },
    { line: 12, from: '/archive/*', to: '/blog', code: 'pattern-chain' },
    { line: 14, from: '/loop-b', to: '/loop-a', code: 'loop' },
    { line: 15, from: '/then', to: '/new-one', code: 'chain', next: '/try-on' },
    { line: 17, from: '/bad-host/*', to: 'https://:splat', code: 'name-in-host' },
    { line: 18, from: '/back', to: '/\\evil.example', code: 'backslash' },
    { line: 20, from: '/shop/:id', to: '/catalogue/:id', code: 'chain', next: '/try-on#x' },
    { line: 21, from: '/status', to: '/blog', code: 'bad-status' },
  ],
}

describe('planning a redirects import', () => {
  afterEach(() => vi.restoreAllMocks())

  it('U8: says what it said when each line was checked against every rule afresh, on a mixed import', () => {
    const plan = planImport(MIXED, EXISTING, SERVED)
    expect(plan).toEqual(EXPECTED)
  })

  it('U8: plans what checking each line against every other rule afresh plans, over random imports', async () => {
    const path = fc
      .array(fc.constantFrom('a', 'b', 'blog', ':slug', 'x'), { minLength: 1, maxLength: 3 })
      .map((segments) => `/${segments.join('/')}`)
    const from = fc.tuple(path, fc.boolean()).map(([p, splat]) => (splat ? `${p}/*` : p))
    const to = fc.oneof(path, fc.constant('https://partner.example/:splat'), fc.constant('/about-us'))
    const line = fc.tuple(from, to).map(([f, t]) => `${f},${t},301`)
    const existing = fc
      .uniqueArray(fc.tuple(path, path), { selector: ([f]) => f, maxLength: 6 })
      .map((pairs) => pairs.map(([f, t]) => saved(f.replace(':slug', 'fixed'), t.replace(':slug', 'y'))))
    await assertProperty(
      fc.property(existing, fc.array(line, { maxLength: 14 }), (rules, lines) => {
        const text = lines.join('\n')
        expect(planImport(text, rules, SERVED)).toEqual(planAfresh(text, rules, SERVED))
      }),
      2_000,
      import.meta.url,
    )
  })

  it('U8: compiles each pattern about once, not once for every other line (the plan is one pass)', () => {
    const lines = Array.from({ length: 300 }, (_, i) => `/old-${i}/*,/new-${i}/:splat,301`)
    const compiled = vi.spyOn(globalThis, 'RegExp')
    const plan = planImport(['from,to,status', ...lines].join('\n'), [], SERVED)
    expect(plan.added).toHaveLength(300)
    // Checked against every rule afresh, each line compiled every rule before it: 45,000 for 300.
    expect(compiled.mock.calls.length).toBeLessThan(4 * 300)
  })
})

/** The plan as it was made before issue 59: each line checked against every other rule, built afresh. */
function planAfresh(text: string, existing: SavedRedirect[], served: string[]) {
  const plan = { added: [], changed: [], unchanged: 0, refused: [] } as ReturnType<typeof planImport>
  const merged = new Map<string, RedirectRule>(existing.map((rule) => [rule.from, rule]))
  csvRows(text).forEach(([from = '', to = '', status = '301'], index) => {
    const line = index + 1
    const rule = ruleOf({ from, to, status })
    if (typeof rule === 'string') return plan.refused.push({ line, from, to, code: rule })
    const before = merged.get(rule.from)
    if (before && before.to === rule.to && before.status === rule.status) return void plan.unchanged++
    const others = [...merged.values()].filter((other) => other.from !== rule.from)
    const refusal = checkAgainst(rule, others, served)
    if (refusal)
      return plan.refused.push({
        line,
        from: rule.from,
        to: rule.to,
        code: refusal.code,
        next: refusal.offer?.to,
      })
    merged.set(rule.from, rule)
    if (before) plan.changed.push({ rule, before: before.to })
    else plan.added.push(rule)
    for (const other of isPattern(rule.from) ? [] : others)
      if (localPath(other.to) === rule.from) {
        const repointed = { ...other, to: rule.to }
        merged.set(other.from, repointed)
        plan.changed.push({ rule: repointed, before: other.to })
      }
  })
  return plan
}

/** The checks as they were made before issue 59: a table of every other rule, built afresh, and each served address tried. */
function checkAgainst(rule: RedirectRule, others: RedirectRule[], served: string[]) {
  const reserved = WORKER_ADDRESSES.flatMap((address) => [address, `${address}/x`])
  const under = (address: string) => rule.from === address || rule.from.startsWith(`${address}/`)
  if (WORKER_ADDRESSES.some(under) || [...served, ...reserved].some((path) => takes(rule.from, path)))
    return { code: 'served' as const }
  const target = localPath(rule.to)?.replace(/:[a-z][a-z0-9_]*/g, 'x')
  if (target === undefined || target === null) return null
  if (takes(rule.from, target)) return { code: 'loop' as const }
  const next = new RedirectTable(others).match(target)
  if (next) {
    if (takes(rule.from, localPath(next.location) ?? '')) return { code: 'loop' as const }
    return { code: 'chain' as const, offer: { ...rule, to: next.location } }
  }
  if (isPattern(rule.from) && others.some((other) => takes(rule.from, localPath(other.to) ?? '')))
    return { code: 'pattern-chain' as const }
  return null
}
