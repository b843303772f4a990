import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { PUBLIC_ROUTES } from '../../support/routes'
import { cspNonce, expectBaselineSecurityHeaders, scriptSrc } from '../../support/security-headers'
import { ORIGIN } from '../support'

describe('security headers on every worker response', () => {
  for (const path of [...PUBLIC_ROUTES, '/no-such-page', '/robots.txt', '/api/settings']) {
    it(`${path} carries CSP, HSTS, nosniff, Referrer-Policy and Permissions-Policy`, async () => {
      const res = await SELF.fetch(ORIGIN + path)
      await res.arrayBuffer()
      expectBaselineSecurityHeaders(res.headers, path)
    })
  }

  for (const path of PUBLIC_ROUTES) {
    it(`${path}: each response has its own nonce, and every script in the HTML carries it`, async () => {
      const [a, b] = await Promise.all([SELF.fetch(ORIGIN + path), SELF.fetch(ORIGIN + path)])
      const nonceA = cspNonce(a.headers)
      const nonceB = cspNonce(b.headers)
      expect(nonceA).toMatch(/^[A-Za-z0-9+/=_-]{16,}$/)
      expect(nonceB).not.toBe(nonceA)
      expect(scriptSrc(a.headers.get('Content-Security-Policy') ?? '')).toContain(`'nonce-${nonceA}'`)
      const html = await a.text()
      await b.arrayBuffer()
      // Executable scripts (not JSON data blocks) must all carry this response's nonce.
      const tags = [...html.matchAll(/<script\b(?![^>]*type="application\/(?:ld\+)?json")[^>]*>/g)].map(
        (m) => m[0],
      )
      for (const tag of tags) expect(tag).toContain(`nonce="${nonceA}"`)
      expect(html).not.toMatch(/\son[a-z]+="/i)
    })
  }
})
