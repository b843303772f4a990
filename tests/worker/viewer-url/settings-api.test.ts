/**
 * /api/settings through the worker's front door, with the default backend (Workers KV).
 */
import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { external } from '../../../src/content/external'
import { VIEWER_URL_PATH } from '../../../src/schemas/settings'
import {
  ADMIN,
  ADMIN_AUTH,
  ADMIN_COOKIE,
  basic,
  callApp,
  captureConsole,
  uniqueIpv4,
  env,
  ORIGIN,
  putInit,
  NEW_URL,
} from '../support'
import { forgetViewerUrlAroundEachTest } from '../support/app'

async function put(init: RequestInit) {
  const response = await SELF.fetch(ORIGIN + '/api/settings', init)
  return { response, body: (await response.json()) as Record<string, unknown> }
}

async function effectiveUrl(): Promise<unknown> {
  const response = await SELF.fetch(ORIGIN + '/api/settings')
  return ((await response.json()) as { view3dUrl?: unknown }).view3dUrl
}

forgetViewerUrlAroundEachTest()

describe('GET /api/settings', () => {
  it('answers the default address when nothing is stored, publicly and briefly cacheable', async () => {
    const response = await SELF.fetch(ORIGIN + '/api/settings')
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toMatch(/^public, max-age=\d{1,2}$/)
    expect(await response.json()).toEqual({ view3dUrl: external.defaultViewerUrl })
  })

  it('answers the stored address when there is one', async () => {
    await env.SETTINGS.put(VIEWER_URL_PATH, NEW_URL)
    expect(await effectiveUrl()).toBe(NEW_URL)
  })
})

describe('PUT /api/settings as the admin', () => {
  it('stores the address in KV and answers it; the next read and the next page show it', async () => {
    expect(await effectiveUrl()).toBe(external.defaultViewerUrl) // warms the cache with the old value
    const { response, body } = await put(putInit(NEW_URL))
    expect(response.status).toBe(200)
    expect(body).toEqual({ ok: true, view3dUrl: NEW_URL })
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBe(NEW_URL)
    expect(await effectiveUrl()).toBe(NEW_URL)
    const page = await SELF.fetch(ORIGIN + '/update', { headers: { Cookie: ADMIN_COOKIE } })
    expect(await page.text()).toContain(`value="${NEW_URL.replace(/&/g, '&amp;')}"`)
  })

  it('trims the address before storing it', async () => {
    const { response, body } = await put(putInit(`  ${NEW_URL}\n`))
    expect(response.status).toBe(200)
    expect(body.view3dUrl).toBe(NEW_URL)
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBe(NEW_URL)
  })

  it('accepts a same-origin browser request (Origin and Sec-Fetch-Site of this site)', async () => {
    const { response } = await put(putInit(NEW_URL, { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' }))
    expect(response.status).toBe(200)
  })
})

describe('PUT /api/settings refusals', () => {
  const refusals: [string, Record<string, string>][] = [
    ['no credentials', {}],
    ['a wrong password', { Authorization: basic(ADMIN.username, 'wrong-password') }],
    ['a wrong user name', { Authorization: basic('root', ADMIN.password) }],
    ['another scheme (Digest)', { Authorization: `Digest username="${ADMIN.username}"` }],
    ['a Bearer token while API tokens are off', { Authorization: `Bearer ${'k'.repeat(40)}` }],
    ['a malformed Basic header', { Authorization: 'Basic not-base64!' }],
  ]
  for (const [name, headers] of refusals) {
    it(`answers 401 with a Basic challenge for ${name}, and stores nothing`, async () => {
      const { response, body } = await put({
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': uniqueIpv4(), ...headers },
        body: JSON.stringify({ view3dUrl: NEW_URL }),
      })
      expect(response.status).toBe(401)
      expect(response.headers.get('WWW-Authenticate')).toMatch(/^Basic realm="[^"]+"/)
      expect(body.error).toMatch(/admin username and password/)
      expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBeNull()
    })
  }

  it('refuses a request from another site with 403, even with valid credentials', async () => {
    const foreign: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site', Origin: 'https://shop.example.com' },
    ]
    for (const headers of foreign) {
      const { response, body } = await put(putInit(NEW_URL, headers))
      expect(response.status).toBe(403)
      expect(body.error).toMatch(/Cross-origin/)
    }
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBeNull()
  })

  const badUrls: [string, unknown, RegExp][] = [
    ['empty', '', /required/],
    ['blank', '   ', /required/],
    ['missing', undefined, /required/],
    ['not a string', 42, /required/],
    ['null', null, /required/],
    ['javascript:', 'javascript:alert(document.cookie)', /https:\/\/ or http:\/\//],
    ['JavaScript: in mixed case', 'JaVaScRiPt:alert(1)', /https:\/\/ or http:\/\//],
    ['data:', 'data:text/html,<script>alert(1)</script>', /spaces|https:\/\/ or http:\/\//],
    ['data: without spaces', 'data:text/html;base64,PHNjcmlwdD4=', /https:\/\/ or http:\/\//],
    ['relative path', '/3d-viewer/?model=a.glb', /absolute/],
    ['protocol-relative', '//viewer.example.com/', /absolute/],
    ['a bare host', 'viewer.example.com', /absolute/],
    ['ftp:', 'ftp://viewer.example.com/', /https:\/\/ or http:\/\//],
    ['vbscript:', 'vbscript:msgbox(1)', /https:\/\/ or http:\/\//],
    ['with credentials', 'https://user:secret@viewer.example.com/', /user name or password/],
    ['with a space', 'https://viewer.example.com/a b', /spaces/],
    ['with a newline inside', 'https://viewer.example.com/\nx', /control characters|spaces/],
    ['with a tab in the scheme', 'java\tscript:alert(1)', /spaces|control/],
    ['over 2048 characters', 'https://viewer.example.com/?m=' + 'a'.repeat(2048), /2048/],
  ]
  for (const [name, value, message] of badUrls) {
    it(`answers 400 with a clear message for a URL that is ${name}`, async () => {
      const { response, body } = await put(putInit(value))
      expect(response.status).toBe(400)
      expect(body.error).toMatch(message)
      expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBeNull()
    })
  }

  it('accepts exactly 2048 characters', async () => {
    const url = 'https://viewer.example.com/?m=' + 'a'.repeat(2048 - 'https://viewer.example.com/?m='.length)
    expect(url).toHaveLength(2048)
    const { response } = await put(putInit(url))
    expect(response.status).toBe(200)
  })

  it('answers 400 for malformed JSON and for JSON that is not an object', async () => {
    for (const body of ['{"view3dUrl": ', '', 'null', '[]', '"https://viewer.example.com/"']) {
      const response = await SELF.fetch(ORIGIN + '/api/settings', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: ADMIN_AUTH },
        body,
      })
      expect(response.status, body).toBe(400)
      expect(((await response.json()) as { error: string }).error).toMatch(/JSON/)
    }
  })

  it('answers 415 for other content types (never 500)', async () => {
    const bodies: [string | undefined, string][] = [
      ['text/plain', JSON.stringify({ view3dUrl: NEW_URL })],
      ['application/x-www-form-urlencoded', `view3dUrl=${encodeURIComponent(NEW_URL)}`],
      [undefined, JSON.stringify({ view3dUrl: NEW_URL })],
    ]
    for (const [type, body] of bodies) {
      const headers: Record<string, string> = { Authorization: ADMIN_AUTH }
      if (type) headers['Content-Type'] = type
      const response = await SELF.fetch(ORIGIN + '/api/settings', { method: 'PUT', headers, body })
      expect(response.status, String(type)).toBe(415)
      expect(((await response.json()) as { error: string }).error).toMatch(/application\/json/)
    }
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBeNull()
  })

  it('answers 413 for an oversized body', async () => {
    const { response } = await put(putInit('https://viewer.example.com/?m=' + 'a'.repeat(20_000)))
    expect(response.status).toBe(413)
  })

  it('answers 405 for other methods', async () => {
    const response = await SELF.fetch(ORIGIN + '/api/settings', {
      method: 'DELETE',
      headers: { Authorization: ADMIN_AUTH },
    })
    expect(response.status).toBe(405)
    expect(response.headers.get('Allow')).toContain('PUT')
  })

  it('refuses writes with 503 naming ADMIN_PASSWORD when no admin password is configured', async () => {
    for (const password of [undefined, '']) {
      const { response, body } = await callApp('/api/settings', putInit(NEW_URL), {
        ADMIN_PASSWORD: password,
      })
      expect(response.status).toBe(503)
      expect(JSON.parse(body).error).toMatch(/ADMIN_PASSWORD/)
    }
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBeNull()
  })

  it('uses ADMIN_USERNAME when set', async () => {
    const overrides = { ADMIN_USERNAME: 'editor' }
    const refused = await callApp('/api/settings', putInit(NEW_URL), overrides)
    expect(refused.response.status).toBe(401)
    const init = putInit(NEW_URL, { Authorization: basic('editor', ADMIN.password) })
    const accepted = await callApp('/api/settings', init, overrides)
    expect(accepted.response.status).toBe(200)
  })
})

// The lockout itself: access.test.ts.
describe('failed admin sign-ins', () => {
  it('are logged without the password', async () => {
    const logs = captureConsole()
    const client = uniqueIpv4()
    await put(
      putInit(NEW_URL, { Authorization: basic('admin', 'hunter2-secret'), 'CF-Connecting-IP': client }),
    )
    expect(logs.find({ area: 'admin', message: 'failed sign-in' })).toEqual([
      { level: 'warn', area: 'admin', message: 'failed sign-in', client, path: '/api/settings' },
    ])
    expect(logs.text()).not.toContain('hunter2-secret')
  })
})

describe('PUT /api/settings with an API token (Bearer), for machines', () => {
  const TOKEN = `api-${'k'.repeat(40)}`
  const withToken = { SETTINGS_API_TOKEN: TOKEN }
  const bearer = (token: string, ip = uniqueIpv4()) => {
    const init = putInit(NEW_URL, { Authorization: `Bearer ${token}`, 'CF-Connecting-IP': ip })
    return init
  }

  it('stores the address with the right token and names "api token" in the history', async () => {
    const { response, body } = await callApp('/api/settings', bearer(TOKEN), withToken)
    expect(response.status).toBe(200)
    expect(JSON.parse(body)).toEqual({ ok: true, view3dUrl: NEW_URL })
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBe(NEW_URL)
    const change = await env.DB.prepare(
      'SELECT changed_by, source FROM settings_history ORDER BY id DESC LIMIT 1',
    ).first()
    expect(change).toEqual({ changed_by: 'api token', source: 'api' })
  })

  it('refuses a wrong token with 401 and a Bearer challenge, and stores nothing', async () => {
    const { response, body } = await callApp('/api/settings', bearer(`${TOKEN}x`), withToken)
    expect(response.status).toBe(401)
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer error="invalid_token"')
    expect(JSON.parse(body).error).toBe('The API token is not valid.')
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBeNull()
  })

  it('counts wrong tokens in the same guard as passwords, but the right token is never locked out', async () => {
    const ip = uniqueIpv4()
    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await callApp('/api/settings', bearer(`wrong-${i}-${TOKEN}`, ip), withToken)).response.status,
      )
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBeNull()
    const right = await callApp('/api/settings', bearer(TOKEN, ip), withToken)
    expect(right.response.status).toBe(200)
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBe(NEW_URL)
  })

  it('gets in during a guessing wave that has locked out every password (the global ceiling)', async () => {
    const waves = Array.from({ length: 10 }, async () => {
      const ip = uniqueIpv4()
      for (let i = 0; i < 5; i++) await callApp('/api/settings', bearer(`guess-${i}`, ip), withToken)
    })
    await Promise.all(waves)
    const password = await callApp(
      '/api/settings',
      putInit(NEW_URL, { 'CF-Connecting-IP': uniqueIpv4() }),
      withToken,
    )
    expect(password.response.status).toBe(429)
    const machine = await callApp('/api/settings', bearer(TOKEN), withToken)
    expect(machine.response.status).toBe(200)
  })

  it('a token under 32 characters turns tokens off: its Bearer is refused like any other scheme', async () => {
    const { response } = await callApp('/api/settings', bearer('short-token'), {
      SETTINGS_API_TOKEN: 'short-token',
    })
    expect(response.status).toBe(401)
    expect(response.headers.get('WWW-Authenticate')).toMatch(/^Basic realm=/)
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBeNull()
  })

  it('with a token but no admin password, a request without credentials is asked for the token', async () => {
    const init = putInit(NEW_URL)
    delete (init.headers as Record<string, string>).Authorization
    const { response, body } = await callApp('/api/settings', init, { ...withToken, ADMIN_PASSWORD: '' })
    expect(response.status).toBe(401)
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer')
    expect(JSON.parse(body).error).toMatch(/Authorization: Bearer/)
    const ok = await callApp('/api/settings', bearer(TOKEN), { ...withToken, ADMIN_PASSWORD: '' })
    expect(ok.response.status).toBe(200)
  })
})
