/**
 * Traffic in Chromium on the production build: a visitor arrives from a campaign, reads two of
 * its pages and sends the form; the console's traffic page then shows that campaign with its
 * views, its one visitor, its lead and its conversion, in the table and as its own chart, and the
 * CSV agrees. The counting itself loads no script on the pages.
 */
import { describe, expect, it } from 'vitest'
import {
  openAdminPage,
  openPage,
  PERSON_AGENT,
  POLL,
  sharedBrowser,
  untilFormIsOldEnough,
  waitForHydration,
} from './browser'
import { baseUrl } from './server'

const browser = sharedBrowser()

describe('a campaign, from the first view to the console', () => {
  it('counts its views and visitor, joins its lead, and shows it in the table, the chart and the CSV', async () => {
    const campaign = `e2e-${Date.now()}`
    const visitor = await openPage(browser(), { userAgent: PERSON_AGENT })
    const { page } = visitor
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await page.goto(`${baseUrl}/about-us?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}`)
    // A page without islands loads no script file: the count is made by the worker.
    expect(scripts).toEqual([])
    await page.goto(`${baseUrl}/?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}#sec-contact`)
    await waitForHydration(page)
    const section = page.locator('#sec-contact')
    await section.getByLabel('Name').fill('Campaign Visitor')
    await section.getByLabel('Email').fill('visitor@example.com')
    await section.getByLabel('Phone').fill('+44 20 7946 0958')
    await section.getByLabel('Inquiry').fill('We saw your newsletter.')
    await untilFormIsOldEnough(section)
    await section.getByRole('button', { name: 'Send' }).click()
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Success' }).waitFor()

    const { page: admin, problems } = await openAdminPage(browser())
    const row = async () => {
      await admin.goto(`${baseUrl}/admin/traffic?days=7`)
      const table = admin.getByRole('table', { name: 'Campaigns' })
      const cells = table.getByRole('row').filter({ hasText: campaign }).first()
      return (await cells.count()) ? (await cells.innerText()).split('\t').map((cell) => cell.trim()) : []
    }
    // The views are written within a few seconds of being counted (batched at the edge).
    await expect.poll(row, POLL).toEqual([campaign, '2', '1', '1', '100.0 %'])

    // The campaign's own chart: its totals and its days.
    await admin.getByRole('link', { name: campaign }).click()
    await admin.waitForURL((url) => url.searchParams.get('campaign') === campaign)
    const main = await admin.locator('main').innerText()
    expect(main).toMatch(/Views\s+2\s+Visitors\s+1\s+Leads\s+1\s+Conversion\s+100\.0 %/)
    expect(await admin.getByRole('img', { name: 'Per day' }).count()).toBe(1)
    const today = new Date().toISOString().slice(0, 10)
    const perDay = admin.getByRole('table', { name: 'Views, visitors and leads per day (UTC)' })
    const day = perDay.getByRole('row').filter({ hasText: today })
    const cells = [
      await day.getByRole('rowheader').innerText(),
      ...(await day.getByRole('cell').allInnerTexts()),
    ]
    expect(cells.map((cell) => cell.trim())).toEqual([today, '2', '1', '1'])

    const csv = await admin.request.get(`${baseUrl}/admin/traffic.csv?days=7&by=campaign`)
    expect(csv.status()).toBe(200)
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe('campaign,views,visitors,leads')
    expect(lines).toContain(`"${campaign}",2,1,1`)
    expect(problems).toEqual([])
  })
})

describe('an address visitors find missing', () => {
  it('shows in the 404 inbox, and Redirect to… there makes it land on the page, with no deploy', async () => {
    const missing = `/xr-showrom-${Date.now()}`
    const { page: visitor } = await openPage(browser(), { userAgent: PERSON_AGENT })
    expect((await visitor.goto(`${baseUrl}${missing}`))?.status()).toBe(404)

    const { page: admin, problems } = await openAdminPage(browser())
    const inboxRow = async () => {
      await admin.goto(`${baseUrl}/admin/redirects`)
      const table = admin.getByRole('table', { name: 'Addresses that answer 404, most hits first' })
      return table.getByRole('row').filter({ hasText: missing })
    }
    // Counted within a few seconds (batched at the edge), then listed with its hits.
    await expect.poll(async () => (await inboxRow()).count(), POLL).toBe(1)
    const row = await inboxRow()
    const field = row.getByRole('textbox', { name: `New address for ${missing}` })
    await field.fill('/try-on')
    await Promise.all([
      admin.waitForURL((url) => url.searchParams.get('notice') === 'saved'),
      field.press('Enter'),
    ])
    expect(await admin.getByRole('status').innerText()).toContain('The redirect is live.')

    const answer = await visitor.goto(`${baseUrl}${missing}?utm_source=old-link`)
    expect(answer?.status()).toBe(200)
    expect(new URL(visitor.url()).pathname + new URL(visitor.url()).search).toBe(
      '/try-on?utm_source=old-link',
    )
    expect(problems).toEqual([])
  })
})
