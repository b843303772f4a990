/**
 * public/_redirects, as Workers Static Assets reads it: every rule parses, none takes an address the
 * site serves (a page, a post, the console, the API), none points at another rule (no chains), and
 * the file stays inside the platform's limits (2,000 static and 100 dynamic rules).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { legalDocuments } from '../../src/content/pages/legal'
import { posts } from '../../src/content/pages/blog'
import { pageRoutes } from '../../src/pages/page-table'

interface Rule {
  line: number
  from: string
  to: string
  status: number
}

const rules: Rule[] = readFileSync('public/_redirects', 'utf8')
  .split('\n')
  .map((text, i) => ({ text: text.trim(), line: i + 1 }))
  .filter(({ text }) => text && !text.startsWith('#'))
  .map(({ text, line }) => {
    const [from = '', to = '', status = '302', ...rest] = text.split(/\s+/)
    expect(rest, `line ${line}: ${text}`).toEqual([])
    return { line, from, to, status: Number(status) }
  })

/** Every address the site answers itself. */
const served = [
  ...pageRoutes.map((route) => route.path),
  ...posts.map((post) => `/${post.slug}`),
  ...legalDocuments.map((doc) => `/${doc.slug}`),
  '/admin',
  '/api/contact',
  '/api/settings',
  '/update',
  '/rss.xml',
  '/sitemap.xml',
  '/robots.txt',
]

/** Whether a rule's pattern (with :placeholders and a trailing *) matches a path. */
const matches = (pattern: string, path: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:\w+/g, '[^/]+')
      .replace(/\*$/, '.*')}$`,
  ).test(path)

describe('public/_redirects', () => {
  it('has rules, each a path to a path with a redirect status', () => {
    expect(rules.length).toBeGreaterThan(0)
    for (const rule of rules) {
      expect(rule.from, `line ${rule.line}`).toMatch(/^\/\S*$/)
      expect(rule.to, `line ${rule.line}`).toMatch(/^(\/|https:\/\/)\S*$/)
      expect([301, 302, 303, 307, 308], `line ${rule.line}`).toContain(rule.status)
    }
  })

  it('takes no address the site serves', () => {
    for (const rule of rules)
      for (const path of served)
        expect(matches(rule.from, path), `line ${rule.line} takes ${path}`).toBe(false)
  })

  it('has no chains: no rule sends to another rule’s old address', () => {
    for (const rule of rules) {
      const target = rule.to.split('#')[0]!.replace(/:\w+/g, 'x')
      for (const other of rules)
        expect(matches(other.from, target), `line ${rule.line} → line ${other.line}`).toBe(false)
    }
  })

  it('stays inside the platform’s limits', () => {
    const dynamic = rules.filter((rule) => /[:*]/.test(rule.from))
    expect(dynamic.length).toBeLessThanOrEqual(100)
    expect(rules.length - dynamic.length).toBeLessThanOrEqual(2000)
  })

  it('would catch a rule that takes a page', () => {
    expect(matches('/blog', '/blog')).toBe(true)
    expect(matches('/post/:slug', '/post/x')).toBe(true)
    expect(matches('/post/:slug', '/post')).toBe(false)
  })
})
