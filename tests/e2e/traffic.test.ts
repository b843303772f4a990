/**
 * Traffic in Chromium on the production build: a visitor arrives from a campaign, reads two of
 * its pages and sends the form; the console's traffic page then shows that campaign with its
 * views, its one visitor, its lead and its conversion, in the table and as its own chart, and the
 * CSV agrees. The counting itself loads no script on the pages. Field speed (issue 62): with the
 * share at 100 % a visitor's browser measures / and a landing page and the histograms in D1 hold
 * their LCP, CLS and INP; at 0 % no page asks for the reporter.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { LANDING_TEMPLATES } from '../../src/content/landing-templates'
import { publishLandingPage } from './landing-pages'
import {
  openAdminPage,
  openPage,
  PERSON_AGENT,
  POLL,
  sharedBrowser,
  untilFormIsOldEnough,
  waitForHydration,
} from './browser'
import { baseUrl, stateDir } from './server'

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

/** The worker's D1 database, read as its SQLite file (read only: the worker goes on writing it). */
function storedVitals(pages: string[]): string[] {
  const dir = join(stateDir, 'v3/d1/miniflare-D1DatabaseObject')
  const file = readdirSync(dir).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite')
  const db = new DatabaseSync(join(dir, file!), { readOnly: true })
  try {
    const rows = db
      .prepare(
        `SELECT page, metric, SUM(count) AS n FROM vitals_daily WHERE page IN (${pages.map(() => '?').join()})
         GROUP BY page, metric ORDER BY page, metric`,
      )
      .all(...pages) as { page: string; metric: string; n: number }[]
    return rows.map((row) => `${row.page} ${row.metric} ${row.n}`)
  } finally {
    db.close()
  }
}

/** Sets the share of visits measured through the settings page's form, as an admin does. */
async function measureShare(admin: Page, share: number) {
  await admin.goto(`${baseUrl}/admin/settings`)
  await admin.getByLabel('Share of visits measured (%)').fill(String(share))
  await Promise.all([
    admin.waitForURL((url) => url.searchParams.get('notice') === 'speedSaved'),
    admin.getByRole('button', { name: 'Save the share' }).click(),
  ])
}

describe('field speed from a visitor’s browser', () => {
  it('reaches the histograms with LCP, CLS and INP for / and a landing page, and at 0 % loads no reporter', async () => {
    const landing = `/speed-${Date.now()}`
    const { page: admin, problems } = await openAdminPage(browser())
    await publishLandingPage(admin, {
      ...LANDING_TEMPLATES.blank,
      slug: landing.slice(1),
      title: 'A landing page measured in the field',
      description: 'A landing page whose visitors’ browsers report its speed.',
    })
    await measureShare(admin, 100)

    const { page, problems: visitorProblems } = await openPage(browser(), { userAgent: PERSON_AGENT })
    const beacons: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/vitals') beacons.push(request.postData() ?? '')
    })
    const reporter = () => page.waitForResponse((res) => /\/assets\/vitals-[\w-]+\.js$/.test(res.url()))
    // On each page: the reporter loads after `load`, then a click and a scroll, then the page is hidden
    // (as when the visitor switches tabs). A navigation does not hide a page in headless Chromium, and
    // closing it fires only `pagehide`, so its `visibilitychange` is the browser's event with the state
    // the visitor's browser would have.
    for (const path of ['/', landing]) {
      const loaded = reporter()
      await page.goto(baseUrl + path)
      expect((await loaded).status()).toBe(200)
      await page.locator('h1').first().click()
      await page.mouse.wheel(0, 600)
      // web-vitals reads an interaction in the browser's next idle period after its entry: wait for one.
      await page.waitForFunction(() => performance.getEntriesByType('first-input').length > 0)
      await page.evaluate(() => new Promise((done) => requestIdleCallback(done)))
      const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/vitals')
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
      })
      await sent
    }

    await expect.poll(() => beacons.length, POLL).toBe(2)
    for (const [i, path] of ['/', landing].entries()) {
      const sent = JSON.parse(beacons[i]!) as { page: string; nav: string; metrics: Record<string, number> }
      expect(sent.page).toBe(path)
      expect(sent.nav).toBe('navigate')
      expect(Object.keys(sent.metrics)).toEqual(expect.arrayContaining(['LCP', 'CLS', 'INP', 'FCP', 'TTFB']))
    }
    // Written within a few seconds (batched at the edge like the views).
    const metrics = (rows: string[]) => rows.map((row) => row.split(' ').slice(0, 2).join(' '))
    await expect
      .poll(() => metrics(storedVitals(['/', landing])), POLL)
      .toEqual(
        expect.arrayContaining([
          '/ CLS',
          '/ INP',
          '/ LCP',
          `${landing} CLS`,
          `${landing} INP`,
          `${landing} LCP`,
        ]),
      )
    expect(storedVitals(['/', landing]).every((row) => row.endsWith(' 1'))).toBe(true)

    // The Speed page lists both pages, each with the one view its beacon brought: one navigation,
    // today's counts being read at once (under 100 views a figure is "not enough data").
    await admin.goto(`${baseUrl}/admin/speed?days=7`)
    const pagesTable = admin
      .locator('table')
      .filter({ has: admin.locator('caption', { hasText: /^Pages$/ }) })
    const listed = await pagesTable
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) =>
          [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim()),
        ),
      )
    const oneView = Array<string>(3).fill('not enough data 1 views')
    expect(listed).toEqual(
      expect.arrayContaining([
        ['/', ...oneView],
        [landing, ...oneView],
      ]),
    )

    // At 0 %: the page's script holds no reporter, and the page asks for none after `load`.
    await measureShare(admin, 0)
    // A new visitor (the first one's browser keeps the pages it saw for 60 s).
    const { page: next, problems: nextProblems } = await openPage(browser(), { userAgent: PERSON_AGENT })
    const scripts: string[] = []
    next.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await next.goto(`${baseUrl}${landing}`)
    // A timer set after `load` runs after the inline script's own (same delay, set earlier).
    await next.evaluate(() => new Promise((done) => setTimeout(done)))
    expect(scripts.filter((path) => path.includes('/assets/vitals-'))).toEqual([])
    expect(await next.locator('script:not([src]):not([type])').first().textContent()).not.toContain('import(')
    expect([...problems, ...visitorProblems, ...nextProblems]).toEqual([])
  })
})
