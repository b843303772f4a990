/**
 * One visitor, one page, two messages, without JavaScript: after the first send, Back shows the
 * form the browser kept, carrying the token the first send spent, and the second send reaches
 * sales too (a spent form token stays good for the client that spent it; leads/services/form-token.ts).
 * Its own worker and EmailJS stand-in, so the contact rate limit the other files use up is fresh.
 */
import type { Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FORM_TOKEN_FIELD } from '../../src/schemas/contact'
import { startFakeEmailJs } from '../support/fake-emailjs'
import { startWorker, type RunningWorker } from '../support/wrangler-server'
import { openPage, POLL, sharedBrowser, untilFormIsOldEnough } from './browser'

const browser = sharedBrowser()
let worker: RunningWorker
let emailjs: Awaited<ReturnType<typeof startFakeEmailJs>>

beforeAll(async () => {
  emailjs = await startFakeEmailJs()
  worker = await startWorker({
    EMAILJS_API_BASE: `http://127.0.0.1:${emailjs.port}`,
    EMAILJS_PUBLIC_KEY: 'resend-public-key',
    EMAILJS_SERVICE_ID: 'resend-service',
    EMAILJS_TEMPLATE_ID: 'resend-template',
  })
})

afterAll(async () => {
  await worker?.stop()
  await emailjs?.close()
})

/** The inquiries the stand-in EmailJS accepted from `name`. */
async function inquiriesFrom(name: string): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${emailjs.port}/__received?service_id=resend-service`)
  const received = (await res.json()) as {
    status: number
    body: { template_params?: { name?: string; message?: string } }
  }[]
  return received
    .filter((r) => r.status === 200 && r.body.template_params?.name === name)
    .map((r) => r.body.template_params?.message ?? '')
}

async function send(section: Locator, inquiry: string, name: string) {
  await section.getByLabel('Name').fill(name)
  await section.getByLabel('Email').fill('mary@example.com')
  await section.getByLabel('Phone').fill('+1 555 0100 77')
  await section.getByLabel('Inquiry').fill(inquiry)
  await untilFormIsOldEnough(section)
  await Promise.all([
    section.page().waitForURL('**/?contact=sent#sec-contact'),
    section.getByRole('button', { name: 'Send' }).click(),
  ])
  expect(await section.getByRole('status').textContent()).toContain(
    'Your message has been sent successfully!',
  )
}

describe('a visitor without JavaScript who goes Back and sends again', () => {
  it('reaches sales twice, though the form they went back to carries the token the first send spent', async () => {
    const { page } = await openPage(browser(), { javaScriptEnabled: false })
    await page.goto(`${worker.url}/#sec-contact`)
    const section = page.locator('#sec-contact')
    const token = section.locator(`input[name="${FORM_TOKEN_FIELD}"]`)
    const served = await token.getAttribute('value')
    const name = `Mary Jackson (${Date.now()})`

    await send(section, 'A 3D store for our wind-tunnel models, please.', name)
    await page.goBack()
    await page.waitForURL((url) => url.search === '')
    expect(await token.getAttribute('value')).toBe(served)
    await send(section, 'I forgot: we also want a try-on for our scale pilots.', name)

    await expect
      .poll(async () => (await inquiriesFrom(name)).sort(), POLL)
      .toEqual([
        'A 3D store for our wind-tunnel models, please.',
        'I forgot: we also want a try-on for our scale pilots.',
      ])
  })
})
