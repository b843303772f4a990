/**
 * What a deployed build does that development does not, and the admin review's rules on
 * requests: plain http is moved to https (loopback excepted), no Basic challenge ever goes out
 * over http, the admin's form posts must show they come from this site, and a flash cookie that
 * is not ours neither shows anything nor keeps a page out of the cache.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import type { Bindings } from '../../../src/env'
import { app } from '../../../src/worker'
import { ADMIN_AUTH, ADMIN_COOKIE, env, ORIGIN, uniqueIpv4 } from '../support'

const production: Bindings = { ...env, APP_ENV: undefined }

async function request(url: string, init: RequestInit = {}, bindings: Bindings = production) {
  const ctx = createExecutionContext()
  const response = await app.request(url, { redirect: 'manual', ...init }, bindings, ctx)
  const body = await response.text()
  await waitOnExecutionContext(ctx)
  return { response, body }
}

describe('a deployed build (no APP_ENV) runs as production', () => {
  it.each(['/', '/about-us?x=1', '/update', '/admin', '/api/settings'])(
    'answers http://example.com%s with a 308 to the same address on https',
    async (path) => {
      const { response } = await request(`http://example.com${path}`, {
        headers: { Authorization: ADMIN_AUTH },
      })
      expect(response.status).toBe(308)
      expect(response.headers.get('Location')).toBe(`https://example.com${path}`)
      // Never a Basic challenge over plain http, and the redirect itself tells browsers to stay on https.
      expect(response.headers.get('WWW-Authenticate')).toBeNull()
      expect(response.headers.get('Strict-Transport-Security')).toMatch(/max-age=\d+/)
    },
  )

  it('serves plain http on loopback hosts, as npm run preview and the browser tests use it', async () => {
    for (const origin of ['http://127.0.0.1:8787', 'http://localhost:8787']) {
      const { response } = await request(`${origin}/about-us`)
      expect(response.status, origin).toBe(200)
    }
  })

  it('leaves http alone under npm run dev', async () => {
    const { response } = await request(
      'http://dev.example.test/about-us',
      {},
      { ...env, APP_ENV: 'development' },
    )
    expect(response.status).toBe(200)
  })

  it('shows no stack trace and no X-Page-Cache header', async () => {
    const { response, body } = await request(`${ORIGIN}/about-us`)
    expect(response.headers.get('X-Page-Cache')).toBeNull()
    expect(body).not.toContain('<pre')
  })
})

describe('the admin form posts', () => {
  const form = (headers: Record<string, string>) =>
    request(
      `${ORIGIN}/update`,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Cookie: ADMIN_COOKIE,
          'CF-Connecting-IP': uniqueIpv4(),
          ...headers,
        },
        body: 'view3dUrl=https%3A%2F%2Fviewer.example.org%2F',
      },
      env,
    )

  it('are refused with neither Origin nor Sec-Fetch-Site, even with the right credentials', async () => {
    const { response } = await form({})
    expect(response.status).toBe(403)
    expect(response.headers.get('WWW-Authenticate')).toBeNull()
  })

  it('go through with either one saying they are ours, sent from the console page', async () => {
    const page = { Referer: `${ORIGIN}/update` }
    expect((await form({ Origin: ORIGIN, ...page })).response.status).toBe(303)
    expect((await form({ 'Sec-Fetch-Site': 'same-origin', ...page })).response.status).toBe(303)
  })
})

describe('a flash cookie that is not ours', () => {
  it('shows nothing, is cleared, and does not keep the page out of the page cache', async () => {
    const first = await request(`${ORIGIN}/`, {}, env)
    expect(first.response.status).toBe(200)
    const forged = `__Host-contact_flash=${encodeURIComponent('1.abcd1234.eyJzdGF0dXMiOiJzZW50In0.forged')}`
    const next = await request(`${ORIGIN}/`, { headers: { Cookie: forged } }, env)
    expect(next.response.headers.get('X-Page-Cache')).toBe('hit')
    expect(next.response.headers.getSetCookie()).toEqual([
      '__Host-contact_flash=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax',
    ])
    expect(next.response.headers.get('Cache-Control')).not.toBe('no-store')
    expect(next.body).not.toContain('Your message has been sent successfully!')
  })
})
