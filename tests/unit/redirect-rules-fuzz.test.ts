/**
 * Where a console redirect may send a visitor (issue 59, U1 and U4), as a property: over random
 * rules (old addresses with :names and a final *, new addresses built from slashes, backslashes,
 * `@`, `:`, names, hosts and https://) and random request paths full of the same, every rule the
 * console accepts (ruleOf) answers only with a Location that resolves, as a browser resolves it
 * against the site, to the site itself for a local rule, and to the host it names for an https one.
 * `npm test` runs FUZZ_RUNS cases (tests/support/fuzz.ts); `npm run test:fuzz` the full count.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RedirectTable, ruleOf, type RedirectRule } from '../../src/lib/redirect-rules'
import { assertProperty } from '../support/fuzz'

const ORIGIN = 'https://www.example.com'

/** Pieces a path or a target is made of, hostile ones included. */
const PIECES = [
  '/',
  '/',
  '//',
  '\\',
  '@',
  ':',
  '.',
  '..',
  '%2F',
  '%5C',
  '%40',
  'evil.example',
  'a',
  'x-1',
  '?',
  '#',
  '=',
]
const NAMES = [':slug', ':splat', ':id']
const HOSTS = ['partner.example', 'partner.example:8443', 'evil.example', '']

const joined = (parts: fc.Arbitrary<string>, max: number) =>
  fc.array(parts, { maxLength: max }).map((list) => list.join(''))

/** An old address: segments that are words or :names, and sometimes a final *. */
const fromArb = fc
  .tuple(
    fc.array(fc.constantFrom('blog', 'en', 'go', ':slug', ':id', 'old-page'), { minLength: 0, maxLength: 3 }),
    fc.boolean(),
  )
  .map(([segments, splat]) => `/${[...segments, ...(splat ? ['*'] : [])].join('/')}`)

/** A new address: local, or https with a host, anything after, and names anywhere. */
const toArb = fc.oneof(
  joined(fc.constantFrom(...PIECES, ...NAMES), 6).map((rest) => `/${rest}`),
  fc
    .tuple(fc.constantFrom(...HOSTS, ...NAMES), joined(fc.constantFrom(...PIECES, ...NAMES), 6))
    .map(([host, rest]) => `https://${host}${rest}`),
)

/** A request's path, as the worker sees it (`new URL(request.url).pathname`). */
const pathArb = fc
  .tuple(
    fc.constantFrom('/blog/', '/en/', '/go/', '/', '/old-page/', '/blog/a/'),
    joined(fc.constantFrom(...PIECES, 'slug-1', 'page'), 6),
  )
  .map(([head, rest]) => new URL(ORIGIN + head + rest).pathname)

/** Where the rule says it goes: this site for a local rule, or the host of its https address. */
const expectedHost = (rule: RedirectRule) =>
  rule.to.startsWith('/') ? new URL(ORIGIN).host : new URL(rule.to.replace(/:[a-z][a-z0-9_]*/g, 'x')).host

describe('console redirects, as a property', () => {
  it('U1: no rule the console accepts sends a visitor to another site than its own', async () => {
    await assertProperty(
      fc.property(fromArb, toArb, fc.array(pathArb, { minLength: 1, maxLength: 4 }), (from, to, paths) => {
        const rule = ruleOf({ from, to, status: 301 })
        if (typeof rule === 'string') return
        const table = new RedirectTable([rule])
        for (const path of paths) {
          const found = table.match(path)
          if (!found) continue
          const landed = new URL(found.location, ORIGIN)
          const where = `${rule.from} → ${rule.to} with ${path} gave ${found.location}`
          expect(landed.protocol, where).toBe('https:')
          expect(landed.host, where).toBe(expectedHost(rule))
          expect(landed.username + landed.password, where).toBe('')
        }
      }),
      20_000,
      import.meta.url,
    )
  })

  it('U1: the natural rule for a moved section fills its splat without leaving the site', () => {
    const table = new RedirectTable([{ from: '/blog/*', to: '/:splat', status: 301 } as const])
    expect(table.match('/blog/my-old-post')?.location).toBe('/my-old-post')
    for (const path of ['/blog//evil.example', '/blog//evil.example/login', '/blog/%5Cevil.example']) {
      const location = table.match(path)?.location
      if (location !== undefined) expect(new URL(location, ORIGIN).host, path).toBe('www.example.com')
    }
  })
})
