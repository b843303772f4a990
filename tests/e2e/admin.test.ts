/**
 * The admin console in Chromium on the production build: change the viewer URL, see it in the
 * history, restore the previous value and see the header's "View in 3D" link follow (with
 * JavaScript and without); then the lead desk end to end with the local EmailJS stand-in: a lead
 * delivered, one refused (dead with its reason), sent again once EmailJS recovers, exported and
 * erased. The queue consumer of `wrangler dev` delivers within seconds, so each wait reloads the
 * page until what it waits for is there.
 */
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  MOBILE,
  sharedBrowser,
  openAdminPage,
  openPage,
  POLL,
  restoreViewerUrlAfterAll,
  untilFormIsOldEnough,
  viewIn3dHrefs,
  waitForHydration,
} from './browser'
import { E2E_ADMIN } from './global-setup'
import { baseUrl, emailjsUrl } from './server'

const HISTORY = 'Last 50 changes, newest first (times in UTC)'
const UTC_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/
const browser = sharedBrowser()
restoreViewerUrlAfterAll()

/** The text of each cell of a table row, headers included. */
const cellTexts = (row: ReturnType<Page['locator']>) =>
  row.locator('th, td').evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim() ?? ''))

/**
 * Clicks a link or a button that posts a form, and waits until the page it leads to (whose
 * address contains `landing`) has loaded: a new navigation, even when the address is the same.
 */
async function submit(page: Page, control: ReturnType<Page['locator']>, landing: string) {
  const arrived = page.waitForEvent(
    'framenavigated',
    (frame) => frame === page.mainFrame() && frame.url().includes(landing),
  )
  await control.click()
  await arrived
  await page.waitForLoadState()
}

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('the viewer URL in the console %s', (_name, javaScriptEnabled) => {
  it('changes it, shows the change in the history, restores the previous value, and the links follow', async () => {
    const { page, problems } = await openAdminPage(browser(), { javaScriptEnabled })
    const response = await page.goto(baseUrl + '/admin')
    expect(response?.status()).toBe(200)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Overview')
    await page.getByRole('banner').getByText(`Signed in as ${E2E_ADMIN.username}`).waitFor()
    await submit(
      page,
      page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Viewer URL' }),
      '/admin/settings',
    )

    const marker = `${javaScriptEnabled ? 'js' : 'no-js'}-${Date.now()}`
    const previous = `https://viewer.example.org/console/${marker}/previous.glb`
    const next = `https://viewer.example.org/console/${marker}/next.glb`
    const field = page.getByRole('textbox', { name: 'Viewer URL' })
    for (const url of [previous, next]) {
      await field.fill(url)
      await submit(
        page,
        page.getByRole('button', { name: 'Save', exact: true }),
        '/admin/settings?notice=updated',
      )
      expect(await page.getByRole('status').textContent()).toContain('Viewer URL saved')
    }
    expect(await field.inputValue()).toBe(next)

    const history = page.getByRole('table', { name: HISTORY })
    const rows = history.getByRole('row')
    const [newest, before] = [await cellTexts(rows.nth(1)), await cellTexts(rows.nth(2))]
    expect(newest[0]).toMatch(UTC_TIME)
    expect(newest.slice(1)).toEqual([`${E2E_ADMIN.username} via console`, previous, next, 'Restore'])
    expect(before.slice(3, 4)).toEqual([previous])

    // Restore the change that set the previous value.
    await submit(
      page,
      rows.nth(2).getByRole('button', { name: 'Restore' }),
      '/admin/settings?notice=restored',
    )
    expect(await page.getByRole('status').textContent()).toContain('Viewer URL restored')
    expect((await cellTexts(rows.nth(1))).slice(1, 4)).toEqual([
      `${E2E_ADMIN.username} via console`,
      next,
      previous,
    ])
    expect(await field.inputValue()).toBe(previous)

    // The console's own frame has no site navigation; the site's pages link to the address.
    await page.goto(baseUrl + '/')
    const homeHrefs = await viewIn3dHrefs(page)
    expect(homeHrefs.length).toBeGreaterThan(0)
    expect(homeHrefs).toEqual(homeHrefs.map(() => previous))
    expect(problems).toEqual([])
  })
})

interface Received {
  body: { template_params?: Record<string, string> }
  status: number
}

/** What the EmailJS stand-in answered for this visitor's e-mails, in order. */
async function emailjsAnswers(name: string): Promise<number[]> {
  const res = await fetch(`${emailjsUrl}/__received?service_id=e2e-service`)
  return ((await res.json()) as Received[])
    .filter((r) => r.body.template_params?.name === name)
    .map((r) => r.status)
}

/** Posts a lead through the home page's Schedule call form, as a visitor. */
async function postLead(name: string): Promise<{ email: string }> {
  // The contact rate limit counts per client, and contact.test.ts uses up the allowance of
  // 127.0.0.1 on purpose; this visitor comes from an address of its own.
  const { page } = await openPage(browser(), { extraHTTPHeaders: { 'CF-Connecting-IP': '198.51.100.40' } })
  await page.goto(baseUrl + '/#sec-contact')
  await waitForHydration(page)
  const form = page.locator('#sec-contact')
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Phone').fill('+44 20 7946 0958')
  await form.getByLabel('Inquiry').fill(`A 3D store for our jewellery, please. (${name})`)
  await untilFormIsOldEnough(form)
  await form.getByRole('button', { name: 'Send' }).click()
  await page.locator('[data-sonner-toast]').filter({ hasText: 'Success' }).waitFor()
  return { email }
}

/**
 * The lead's status as the list shows it, found by searching for its name with the list's own
 * form (reloads the list). The address it lands on carries the search sealed, never the name.
 */
async function listedStatus(page: Page, name: string): Promise<string | null> {
  await page.goto(`${baseUrl}/admin/leads`)
  await page.getByLabel(/^Search names, e-mail addresses, phone numbers/).fill(name)
  await submit(page, page.getByRole('button', { name: 'Filter' }), '/admin/leads?search=')
  expect(decodeURIComponent(page.url())).not.toContain(name.split(' ')[0])
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) })
  if ((await row.count()) === 0) return null
  // Received, Name, E-mail, Sent from page, Campaign, Status, Delivered by, Attempts.
  return (await cellTexts(row))[5] ?? null
}

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('the console on a phone %s', (_name, javaScriptEnabled) => {
  it('folds its parts into one line naming the current one, which opens as a menu, by click or keyboard', async () => {
    const { page, problems } = await openAdminPage(browser(), { viewport: MOBILE, javaScriptEnabled })
    await page.goto(`${baseUrl}/admin/leads`)
    const nav = page.getByRole('navigation', { name: 'Admin' })
    const menu = nav.locator('summary')
    expect((await menu.innerText()).replace(/\s+/g, ' ').trim()).toMatch(/^Menu · Leads/)
    // Closed, the parts take no room: the page's heading is in the first screen, near its top.
    expect(await nav.getByRole('link', { name: 'Traffic' }).isVisible()).toBe(false)
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox()
    expect(heading!.y).toBeLessThan(MOBILE.height / 3)

    await menu.click()
    await nav.getByRole('link', { name: 'Traffic' }).waitFor()
    await menu.click()
    expect(await nav.getByRole('link', { name: 'Traffic' }).isVisible()).toBe(false)

    // By keyboard: the menu is a control in the tab order; Enter opens it, Tab reaches its links.
    await menu.focus()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Overview')
    await submit(page, nav.getByRole('link', { name: 'Traffic' }), '/admin/traffic')
    expect((await nav.locator('summary').innerText()).replace(/\s+/g, ' ').trim()).toMatch(/^Menu · Traffic/)
    expect(problems).toEqual([])
  })
})

describe('the lead desk', () => {
  it('shows a delivered lead; a refused one dead with its reason; sends it again once EmailJS recovers; exports; erases', async () => {
    const { page, problems } = await openAdminPage(browser())
    const stamp = Date.now()
    const delivered = `Ada Delivered ${stamp}`
    await postLead(delivered)
    await expect.poll(() => listedStatus(page, delivered), POLL).toBe('delivered')

    // EmailJS refuses the next e-mail (403), then takes every one after it.
    const script = { service_id: 'e2e-service', script: ['403'], fallback: 'ok' }
    await fetch(`${emailjsUrl}/__control`, { method: 'POST', body: JSON.stringify(script) })
    const refused = `Grace Refused ${stamp}`
    const { email } = await postLead(refused)
    await expect.poll(() => listedStatus(page, refused), POLL).toBe('dead')
    await page.getByText('Leads are waiting for you.').waitFor()
    await submit(page, page.getByRole('link', { name: refused, exact: true }), '/admin/leads/')
    const main = page.getByRole('main')
    expect(await main.innerText()).toContain('API calls are disabled for non-browser applications')
    expect(await emailjsAnswers(refused)).toEqual([403])

    await submit(page, page.getByRole('button', { name: 'Send again' }), '?notice=send-again-done')
    expect(await page.getByRole('status').textContent()).toContain('The lead is back in the queue')
    await expect.poll(() => listedStatus(page, refused), POLL).toBe('delivered')
    expect(await emailjsAnswers(refused)).toEqual([403, 200])

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ])
    // Named after the list's filter: every status, and a search (never its words).
    expect(download.suggestedFilename()).toMatch(/^leads-all-search-\d{4}-\d\d-\d\d\.csv$/)
    const csv = await readFile(await download.path())
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = csv.toString('utf8').slice(1).trimEnd().split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`"${refused}","${email}"`)
    expect(lines[1]).toContain('"delivered"')

    await submit(page, page.getByRole('link', { name: refused, exact: true }), '/admin/leads/')
    const leadUrl = page.url()
    await submit(page, page.getByRole('button', { name: 'Erase' }), '?notice=erase-done')
    expect(await page.getByRole('status').textContent()).toContain(
      'name, e-mail, phone and inquiry are erased',
    )
    const erasedText = await main.innerText()
    expect(erasedText).not.toContain(refused)
    expect(erasedText).not.toContain(email)
    expect(erasedText).toContain('Nothing to do: an erased lead is never sent.')
    expect(await listedStatus(page, refused)).toBeNull()
    await page.goto(leadUrl)
    expect(await main.innerText()).toMatch(/Status\s+erased/)
    expect(problems).toEqual([])
  })
})

describe('spam in the lead desk', () => {
  it('shows a bot post in the spam view with its reason, and Not spam delivers it', async () => {
    const name = `Bot Or Not ${Date.now()}`
    // A script posting the form with the hidden field filled, as form-filling bots do.
    const posted = await fetch(`${baseUrl}/api/contact`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: baseUrl,
        'Sec-Fetch-Site': 'same-origin',
        'CF-Connecting-IP': '198.51.100.41',
      },
      body: JSON.stringify({
        name,
        email: 'bot.or.not@example.com',
        phone: '+44 20 7946 0958',
        inquiry: 'We would like a 3D store, please.',
        website: 'https://spam.example',
      }),
    })
    expect(posted.status).toBe(202)

    const { page, problems } = await openAdminPage(browser())
    await page.goto(`${baseUrl}/admin/leads?status=spam`)
    await submit(page, page.getByRole('link', { name, exact: true }), '/admin/leads/')
    const main = page.getByRole('main')
    expect(await main.innerText()).toMatch(/Why it is spam\s+hidden field filled/)
    expect(await emailjsAnswers(name)).toEqual([])

    await submit(page, page.getByRole('button', { name: 'Not spam' }), '?notice=not-spam-done')
    expect(await page.getByRole('status').textContent()).toContain('The lead is not spam')
    await expect.poll(() => listedStatus(page, name), POLL).toBe('delivered')
    expect(await emailjsAnswers(name)).toEqual([200])
    expect(problems).toEqual([])
  })
})
