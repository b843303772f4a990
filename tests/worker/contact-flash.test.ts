/**
 * The no-JavaScript path: a native form post gets a 303 back to the contact section, and the
 * outcome (or the field errors with the values kept) travels in a one-shot HttpOnly cookie,
 * never in the URL.
 */
import { SELF } from 'cloudflare:test'
import { Hono } from 'hono'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ClientNeeds, RenderContext, type RenderState } from '../../src/components/RenderContext'
import { ContactSection } from '../../src/components/sections/ContactSection'
import { home } from '../../src/content/home'
import type { AppEnv } from '../../src/env'
import type { ContactFlash } from '../../src/schemas/contact'
import { readContactFlash } from '../../src/server/contact-flash'
import { freshIp, ORIGIN, postContact, validContact } from './contact-support'

const FORM = 'application/x-www-form-urlencoded'

function postForm(fields: Record<string, string>, ip = freshIp()) {
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
const reader = new Hono<AppEnv>().get('/', (c) => c.json(readContactFlash(c)))
async function readFlash(cookie: string) {
  const res = await reader.request('https://example.com/', { headers: { Cookie: cookie } })
  return (await res.json()) as { flash?: ContactFlash; setCookie?: string }
}

function renderSection(flash?: ContactFlash): string {
  const state = {
    nonce: 'n',
    view3dUrl: '',
    contactFlash: flash,
    origin: ORIGIN,
    needs: new ClientNeeds(),
    assets: { styles: '', islands: '', enhance: '', dev: true },
  } satisfies RenderState
  return renderToString(
    createElement(RenderContext.Provider, { value: state }, createElement(ContactSection, home.contact)),
  )
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
    expect(cookie).toMatch(/^contact_flash=1\.[\w-]+; Max-Age=60; Path=\/; HttpOnly; Secure; SameSite=Lax$/)
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
    const ip = freshIp()
    for (let i = 0; i < 5; i++) expect((await postForm(validContact(), ip)).status).toBe(303)
    const contact = validContact()
    const res = await postForm(contact, ip)
    expect(res.headers.get('Location')).toBe('/?contact=error#sec-contact')
    const { time: _time, ...values } = contact
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
    expect(res.headers.getSetCookie()).toEqual([
      'contact_flash=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax',
    ])
    // Shown once: a cached copy would replay an old result (and the values kept in it).
    expect(res.headers.get('Cache-Control')).toBe('no-store')
  })

  it.each(['garbage', '1.', '9.abc', '1.' + btoa('{"status":"hacked"}'), '1.' + btoa('{"status":"error"}')])(
    'ignores an altered cookie (%s) and still clears it',
    async (value) => {
      const { flash, setCookie } = await readFlash(`contact_flash=${value}`)
      expect(flash).toBeUndefined()
      expect(setCookie).toContain('Max-Age=0')
    },
  )

  it('leaves responses alone when there is no flash', async () => {
    expect(await readFlash('other=1')).toEqual({})
  })
})

describe('the contact section', () => {
  it('renders the form with the four fields, types and limits, and no notice by default', () => {
    const html = renderSection()
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

  it('shows the success of a native post', () => {
    const html = renderSection({ status: 'sent' })
    expect(html).toMatch(/role="status"[^>]*>.*Success.*Your message has been sent successfully!/)
  })

  it('shows each error next to its field, linked for assistive technology, with the values escaped', () => {
    const html = renderSection({
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

  it('shows a server-side error message with the values kept', () => {
    const html = renderSection({
      status: 'error',
      values: { name: 'Ada', email: 'ada@example.com', phone: '1', inquiry: 'Hello' },
      message: 'Failed to send message. Please try again.',
    })
    expect(html).toMatch(/role="alert"[^>]*>.*Error.*Failed to send message\. Please try again\./)
    expect(html).toContain('value="ada@example.com"')
  })
})
