/**
 * The Schedule call form in Chromium on the production build, with the worker's EmailJS
 * settings pointing at the local fake (global-setup.ts): success, failures, validation, the
 * no-JavaScript post, the rate limit, and no EmailJS value anywhere the browser can see.
 *
 * The contact rate limit (5 per minute per client) is shared by every post in this file, so
 * only four posts reach the server before the last test exhausts the limit on purpose.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { LANDING_TEMPLATES } from '../../src/content/landing-templates'
import {
  sharedBrowser,
  adminPageForSetup,
  openPage,
  POLL,
  slowVisitor,
  SLOW_TEST,
  waitForIsland,
  untilFormIsOldEnough,
  waitForHydration,
} from './browser'
import { publishLandingPage } from './landing-pages'
import { roomInRateWindow } from '../support/rate-window'
import { baseUrl, emailjsUrl } from './server'

const EMAILJS_VALUES = ['e2e-public-key', 'e2e-service', 'e2e-template']
const browser = sharedBrowser()

interface Received {
  body: { template_params?: Record<string, string> } & Record<string, unknown>
  status: number
}

/** The e-mail the fake EmailJS accepted for this visitor name, once the queue has delivered it. */
async function deliveredEmail(name: string): Promise<Received> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const res = await fetch(`${emailjsUrl}/__received?service_id=e2e-service`)
    const found = ((await res.json()) as Received[]).find(
      (r) => r.status === 200 && r.body.template_params?.name === name,
    )
    if (found) return found
    if (Date.now() > deadline) throw new Error(`no e-mail for ${name}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

async function openContact(page: Page, javaScript = true) {
  await page.goto(baseUrl + '/#sec-contact')
  if (javaScript) await waitForHydration(page)
  return page.locator('#sec-contact')
}

function visitor(label: string) {
  const marker = `${label} ${Date.now()}`
  return {
    name: `Ada Lovelace (${marker})`,
    email: 'ada@example.com',
    phone: '+44 20 7946 0958',
    inquiry: `We sell handmade jewellery and want a 3D store. <b>Soon</b> & “quoted”. (${marker})`,
  }
}

async function fill(section: ReturnType<Page['locator']>, values: Record<string, string>) {
  await section.getByLabel('Name').fill(values.name ?? '')
  await section.getByLabel('Email').fill(values.email ?? '')
  await section.getByLabel('Phone').fill(values.phone ?? '')
  await section.getByLabel('Inquiry').fill(values.inquiry ?? '')
}

async function values(section: ReturnType<Page['locator']>) {
  return {
    name: await section.getByLabel('Name').inputValue(),
    email: await section.getByLabel('Email').inputValue(),
    phone: await section.getByLabel('Phone').inputValue(),
    inquiry: await section.getByLabel('Inquiry').inputValue(),
  }
}

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title })

describe('the Schedule call form with JavaScript', () => {
  it('sends, shows "Success", resets, and the e-mail reaches EmailJS with the exact body', async () => {
    const { page, problems } = await openPage(browser())
    const section = await openContact(page)
    const lead = visitor('success')
    const servedToken = await section.locator('input[name="formToken"]').getAttribute('value')
    await fill(section, lead)
    await untilFormIsOldEnough(section)

    // Hold the request until the button has been seen in its sending state.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/contact', async (route) => {
      await held
      await route.continue()
    })
    await section.getByRole('button', { name: 'Send' }).click()
    const sending = section.getByRole('button', { name: 'Sending...' })
    await sending.waitFor()
    expect(await sending.isDisabled()).toBe(true)
    release()

    await toast(page, 'Success').waitFor()
    expect(await toast(page, 'Success').textContent()).toContain('Your message has been sent successfully!')
    expect(await values(section)).toEqual({ name: '', email: '', phone: '', inquiry: '' })
    expect(await section.getByRole('button', { name: 'Send' }).isEnabled()).toBe(true)

    const email = await deliveredEmail(lead.name)
    expect(email.body).toEqual({
      lib_version: '4.4.1',
      user_id: 'e2e-public-key',
      service_id: 'e2e-service',
      template_id: 'e2e-template',
      template_params: {
        title: 'Schedule Call Request',
        name: lead.name,
        time: expect.stringMatching(/^\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}\s[AP]M$/),
        message: lead.inquiry,
        phone: lead.phone,
        email: lead.email,
      },
    })

    // A second message from the same page: the answer to the first carried the next form's token
    // (each token carries one post), so this one is a lead too, not a replay.
    await page.unroute('**/api/contact')
    const second = visitor('second message')
    await fill(section, second)
    expect(await section.locator('input[name="formToken"]').getAttribute('value')).not.toBe(servedToken)
    await untilFormIsOldEnough(section)
    await section.getByRole('button', { name: 'Send' }).click()
    // Spam is never e-mailed: the e-mail is the proof it was taken as a lead.
    expect((await deliveredEmail(second.name)).body.template_params?.message).toBe(second.inquiry)
    expect(await values(section)).toEqual({ name: '', email: '', phone: '', inquiry: '' })
    expect(problems).toEqual([])
  })

  it('shows the spec messages next to each field and sends nothing until they are fixed', async () => {
    const { page } = await openPage(browser())
    const section = await openContact(page)
    const posts: string[] = []
    page.on('request', (req) => {
      if (req.url().endsWith('/api/contact')) posts.push(req.method())
    })
    await section.getByRole('button', { name: 'Send' }).click()

    const expected = {
      Name: 'Name is required',
      Email: 'Invalid email address',
      Phone: 'Phone number is required',
      Inquiry: 'Please describe your inquiry',
    }
    // The rules load with the first focus, so the messages appear once they are there.
    for (const [label, message] of Object.entries(expected)) {
      const field = section.getByLabel(label)
      await expect.poll(() => field.getAttribute('aria-invalid'), POLL).toBe('true')
      const describedBy = await field.getAttribute('aria-describedby')
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(message)
    }
    await expect
      .poll(() => section.getByLabel('Name').evaluate((el) => el === document.activeElement), POLL)
      .toBe(true)

    await fill(section, { ...visitor('validation'), email: 'ada@' })
    await section.getByRole('button', { name: 'Send' }).click()
    await expect.poll(() => section.getByLabel('Email').getAttribute('aria-invalid'), POLL).toBe('true')
    await section.getByText('Invalid email address').waitFor({ state: 'visible' })
    expect(await section.getByLabel('Name').getAttribute('aria-invalid')).toBeNull()
    expect(posts).toEqual([])

    // On /de/ the same schema says its rules in German (issue 61 item 8), and still posts nothing.
    await page.goto(baseUrl + '/de/#sec-contact')
    await waitForHydration(page)
    const german = page.locator('#sec-contact')
    await german.getByRole('button', { name: 'Senden' }).click()
    const name = german.getByLabel('Name')
    await expect.poll(() => name.getAttribute('aria-invalid'), POLL).toBe('true')
    const describedBy = await name.getAttribute('aria-describedby')
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Bitte geben Sie Ihren Namen an')
    expect(posts).toEqual([])
  })

  it.each([
    ['a server error', 503],
    ['a network failure', 0],
  ])('shows "Error" on %s, logs it and keeps the values', async (_label, status) => {
    const { page, problems } = await openPage(browser())
    const section = await openContact(page)
    await page.route('**/api/contact', (route) =>
      status
        ? route.fulfill({ status, contentType: 'application/json', body: '{"error":"unavailable"}' })
        : route.abort('connectionreset'),
    )
    const lead = visitor('error')
    await fill(section, lead)
    await section.getByRole('button', { name: 'Send' }).click()
    await toast(page, 'Error').waitFor()
    expect(await toast(page, 'Error').textContent()).toContain('Failed to send message. Please try again.')
    expect(await values(section)).toEqual(lead)
    expect(problems.some((p) => p.includes('Failed to send message'))).toBe(true)
  })
})

describe('typing before the form’s script arrives (slow connection, slow phone)', () => {
  const LANDING = 'form-before-script'
  beforeAll(async () => {
    const { page, close } = await adminPageForSetup(browser())
    await publishLandingPage(page, {
      ...LANDING_TEMPLATES.blank,
      slug: LANDING,
      title: 'A page whose form is typed into early',
      description: 'A landing page with the contact form, for a visitor whose scripts come in late.',
    })
    await close()
  })

  it.each([
    // Each with a client address of its own: this file's other posts use up 127.0.0.1's allowance.
    ['the home page', '/#sec-contact', '198.51.100.71'],
    ['a landing page', `/${LANDING}`, '198.51.100.72'],
  ])('keeps and sends every field typed on %s', SLOW_TEST, async (_name, path, client) => {
    const { page, problems } = await openPage(browser(), { extraHTTPHeaders: { 'CF-Connecting-IP': client } })
    const slow = await slowVisitor(page)
    await page.goto(baseUrl + path, { waitUntil: 'commit' })
    const section = page.locator('section').filter({ has: page.getByRole('button', { name: 'Send' }) })
    const lead = visitor(`before the script on ${path}`)
    await fill(section, lead)
    // All of it was typed into the server's HTML: no script of the page has run yet.
    expect(slow.held()).toBeGreaterThan(0)
    expect(await page.locator('[data-island][data-hydrating]').count()).toBe(0)
    slow.release()
    await waitForIsland(page, 'ContactForm')
    expect(await values(section)).toEqual(lead)

    await untilFormIsOldEnough(section)
    await section.getByRole('button', { name: 'Send' }).click()
    await toast(page, 'Success').waitFor()
    const email = await deliveredEmail(lead.name)
    expect(email.body.template_params).toMatchObject({
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      message: lead.inquiry,
    })
    expect(await values(section)).toEqual({ name: '', email: '', phone: '', inquiry: '' })
    expect(problems).toEqual([])
  })
})

describe('toasts', () => {
  it('keep one at a time: a second notice replaces the first, and closing it brings none back', async () => {
    const { page } = await openPage(browser())
    const section = await openContact(page)
    // Both answers come from here, so this test does not count against the contact rate limit.
    const answers = [
      { status: 503, contentType: 'application/json', body: '{"error":"unavailable"}' },
      { status: 202, contentType: 'application/json', body: '{"ok":true}' },
    ]
    await page.route('**/api/contact', (route) => route.fulfill(answers.shift()!))
    const toasts = page.locator('[data-sonner-toast]')

    await fill(section, visitor('two notices'))
    await section.getByRole('button', { name: 'Send' }).click()
    await toast(page, 'Error').waitFor({ state: 'visible' })
    await section.getByRole('button', { name: 'Send' }).click()
    await toast(page, 'Success').waitFor({ state: 'visible' })
    await expect.poll(() => toasts.count(), POLL).toBe(1)
    expect(await toasts.textContent()).toContain('Your message has been sent successfully!')

    await toasts.getByRole('button', { name: /close/i }).click()
    await expect.poll(() => toasts.count(), POLL).toBe(0)
  })
})

describe('the Schedule call form without JavaScript', () => {
  it('posts natively, shows field errors with the values kept, then the result, once', async () => {
    const { page } = await openPage(browser(), { javaScriptEnabled: false })
    const section = await openContact(page, false)
    const lead = visitor('no-js')
    await fill(section, { ...lead, email: 'ada@' })
    await Promise.all([
      page.waitForURL('**/?contact=invalid#sec-contact'),
      section.getByRole('button', { name: 'Send' }).click(),
    ])
    expect(await section.getByRole('alert').textContent()).toContain('Error')
    expect(await section.getByLabel('Email').getAttribute('aria-invalid')).toBe('true')
    await section.getByText('Invalid email address').waitFor({ state: 'visible' })
    expect(await values(section)).toEqual({ ...lead, email: 'ada@' })

    await section.getByLabel('Email').fill(lead.email)
    await untilFormIsOldEnough(section)
    await Promise.all([
      page.waitForURL('**/?contact=sent#sec-contact'),
      section.getByRole('button', { name: 'Send' }).click(),
    ])
    const notice = section.getByRole('status')
    expect(await notice.textContent()).toContain('Your message has been sent successfully!')
    expect(await values(section)).toEqual({ name: '', email: '', phone: '', inquiry: '' })
    expect(page.url()).not.toContain('ada')

    const email = await deliveredEmail(lead.name)
    expect(email.body.template_params).toMatchObject({ message: lead.inquiry, email: lead.email })

    // One-shot: reloading shows the plain form again.
    await page.reload()
    expect(await section.getByRole('status').count()).toBe(0)
  })
})

describe('the EmailJS configuration', () => {
  it('appears in no built client asset and in no page the browser loads', async () => {
    const files = readdirSync('dist/client', { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) {
      const text = readFileSync(file, 'latin1')
      for (const value of EMAILJS_VALUES) expect(text, file).not.toContain(value)
    }
    const { page } = await openPage(browser())
    await openContact(page)
    const pages = [await page.content(), await (await fetch(baseUrl + '/')).text()]
    for (const html of pages) for (const value of EMAILJS_VALUES) expect(html).not.toContain(value)
  })
})

describe('the contact rate limit', () => {
  it("shows the server's 429 message and keeps the values", async () => {
    // A client address of this test's own: used up here, the shared 127.0.0.1's allowance would
    // refuse another file's visitor posting in the same minute (a red run of traffic.test.ts).
    const client = { 'CF-Connecting-IP': '198.51.100.70' }
    const { page } = await openPage(browser(), { extraHTTPHeaders: client })
    const section = await openContact(page)
    const lead = visitor('limited')
    await fill(section, lead)
    // A window that ended between using up the allowance and sending would let the form through.
    await roomInRateWindow()
    // Use up this client's allowance (the browser and this process, as one address).
    for (let i = 0; i < 6; i++) {
      const res = await fetch(baseUrl + '/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...client },
        body: JSON.stringify({}),
      })
      if (res.status === 429) break
    }
    await section.getByRole('button', { name: 'Send' }).click()
    await toast(page, 'Error').waitFor()
    expect(await toast(page, 'Error').textContent()).toContain(
      'Too many messages from your connection. Please wait a minute and try again.',
    )
    expect(await values(section)).toEqual(lead)
  })
})
