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
