/**
 * The no-JavaScript path: a native form post gets a 303 back to the contact section, and the
 * outcome (or the field errors with the values kept) travels in one-shot HttpOnly cookies, never
 * in the URL: HMAC-signed, __Host- on https, every chunk cleared once read.
 */
import { posts } from '../../../src/content/pages/blog'
import { defaultSiteCopy } from '../../../src/content/site-copy'
import { SELF } from 'cloudflare:test'
import { createElement } from 'react'
import { prerender } from 'react-dom/static'
import { describe, expect, it, vi } from 'vitest'
import { ClientNeeds, RenderContext, type RenderState } from '../../../src/components/RenderContext'
import { ContactSection } from '../../../src/components/sections/ContactSection'
import { home } from '../../../src/content/home'
import type { ContactFlash } from '../../../src/schemas/contact'
import { readContactFlash } from '../../../src/server/leads/render/contact-flash'
import { env, probeApp, uniqueIpv4, ORIGIN, postContact, validContact } from '../support'
import { nav } from '../../../src/content/nav'
import { site } from '../../../src/content/site'
import { ui } from '../../../src/content/ui'

const FORM = 'application/x-www-form-urlencoded'

function postForm(fields: Record<string, string>, ip = uniqueIpv4()) {
  return postContact(new URLSearchParams(fields).toString(), { contentType: FORM, ip })
}

/** The `name=value` pairs a browser would send back from the response's Set-Cookie headers. */
function cookieHeader(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

/** What the next page render reads from those cookies. */
const reader = probeApp().get('/', async (c) => c.json(await readContactFlash(c)))
async function readFlash(cookie: string, origin = ORIGIN) {
  const res = await reader.request(`${origin}/`, { headers: { Cookie: cookie } }, env)
  return (await res.json()) as { flash?: ContactFlash; setCookies: string[] }
}

const ATTRIBUTES = '; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax'

/** A native form post to a worker reached on another origin. */
async function callAppAt(origin: string, fields: Record<string, string>) {
  const { app } = await import('../../../src/worker')
  const response = await app.request(
    `${origin}/api/contact`,
    {
      method: 'POST',
      headers: { 'Content-Type': FORM, Origin: origin, 'CF-Connecting-IP': uniqueIpv4() },
      body: new URLSearchParams(fields).toString(),
    },
    { ...env, LEADS: { send: async () => undefined } as unknown as Queue<unknown> },
  )
  return { response }
}

/** The contact section as the worker renders it: its form island prerendered, as pages do (issue 58). */
async function renderSection(flash?: ContactFlash): Promise<string> {
  const state = {
    nonce: 'n',
    formToken: 'form-token-of-this-render',
    view3dUrl: '',
    contactFlash: flash,
    origin: ORIGIN,
    needs: new ClientNeeds(),
    assets: {
      styles: '',
      console: '',
      islands: '',
      enhance: '',
      passkeys: '',
      tools: '',
      vitals: '',
      dev: true,
    },
    content: { stamp: 0, copy: defaultSiteCopy, posts, pages: [], gonePages: [] },
    locale: 'en',
    alternates: [],
    localHref: (href: string) => href,
    chrome: { ui, nav, site },
  } satisfies RenderState
  const { prelude } = await prerender(
    createElement(RenderContext.Provider, { value: state }, createElement(ContactSection, home.contact)),
  )
  return new Response(prelude).text()
}

describe('a native form post', () => {
  it('is accepted with a 303 to the contact section and a one-shot HttpOnly cookie', async () => {
    const contact = validContact()
    const res = await postForm(contact)
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe('/?contact=sent#sec-contact')
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const [cookie, ...more] = res.headers.getSetCookie()
    expect(more).toEqual([])
    // __Host-: Secure, Path=/ and no Domain, so no subdomain can plant or read one.
    expect(cookie).toMatch(
      /^__Host-contact_flash=1\.[\w-]+\.\d{13}\.[\w-]+\.[\w%-]+; Max-Age=60; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    )
    expect(cookie).not.toMatch(/Domain=/i)
    expect((await readFlash(cookieHeader(res))).flash).toEqual({ status: 'sent' })
  })

  it('brings field errors and the typed values back, without putting them in the URL', async () => {
    const fields = { name: '<b>Ada</b>', email: 'ada@', phone: '', inquiry: 'Call me about "XR" & more' }
    const res = await postForm(fields)
    expect(res.status).toBe(303)
    const location = res.headers.get('Location')!
    expect(location).toBe('/?contact=invalid#sec-contact')
    expect((await readFlash(cookieHeader(res))).flash).toEqual({
      status: 'invalid',
      values: fields,
      errors: {
        name: 'Name contains characters that are not allowed',
        email: 'Invalid email address',
        phone: 'Phone number is required',
      },
    })
  })

  it('keeps long values in any script across several cookies', async () => {
    const fields = { name: '中村 花子', email: 'not-an-email', phone: '０９０', inquiry: '店'.repeat(1500) }
    const res = await postForm(fields)
    expect(res.headers.getSetCookie().length).toBeGreaterThan(1)
    for (const cookie of res.headers.getSetCookie()) expect(cookie.length).toBeLessThan(4096)
    const { flash } = await readFlash(cookieHeader(res))
    expect(flash).toEqual({ status: 'invalid', values: fields, errors: { email: 'Invalid email address' } })
  })

  it('still reports the errors when hand-made values are too large to keep', async () => {
    const fields = {
      name: '\u0001'.repeat(100),
      email: '\u0004'.repeat(254),
      phone: '\u0002'.repeat(40),
      inquiry: '\u0003'.repeat(1500),
    }
    const res = await postForm(fields)
    expect(res.status).toBe(303)
    expect(res.headers.getSetCookie().length).toBeLessThanOrEqual(4)
    const { flash } = await readFlash(cookieHeader(res))
    expect(flash).toMatchObject({
      status: 'invalid',
      values: { name: '', email: '', phone: '', inquiry: '' },
      errors: { email: 'Invalid email address', name: 'Name contains characters that are not allowed' },
    })
  })

  it('shows the rate-limit message, with the values kept, once a client passes the limit', async () => {
    const ip = uniqueIpv4()
    for (let i = 0; i < 5; i++) expect((await postForm(validContact(), ip)).status).toBe(303)
    const contact = validContact()
    const res = await postForm(contact, ip)
    expect(res.headers.get('Location')).toBe('/?contact=error#sec-contact')
    const { time: _time, formToken: _token, ...values } = contact
    expect((await readFlash(cookieHeader(res))).flash).toEqual({
      status: 'error',
      values,
      message: 'Too many messages from your connection. Please wait a minute and try again.',
    })
  })

  it('is a success-looking redirect for a bot filling the honeypot', async () => {
    const res = await postForm({ ...validContact(), website: 'https://spam.example' })
    expect(res.headers.get('Location')).toBe('/?contact=sent#sec-contact')
  })
})

describe('the next page render', () => {
  it('clears the flash cookie whatever page reads it', async () => {
    const posted = await postForm(validContact())
    const res = await SELF.fetch(`${ORIGIN}/no-such-page`, { headers: { Cookie: cookieHeader(posted) } })
    expect(res.headers.getSetCookie()).toEqual([`__Host-contact_flash=${ATTRIBUTES.replace('60', '0')}`])
    // Shown once: a cached copy would replay an old result (and the values kept in it).
    expect(res.headers.get('Cache-Control')).toBe('no-store')
  })

  it('clears every chunk cookie of a long flash once read', async () => {
    const fields = { name: '中村 花子', email: 'x', phone: '1', inquiry: '店'.repeat(1500) }
    const posted = await postForm(fields)
    const names = posted.headers.getSetCookie().map((cookie) => cookie.split('=')[0])
    expect(names).toEqual(['__Host-contact_flash', '__Host-contact_flash_1'])
    const res = await SELF.fetch(`${ORIGIN}/`, { headers: { Cookie: cookieHeader(posted) } })
    expect(res.headers.getSetCookie()).toEqual(
      names.map((name) => `${name}=${ATTRIBUTES.replace('60', '0')}`),
    )
    expect(await res.text()).toContain('中村 花子')
  })

  it('takes no prefix and no Secure flag on plain http (npm run preview on 127.0.0.1)', async () => {
    const { response } = await callAppAt('http://127.0.0.1:8787', validContact())
    const [cookie] = response.headers.getSetCookie()
    expect(cookie).toMatch(/^contact_flash=1\./)
    expect(cookie).not.toContain('Secure')
    expect((await readFlash(cookie!.split(';')[0]!, 'http://127.0.0.1:8787')).flash).toEqual({
      status: 'sent',
    })
  })

  it('ignores a flash that is not ours: unsigned, signed by another key, or chunks of two flashes mixed', async () => {
    const short = await postForm(validContact())
    const [head] = cookieHeader(short).split('; ')
    const value = decodeURIComponent(head!.split('=').slice(1).join('='))
    const unsigned = value.slice(0, value.lastIndexOf('.'))
    const forged = `${unsigned}.${btoa('x'.repeat(32)).replace(/=+$/, '')}=`
    for (const cookie of [
      `__Host-contact_flash=${unsigned}`,
      `__Host-contact_flash=${encodeURIComponent(forged)}`,
    ]) {
      const { flash, setCookies } = await readFlash(cookie)
      expect(flash).toBeUndefined()
      expect(setCookies[0]).toContain('Max-Age=0')
    }
    const first = await postForm({ name: '中村', email: 'x', phone: '1', inquiry: '店'.repeat(1500) })
    const second = await postForm({ name: '花子', email: 'y', phone: '2', inquiry: '本'.repeat(1500) })
    const [firstHead] = cookieHeader(first).split('; ')
    const [, secondTail] = cookieHeader(second).split('; ')
    const mixed = await readFlash(`${firstHead}; ${secondTail}`)
    expect(mixed.flash).toBeUndefined()
    expect(mixed.setCookies).toHaveLength(2)
  })

  it.each(['garbage', '1.', '9.abc', '1.' + btoa('{"status":"hacked"}'), '1.' + btoa('{"status":"error"}')])(
    'ignores an altered cookie (%s) and still clears it',
    async (value) => {
      const { flash, setCookies } = await readFlash(`__Host-contact_flash=${value}`)
      expect(flash).toBeUndefined()
      expect(setCookies).toEqual([`__Host-contact_flash=${ATTRIBUTES.replace('60', '0')}`])
    },
  )

  it('ignores a flash replayed after its minute, though ours and intact: the expiry is inside the signed value', async () => {
    const res = await postForm(validContact())
    const cookie = cookieHeader(res)
    expect((await readFlash(cookie)).flash).toEqual({ status: 'sent' })
    const realNow = Date.now.bind(Date)
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 61_000)
    const { flash, setCookies } = await readFlash(cookie)
    expect(flash).toBeUndefined()
    expect(setCookies[0]).toContain('Max-Age=0')
  })

  it('leaves responses alone when there is no flash', async () => {
    expect(await readFlash('other=1')).toEqual({ setCookies: [] })
  })
})

describe('the contact section', () => {
  it('renders the form with the four fields, types and limits, and no notice by default', async () => {
    const html = await renderSection()
    expect(html).toContain('id="sec-contact"')
    expect(html).toContain('Schedule call')
    const form = /<form[^>]*>/.exec(html)![0]
    expect(form).toContain('method="post"')
    expect(form).toContain('action="/api/contact"')
    expect(/<input[^>]*name="email"[^>]*>/.exec(html)![0]).toContain('type="email"')
    expect(/<input[^>]*name="phone"[^>]*>/.exec(html)![0]).toContain('type="tel"')
    expect(/<textarea[^>]*name="inquiry"[^>]*>/.exec(html)![0]).toMatch(/maxlength="1500"/i)
    expect(html).not.toContain('role="alert"')
    expect(html).not.toContain('aria-invalid')
  })

  it('shows the success of a native post', async () => {
    const html = await renderSection({ status: 'sent' })
    expect(html).toMatch(/role="status"[^>]*>.*Success.*Your message has been sent successfully!/)
  })

  it('shows each error next to its field, linked for assistive technology, with the values escaped', async () => {
    const html = await renderSection({
      status: 'invalid',
      values: { name: '<b>Ada</b>', email: 'ada@', phone: '', inquiry: 'Hi & bye' },
      errors: { email: 'Invalid email address', phone: 'Phone number is required' },
    })
    expect(html).toContain('value="&lt;b&gt;Ada&lt;/b&gt;"')
    expect(html).not.toContain('<b>Ada</b>')
    expect(html).toContain('Hi &amp; bye</textarea>')
    const email = /<input[^>]*name="email"[^>]*>/.exec(html)![0]
    expect(email).toContain('aria-invalid="true"')
    const describedBy = /aria-describedby="([^"]+)"/.exec(email)![1]
    expect(html).toMatch(new RegExp(`id="${describedBy}"[^>]*>Invalid email address<`))
    expect(html).toContain('Phone number is required')
    expect(/<input[^>]*name="name"[^>]*>/.exec(html)![0]).not.toContain('aria-invalid')
  })

  it('shows a server-side error message with the values kept', async () => {
    const html = await renderSection({
      status: 'error',
      values: { name: 'Ada', email: 'ada@example.com', phone: '1', inquiry: 'Hello' },
      message: 'Failed to send message. Please try again.',
    })
    expect(html).toMatch(/role="alert"[^>]*>.*Error.*Failed to send message\. Please try again\./)
    expect(html).toContain('value="ada@example.com"')
  })
})
