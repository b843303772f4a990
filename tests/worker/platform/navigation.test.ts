import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { PUBLIC_ROUTES } from '../../support/routes'
import { adminGet, callApp, ORIGIN } from '../support'

const RULES_TAG = /<script type="speculationrules" nonce="([^"]+)">([^<]*)<\/script>/

interface PrerenderRule {
  source: string
  eagerness: string
  where: { and: Record<string, unknown>[] }
}

function rulesOf(html: string): { prerender: PrerenderRule[] } | undefined {
  const match = RULES_TAG.exec(html)
  return match ? JSON.parse(match[2]!) : undefined
}

/** Every href_matches pattern the rules exclude with `not`. */
function excludedPatterns(rule: PrerenderRule): string[] {
  return rule.where.and.flatMap((clause) => {
    const not = clause.not as { href_matches?: string | string[] } | undefined
    return not?.href_matches ? [not.href_matches].flat() : []
  })
}

/** What a URL pattern of the rules matches, for the simple patterns they use (`*` and `\?`). */
function matches(pattern: string, path: string): boolean {
  const source = pattern
    .split(/(\\\?|\*)/)
    .map((part) => (part === '*' ? '.*' : part === '\\?' ? '\\?' : part.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('')
  return new RegExp(`^${source}$`).test(path)
}

describe('speculation rules: public pages prerender their links on intent', () => {
  for (const path of PUBLIC_ROUTES) {
    it(`${path} carries the rules with its nonce, as JSON`, async () => {
      const res = await SELF.fetch(ORIGIN + path)
      const html = await res.text()
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get('Content-Security-Policy') ?? '')?.[1]
      expect(RULES_TAG.exec(html)?.[1]).toBe(nonce)
      const rules = rulesOf(html)
      expect(rules?.prerender).toHaveLength(1)
      expect(rules?.prerender[0]).toMatchObject({ source: 'document', eagerness: 'moderate' })
    })
  }

  it('never prerenders the console, /update, the APIs, feeds or new-tab and download links', async () => {
    const rule = rulesOf(await (await SELF.fetch(ORIGIN + '/')).text())!.prerender[0]!
    const excluded = excludedPatterns(rule)
    for (const path of [
      '/admin',
      '/admin/leads',
      '/admin?x=1',
      '/update',
      '/update?x=1',
      '/api/contact',
      '/rss.xml',
      '/sitemap.xml',
      '/robots.txt',
      '/admin/leads.csv',
    ])
      expect(
        excluded.some((pattern) => matches(pattern, path)),
        path,
      ).toBe(true)
    for (const path of ['/about-us', '/blog', '/blog-1', '/privacy-policy', '/', '/try-on'])
      expect(
        excluded.some((pattern) => matches(pattern, path)),
        path,
      ).toBe(false)
    const selectors = rule.where.and.map(
      (clause) => (clause.not as { selector_matches?: string })?.selector_matches,
    )
    expect(selectors.join(' ')).toMatch(/\[target=_blank\].*\[download\]/)
  })

  it('console pages, /update and the 404 page carry no rules', async () => {
    const pages = [
      await adminGet('/admin'),
      await adminGet('/admin/leads'),
      await adminGet('/update'),
      await callApp('/no-such-page'),
    ]
    for (const { response, body } of pages) {
      expect(response.headers.get('Content-Type')).toContain('text/html')
      expect(body).toContain('</html>')
      expect(body).not.toContain('speculationrules')
    }
  })
})

describe('early hints: HTML answers name the stylesheet and the hero poster in Link', () => {
  for (const path of PUBLIC_ROUTES) {
    it(`${path}: Link preloads the stylesheet the page links, on a miss and on a cache hit`, async () => {
      for (let visit = 0; visit < 2; visit++) {
        const res = await SELF.fetch(ORIGIN + path)
        const html = await res.text()
        const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1]
        expect(stylesheet).toBeTruthy()
        expect(res.headers.get('Link')).toContain(`<${stylesheet}>; rel=preload; as=style`)
      }
    })
  }

  it('/ preloads its hero poster in Link exactly as the page does, with high priority', async () => {
    const res = await SELF.fetch(ORIGIN + '/')
    const tag = /<link[^>]*fetchPriority="high"[^>]*>/.exec(await res.text())?.[0] ?? ''
    expect(tag).toContain('as="image"')
    const link = res.headers.get('Link') ?? ''
    // The worker tests' build has no raster media, so the poster is its SVG; the production
    // build's AVIF srcset is checked by the browser test (tests/e2e/navigation.test.ts).
    const href = /href="([^"]+)"/.exec(tag)?.[1]
    expect(link).toContain(`<${href}>; rel=preload; as=image; fetchpriority=high`)
    // Same-origin only, which the CSP's style-src and img-src 'self' allow.
    for (const [, url] of link.matchAll(/<([^>]+)>/g)) expect(url).toMatch(/^\/[^/]/)
  })

  it('a page without a hero preloads the stylesheet only', async () => {
    const link = (await SELF.fetch(ORIGIN + '/privacy-policy')).headers.get('Link') ?? ''
    expect(link.split(', <')).toHaveLength(1)
    expect(link).not.toContain('as=image')
  })
})
