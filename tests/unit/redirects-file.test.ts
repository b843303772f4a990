/**
 * `npm run content:pull` writes the console's redirects into public/_redirects as one block:
 * below the written lines, which it never touches; written again whole at each pull; leaving out
 * an old address a written line takes; and inside the platform's limits.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { rulesOf, withConsoleRedirects } from '../../scripts/lib/redirects-file.ts'

const FILE = readFileSync('public/_redirects', 'utf8')

describe('the console’s redirects in public/_redirects', () => {
  it('adds a block after the written lines, and a second pull replaces it whole', () => {
    const first = withConsoleRedirects(FILE, [
      { from: '/spring', to: '/try-on', status: 301 },
      { from: '/news/:slug', to: '/:slug', status: 302 },
    ])
    expect(first.text.startsWith(FILE.trimEnd())).toBe(true)
    expect(rulesOf(first.text).slice(-2)).toEqual([
      { from: '/news/:slug', to: '/:slug', status: 302 },
      { from: '/spring', to: '/try-on', status: 301 },
    ])
    const second = withConsoleRedirects(first.text, [{ from: '/autumn', to: '/gaming', status: 301 }])
    expect(rulesOf(second.text)).toEqual([...rulesOf(FILE), { from: '/autumn', to: '/gaming', status: 301 }])
    // No rule left: the block goes, and the file is as it was.
    expect(withConsoleRedirects(second.text, []).text).toBe(FILE.trimEnd() + '\n')
  })

  it('leaves out an old address a written line takes, and what would pass the platform’s limits', () => {
    const many = Array.from({ length: 2_100 }, (_, i) => ({ from: `/old-${i}`, to: '/blog', status: 301 }))
    const patterns = Array.from({ length: 120 }, (_, i) => ({
      from: `/p${i}/:slug`,
      to: '/blog',
      status: 301,
    }))
    const { text, left } = withConsoleRedirects(FILE, [
      { from: '/home', to: '/blog', status: 301 },
      ...many,
      ...patterns,
    ])
    expect(left).toContain('/home')
    const rules = rulesOf(text)
    expect(rules.filter((rule) => /[:*]/.test(rule.from)).length).toBe(100)
    expect(rules.filter((rule) => !/[:*]/.test(rule.from)).length).toBe(2_000)
    expect(left.length).toBe(1 + 2_100 + 120 - (rules.length - rulesOf(FILE).length))
  })
})
