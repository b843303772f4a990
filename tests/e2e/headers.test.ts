import { describe, expect, it } from 'vitest'
import { expectBaselineSecurityHeaders } from '../support/security-headers'
import { baseUrl } from './server'

/** Static assets never reach the worker; public/_headers must give them the same protection. */
describe('static assets served by Workers Static Assets', () => {
  it('hashed JS and CSS are immutable and carry the security headers', async () => {
    const html = await (await fetch(baseUrl + '/')).text()
    const css = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1]
    const js = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    expect(css).toBeTruthy()
    expect(js).toBeTruthy()
    for (const path of [css!, js!]) {
      const res = await fetch(baseUrl + path)
      expect(res.status).toBe(200)
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
      expectBaselineSecurityHeaders(res.headers, path)
    }
  })

  it('public files (favicon) carry the security headers', async () => {
    const res = await fetch(baseUrl + '/favicon.svg')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toContain('image/svg+xml')
    expectBaselineSecurityHeaders(res.headers, '/favicon.svg')
  })

  it('the build manifest is not deployed', async () => {
    const res = await fetch(baseUrl + '/.vite/manifest.json')
    expect(res.status).toBe(404)
  })
})

/** public/_redirects: old addresses answered by Workers Static Assets before the worker runs. */
describe('redirects', () => {
  it('sends an old address to its page with a 301, and the page answers there', async () => {
    const old = await fetch(baseUrl + '/blog/blog-1', { redirect: 'manual' })
    expect(old.status).toBe(301)
    expect(new URL(old.headers.get('Location')!, baseUrl).pathname).toBe('/blog-1')
    const followed = await fetch(baseUrl + '/blog/blog-1')
    expect(followed.status).toBe(200)
    expect(new URL(followed.url).pathname).toBe('/blog-1')
  })

  it('is not deployed as a file', async () => {
    expect((await fetch(baseUrl + '/_redirects')).status).toBe(404)
  })
})

/** Each post's social card is built and served like the other built images. */
describe('social cards', () => {
  it('the card a post names is a JPEG served immutable', async () => {
    const html = await (await fetch(baseUrl + '/blog-1')).text()
    const card = /<meta property="og:image" content="[^"]*(\/assets\/[\w-]+-og\.jpg)"/.exec(html)?.[1]
    expect(card).toBeTruthy()
    const res = await fetch(baseUrl + card!)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('image/jpeg')
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
  })
})
