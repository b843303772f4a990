/**
 * The /update admin page: the console's session, what it renders, and the no-JavaScript form post.
 */
import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { external } from '../../../src/content/external'
import { VIEWER_URL_PATH } from '../../../src/schemas/settings'
import { pageRoutes } from '../../../src/pages/page-table'
import {
  ADMIN,
  ADMIN_AUTH,
  ADMIN_COOKIE,
  callApp,
  uniqueIpv4,
  env,
  newDatabase,
  ORIGIN,
  NEW_URL,
} from '../support'
import { forgetViewerUrlAroundEachTest } from '../support/app'

const escaped = (s: string) => s.replace(/&/g, '&amp;')

function formPost(value: string, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Cookie: ADMIN_COOKIE,
      Origin: ORIGIN,
      'Sec-Fetch-Site': 'same-origin',
      Referer: `${ORIGIN}/update`,
      ...headers,
    },
    body: new URLSearchParams({ view3dUrl: value }).toString(),
  }
}

async function adminGet(path: string) {
  const response = await SELF.fetch(ORIGIN + path, { headers: { Cookie: ADMIN_COOKIE } })
  return { response, html: await response.text() }
}

forgetViewerUrlAroundEachTest()

describe('GET /update', () => {
  it('sends a browser without a session to the sign-in page, and back here afterwards', async () => {
    for (const authorization of [undefined, ADMIN_AUTH, `Bearer ${ADMIN.password}`]) {
      const headers: Record<string, string> = { 'CF-Connecting-IP': uniqueIpv4() }
      if (authorization) headers.Authorization = authorization
      const response = await SELF.fetch(ORIGIN + '/update', { headers, redirect: 'manual' })
      expect(response.status).toBe(303)
      expect(response.headers.get('Location')).toBe('/admin/sign-in?next=%2Fupdate')
      expect(await response.text()).not.toContain('<form')
    }
  })

  it('renders the one-field form for the admin: noindex, never cached, with the islands script', async () => {
    const { response, html } = await adminGet('/update')
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(response.headers.get('X-Robots-Tag')).toBe('noindex, nofollow')
    expect(html).toContain('<title>Update 3D Viewer URL</title>')
    expect(html).toMatch(/<h1[^>]*>Update 3D Viewer URL<\/h1>/)
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>')
    const inputs = [...html.matchAll(/<input\b[^>]*>/g)].map((m) => m[0])
    expect(inputs).toHaveLength(1)
    expect(inputs[0]).toMatch(/type="url"/)
    expect(inputs[0]).toMatch(/name="view3dUrl"/)
    expect(inputs[0]).toMatch(/required=""/)
    const form = /<form\b[^>]*>/.exec(html)?.[0]
    expect(form).toMatch(/method="post"/)
    expect(form).toMatch(/action="\/update"/)
    expect(html).toMatch(/<button type="submit"[^>]*>Update URL<\/button>/)
    expect(html).toContain('data-island="UpdateForm"')
    // Nothing stored yet: the field is empty and the page says which default the site uses.
    expect(inputs[0]).toMatch(/value=""/)
    expect(html).toContain(escaped(external.defaultViewerUrl))
  })

  it('prefills the field with the stored address', async () => {
    await env.SETTINGS.put(VIEWER_URL_PATH, NEW_URL)
    const { html } = await adminGet('/update')
    expect(html).toContain(`value="${escaped(NEW_URL)}"`)
  })

  it('is not in the route table, so neither in the sitemap nor the navigation', () => {
    expect(pageRoutes.map((r) => r.path)).not.toContain('/update')
  })

  it('without an admin password, its sign-in page says to set ADMIN_PASSWORD, and a password post gets 503', async () => {
    const page = await callApp('/admin/sign-in?next=%2Fupdate', {}, { ADMIN_PASSWORD: '' })
    expect(page.response.status).toBe(200)
    expect(page.body).toMatch(/Password sign-in is off: set ADMIN_PASSWORD/)
    expect(page.body).not.toContain('name="password"')
    const post = await callApp(
      '/admin/sign-in',
      {
        method: 'POST',
        headers: {
          Origin: ORIGIN,
          Referer: `${ORIGIN}/admin/sign-in`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ username: ADMIN.username, password: '' }).toString(),
      },
      { ADMIN_PASSWORD: '' },
    )
    expect(post.response.status).toBe(503)
    expect(post.response.headers.get('Set-Cookie')).toBeNull()
  })
})

describe('POST /update (the form without JavaScript)', () => {
  it('stores the address and redirects to a page that says so and shows it', async () => {
    const response = await SELF.fetch(ORIGIN + '/update', formPost(NEW_URL))
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/update?status=updated')
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBe(NEW_URL)

    const { html } = await adminGet('/update?status=updated')
    expect(html).toMatch(/role="status"/)
    expect(html).toContain('URL Updated')
    expect(html).toContain('The 3D viewer URL has been updated successfully in Firebase.')
    expect(html).toContain(`value="${escaped(NEW_URL)}"`)

    const api = await SELF.fetch(ORIGIN + '/api/settings')
    expect(await api.json()).toEqual({ view3dUrl: NEW_URL })
  })

  it('refuses an unsafe address and says the update failed', async () => {
    const response = await SELF.fetch(ORIGIN + '/update', formPost('javascript:alert(1)'))
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/update?status=invalid')
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBeNull()
    const { html } = await adminGet('/update?status=invalid')
    expect(html).toMatch(/role="alert"/)
    expect(html).toContain('Update Failed')
    expect(html).toContain('https:// or http://')
  })

  it('reports a store failure with the spec words', async () => {
    const db = await newDatabase({ secrets: ['right'] })
    const config = { FIREBASE_DATABASE_URL: db.url, FIREBASE_AUTH: 'wrong' }
    const { response } = await callApp('/update', formPost(NEW_URL), config)
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/update?status=failed')
    const { body } = await callApp('/update?status=failed', { headers: { Cookie: ADMIN_COOKIE } }, config)
    expect(body).toContain('Update Failed')
    expect(body).toContain('There was an error updating the URL. Please try again.')
  })

  it('ignores an unknown status', async () => {
    const { html } = await adminGet('/update?status=<script>')
    expect(html).not.toMatch(/role="(status|alert)"/)
    expect(html).not.toContain('<script>')
  })

  it('refuses a form posted from another site, even with the admin credentials', async () => {
    const foreign: Record<string, string>[] = [
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': '' },
    ]
    for (const headers of foreign) {
      const init = formPost(NEW_URL, headers)
      const response = await SELF.fetch(ORIGIN + '/update', init)
      expect(response.status).toBe(403)
    }
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBeNull()
  })

  it('refuses a post without a session: to the sign-in page, nothing stored', async () => {
    const response = await SELF.fetch(
      ORIGIN + '/update',
      formPost(NEW_URL, { Cookie: '', 'CF-Connecting-IP': uniqueIpv4() }),
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/admin/sign-in')
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBeNull()
  })

  it('answers 415 for a body that is not a form', async () => {
    const init = formPost(NEW_URL, { 'Content-Type': 'text/plain' })
    const response = await SELF.fetch(ORIGIN + '/update', init)
    expect(response.status).toBe(415)
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBeNull()
  })
})
