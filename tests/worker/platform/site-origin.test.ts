/**
 * SITE_ORIGIN: one canonical origin for every absolute URL the site writes, and noindex on every
 * other host (workers.dev, previews); without it, the request's own origin as before.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { Bindings } from '../../../src/env'
import { app } from '../../../src/worker'
import { env, ORIGIN } from '../support'

const SITE = 'https://www.xr-stores.example'
const withSite: Partial<Bindings> = { SITE_ORIGIN: SITE }

async function get(url: string, overrides: Partial<Bindings> = {}) {
  const ctx = createExecutionContext()
  const response = await app.request(url, {}, { ...env, ...overrides }, ctx)
  const body = await response.text()
  await waitOnExecutionContext(ctx)
  return { response, body }
}

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]
const ogUrlOf = (html: string) => /<meta property="og:url" content="([^"]+)"/.exec(html)?.[1]
const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!) as {
    url: string
    image: string
  }

describe('with SITE_ORIGIN', () => {
  it('names it in the canonical, og:url and JSON-LD of a page reached on another host, which is noindex', async () => {
    const { response, body } = await get(`${ORIGIN}/blog-1`, withSite)
    expect(response.status).toBe(200)
    expect(response.headers.get('X-Robots-Tag')).toBe('noindex')
    expect(canonicalOf(body)).toBe(`${SITE}/blog-1`)
    expect(ogUrlOf(body)).toBe(`${SITE}/blog-1`)
    expect(jsonLdOf(body)).toMatchObject({ url: `${SITE}/blog-1`, image: expect.stringMatching(`^${SITE}/`) })
    expect(body).not.toContain(ORIGIN)
  })

  it('is indexable on its own host', async () => {
    const { response, body } = await get(`${SITE}/about-us`, withSite)
    expect(response.headers.get('X-Robots-Tag')).toBeNull()
    expect(canonicalOf(body)).toBe(`${SITE}/about-us`)
  })

  it('writes the sitemap, robots.txt and the feed with it, on any host', async () => {
    const sitemap = await get('https://xr-stores-site.someone.workers.dev/sitemap.xml', withSite)
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
    expect(locs.length).toBeGreaterThan(5)
    for (const loc of locs) expect(loc.startsWith(`${SITE}/`)).toBe(true)
    expect(sitemap.response.headers.get('X-Robots-Tag')).toBe('noindex')

    const robots = await get(`${ORIGIN}/robots.txt`, withSite)
    expect(robots.body).toContain(`Sitemap: ${SITE}/sitemap.xml`)

    const feed = await get(`${ORIGIN}/rss.xml`, withSite)
    const links = [...feed.body.matchAll(/<link>([^<]+)<\/link>/g)].map((m) => m[1]!)
    expect(links).toContain(`${SITE}/blog`)
    expect(links).toContain(`${SITE}/blog-1`)
    expect(feed.body).not.toContain(ORIGIN)
  })

  it('keeps the stronger noindex, nofollow of the console and marks a foreign 404 noindex too', async () => {
    const admin = await get(`${ORIGIN}/admin`, withSite)
    expect(admin.response.headers.get('X-Robots-Tag')).toBe('noindex, nofollow')
    const missing = await get(`${ORIGIN}/no-such-page`, withSite)
    expect(missing.response.status).toBe(404)
    expect(missing.response.headers.get('X-Robots-Tag')).toBe('noindex')
  })

  it('ignores a value that is not an https origin, as if unset', async () => {
    const { response, body } = await get(`${ORIGIN}/about-us`, {
      SITE_ORIGIN: 'http://www.xr-stores.example',
    })
    expect(response.headers.get('X-Robots-Tag')).toBeNull()
    expect(canonicalOf(body)).toBe(`${ORIGIN}/about-us`)
  })
})

describe('without SITE_ORIGIN (locally and in these tests)', () => {
  it('uses the request origin and marks nothing noindex', async () => {
    const { response, body } = await get(`${ORIGIN}/about-us`)
    expect(response.headers.get('X-Robots-Tag')).toBeNull()
    expect(canonicalOf(body)).toBe(`${ORIGIN}/about-us`)
  })
})
