/**
 * The second channel in the console (issue 34), on the production build with a worker of its own:
 * the second channel on (miniflare's send_email), a daily cap of 1 per channel, and an EmailJS
 * stand-in that refuses the first send. A lead EmailJS refused is delivered by the second channel
 * and its page lists both attempts; a lead held because both channels are capped is sent again
 * through EmailJS, chosen on its page, once the stand-in takes sends again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadForm, untilPostable } from '../../scripts/lib/contact-form.mjs'
import { startFakeEmailJs } from '../support/fake-emailjs'
import { startWorker, type RunningWorker } from '../support/wrangler-server'
import { openPage, POLL, sharedBrowser, signInWithPassword } from './browser'
import { E2E_ADMIN } from './global-setup'

const SERVICE = 'second-channel-service'
const browser = sharedBrowser()
let worker: RunningWorker
let emailjs: Awaited<ReturnType<typeof startFakeEmailJs>>

beforeAll(async () => {
  emailjs = await startFakeEmailJs()
  await fetch(`http://127.0.0.1:${emailjs.port}/__control`, {
    method: 'POST',
    body: JSON.stringify({ service_id: SERVICE, script: ['400'] }),
  })
  worker = await startWorker({
    EMAILJS_API_BASE: `http://127.0.0.1:${emailjs.port}`,
    EMAILJS_PUBLIC_KEY: 'second-channel-public-key',
    EMAILJS_SERVICE_ID: SERVICE,
    EMAILJS_TEMPLATE_ID: 'second-channel-template',
    SALES_EMAIL_TO: 'sales@example.com',
    SALES_EMAIL_FROM: 'leads@example.com',
    CONTACT_DAILY_EMAIL_CAP: '1',
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  })
})

afterAll(async () => {
  await worker?.stop()
  await emailjs?.close()
})

/** A person's post of the contact form from an address of their own; the lead's id. */
async function postLead(n: number): Promise<string> {
  const ip = `198.51.100.${60 + n}`
  const form = await loadForm(worker.url, { 'cf-connecting-ip': ip })
  await untilPostable(form.servedAt)
  const res = await fetch(`${worker.url}/api/contact`, {
    method: 'POST',
    headers: {
      origin: worker.url,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
      'cf-connecting-ip': ip,
    },
    body: JSON.stringify({
      name: `Dorothy Vaughan ${n}`,
      email: `dorothy-${n}@example.com`,
      phone: '+1 757 555 0101',
      inquiry: `A 3D store for our model rocket club. (${n})`,
      formToken: form.token,
    }),
  })
  expect(res.status).toBe(202)
  return ((await res.json()) as { id: string }).id
}

describe('a lead EmailJS refused, and one held with both channels capped', () => {
  it('the first shows both attempts on its page; the second goes through EmailJS when sales choose it', async () => {
    const refused = await postLead(1)
    const { page } = await openPage(browser())
    await signInWithPassword(page, worker.url)
    const attempts = page.getByRole('table', { name: 'Every attempt to deliver this lead, oldest first' })
    const rowsOf = async () =>
      (await attempts.locator('tbody tr').all()).map(async (row) =>
        (await row.locator('td').allTextContents()).slice(2, 4),
      )
    await expect
      .poll(async () => {
        await page.goto(`${worker.url}/admin/leads/${refused}`)
        return Promise.all(await rowsOf())
      }, POLL)
      .toEqual([
        ['EmailJS', 'Refused: a setting needs fixing'],
        ['Email Service (second channel)', 'Delivered'],
      ])

    // The second lead is the second channel's one for the day; the third is held.
    await postLead(2)
    const held = await postLead(3)
    await page.goto(`${worker.url}/admin/leads/${held}`)
    await page.getByLabel('Send through').selectOption('emailjs')
    await Promise.all([
      page.waitForURL((url) => url.search === '?notice=send-again-done'),
      page.getByRole('button', { name: 'Send again' }).click(),
    ])
    await expect
      .poll(async () => {
        await page.goto(`${worker.url}/admin/leads/${held}`)
        return Promise.all(await rowsOf())
      }, POLL)
      .toEqual([['EmailJS', 'Delivered']])
    const received = (await (
      await fetch(`http://127.0.0.1:${emailjs.port}/__received?service_id=${SERVICE}`)
    ).json()) as {
      status: number
    }[]
    expect(received.map((r) => r.status)).toEqual([400, 200])
  })
})
