import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'

describe('pages', () => {
  it('streams the home page with a nonce on every script', async () => {
    const res = await SELF.fetch('https://example.com/')
    expect(res.status).toBe(200)
    const csp = res.headers.get('Content-Security-Policy') ?? ''
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
    const html = await res.text()
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true)
    const scripts = [...html.matchAll(/<script(?![^>]*type="application\/(?:json|ld\+json)")[^>]*>/g)]
    expect(scripts.length).toBeGreaterThan(0)
    for (const [tag] of scripts) expect(tag).toContain(`nonce="${nonce}"`)
  })

  it('answers unknown paths with the 404 page and status 404', async () => {
    const res = await SELF.fetch('https://example.com/no-such-page')
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('Oops! Page not found')
  })
})
