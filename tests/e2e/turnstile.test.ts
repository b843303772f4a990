/**
 * Cloudflare Turnstile on the contact form, in Chromium on the production build: a worker of this
 * file's own with Turnstile on, its siteverify pointing at the local stand-in, and Cloudflare's
 * widget script and frame served by route interception (tests/support/fake-turnstile.ts). The
 * widget loads only once the form is touched, inside the page's CSP; a visitor's lead is
 * delivered; a post without JavaScript is held with its reason until sales send it.
 */
import type { Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeEmailJs } from '../support/fake-emailjs'
import {
  SECRET,
  SITE_KEY,
  startFakeTurnstile,
  WIDGET_FRAME_HTML,
  WIDGET_SCRIPT,
} from '../support/fake-turnstile'
import { startWorker, type RunningWorker } from '../support/wrangler-server'
import {
  openAdminPage,
  openPage,
  POLL,
  sharedBrowser,
  slowVisitor,
  SLOW_TEST,
  waitForIsland,
  untilFormIsOldEnough,
  waitForHydration,
} from './browser'
import { E2E_ADMIN } from './global-setup'

const browser = sharedBrowser()
let worker: RunningWorker
let emailjs: Awaited<ReturnType<typeof startFakeEmailJs>>
let turnstile: Awaited<ReturnType<typeof startFakeTurnstile>>

beforeAll(async () => {
  emailjs = await startFakeEmailJs()
  turnstile = await startFakeTurnstile()
  worker = await startWorker({
    EMAILJS_API_BASE: `http://127.0.0.1:${emailjs.port}`,
    EMAILJS_PUBLIC_KEY: 'turnstile-public-key',
    EMAILJS_SERVICE_ID: 'turnstile-service',
    EMAILJS_TEMPLATE_ID: 'turnstile-template',
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    TURNSTILE_SITE_KEY: SITE_KEY,
    TURNSTILE_SECRET_KEY: SECRET,
    TURNSTILE_VERIFY_URL: `http://127.0.0.1:${turnstile.port}/turnstile/v0/siteverify`,
  })
})

afterAll(async () => {
  await worker?.stop()
  await emailjs?.close()
  await turnstile?.close()
})

/** Serves Cloudflare's widget script and frame from the stand-in; returns the requests seen. */
async function serveWidget(page: Page): Promise<Request[]> {
  const requests: Request[] = []
  await page.route('https://challenges.cloudflare.com/**', async (route) => {
    requests.push(route.request())
    const isScript = new URL(route.request().url()).pathname.endsWith('/api.js')
    await route.fulfill({
      contentType: isScript ? 'text/javascript' : 'text/html',
      body: isScript ? WIDGET_SCRIPT : WIDGET_FRAME_HTML,
    })
  })
  return requests
}

function visitor(label: string) {
  const marker = `${label} ${Date.now()}`
  return {
    name: `Katherine Johnson (${marker})`,
    email: 'katherine@example.com',
    phone: '+1 757 555 0100',
    inquiry: `A 3D store for our observatory gift shop. (${marker})`,
  }
}

async function fill(section: ReturnType<Page['locator']>, values: ReturnType<typeof visitor>) {
  await section.getByLabel('Name').fill(values.name)
  await section.getByLabel('Email').fill(values.email)
  await section.getByLabel('Phone').fill(values.phone)
  await section.getByLabel('Inquiry').fill(values.inquiry)
}

/** The e-mails the stand-in EmailJS accepted for `name`. */
async function emailsTo(name: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${emailjs.port}/__received?service_id=turnstile-service`)
  const received = (await res.json()) as { status: number; body: { template_params?: { name?: string } } }[]
  return received.filter((r) => r.status === 200 && r.body.template_params?.name === name).length
}

describe('Turnstile on, with JavaScript', () => {
  it('loads the widget only once the form is touched, and the visitor’s lead is delivered', async () => {
    const { page, problems } = await openPage(browser())
    const widgetRequests = await serveWidget(page)
    await page.goto(`${worker.url}/#sec-contact`)
    await waitForHydration(page)
    await page.waitForLoadState('networkidle')
    expect(widgetRequests.map((r) => r.url())).toEqual([])

    const section = page.locator('#sec-contact')
    const lead = visitor('js')
    await fill(section, lead)
    // The challenge runs in Cloudflare's frame, which the page's CSP lets in.
    await section.locator('iframe[title*="Cloudflare"]').waitFor()
    expect(widgetRequests.map((r) => new URL(r.url()).pathname)).toEqual([
      '/turnstile/v0/api.js',
      '/turnstile/v0/stand-in-frame',
    ])
    await untilFormIsOldEnough(section)
    await section.getByRole('button', { name: 'Send' }).click()
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Success' }).waitFor()

    await expect.poll(() => emailsTo(lead.name), POLL).toBe(1)
    const host = new URL(worker.url).hostname
    expect(turnstile.received()).toContainEqual({
      secret: SECRET,
      response: expect.stringMatching(new RegExp(`^standin:${host}:contact:`)),
      remoteip: expect.any(String),
    })
    expect(problems).toEqual([])
  })
})

describe('Turnstile on, a visitor whose scripts come in late', () => {
  it('a focus before the form hydrates starts the challenge, with no second touch', SLOW_TEST, async () => {
    const { page, problems } = await openPage(browser())
    const widgetRequests = await serveWidget(page)
    const slow = await slowVisitor(page)
    await page.goto(`${worker.url}/#sec-contact`, { waitUntil: 'commit' })
    const section = page.locator('#sec-contact')
    await section.getByLabel('Name').focus()
    expect(slow.held()).toBeGreaterThan(0)
    expect(await page.locator('[data-island][data-hydrating]').count()).toBe(0)
    slow.release()
    await waitForIsland(page, 'ContactForm')
    // Nothing more is touched: the focus that came first is what starts the challenge.
    await section.locator('iframe[title*="Cloudflare"]').waitFor()
    expect(widgetRequests.map((r) => new URL(r.url()).pathname)).toEqual([
      '/turnstile/v0/api.js',
      '/turnstile/v0/stand-in-frame',
    ])
    expect(problems).toEqual([])
  })
})

describe('Turnstile on, without JavaScript', () => {
  it('the post cannot carry a token: the visitor hears "sent", the lead is spam with why, and Not spam delivers it', async () => {
    const { page } = await openPage(browser(), { javaScriptEnabled: false })
    const widgetRequests = await serveWidget(page)
    await page.goto(`${worker.url}/#sec-contact`)
    const section = page.locator('#sec-contact')
    const lead = visitor('no-js')
    await fill(section, lead)
    await untilFormIsOldEnough(section)
    await Promise.all([
      page.waitForURL('**/?contact=sent#sec-contact'),
      section.getByRole('button', { name: 'Send' }).click(),
    ])
    expect(await section.getByRole('status').textContent()).toContain(
      'Your message has been sent successfully!',
    )
    expect(widgetRequests).toEqual([])

    const admin = (await openAdminPage(browser(), {}, worker.url)).page
    await admin.goto(`${worker.url}/admin/leads?status=spam&q=${encodeURIComponent(lead.name)}`)
    await admin.getByRole('link', { name: lead.name }).click()
    await admin.waitForURL('**/admin/leads/*')
    expect(await admin.locator('main').innerText()).toMatch(
      /Why it is spam\s+not challenged \(JavaScript off\)/,
    )
    expect(await emailsTo(lead.name)).toBe(0)

    await Promise.all([
      admin.waitForURL(/\?notice=not-spam-done(&|$)/),
      admin.getByRole('button', { name: 'Not spam' }).click(),
    ])
    await expect.poll(() => emailsTo(lead.name), POLL).toBe(1)
  })
})
