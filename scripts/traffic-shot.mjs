/**
 * `node scripts/traffic-shot.mjs`: the README's picture of /admin/traffic, from the production
 * build with a sample month in it. Today's figures come through the worker as they do in
 * production: page views from browser-like requests (a person's user agent, each visitor its own
 * address, referrers and campaign links), and leads posted by Chromium through the contact form
 * from a campaign's landing page. The 29 days before are sample rows written into the local D1
 * (the worker cannot be sent back in time). Shots at 1280 and 390 px go to .github/readme/.
 *
 *   node scripts/traffic-shot.mjs [--no-build] [--out .github/readme]
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { loadForm, untilPostable } from './lib/contact-form.mjs'
import { d1Query } from './lib/d1-local.mjs'
import { parseArgs } from './lib/routes.mjs'
import { savePageShot, signInAsAdmin, withShotStage } from './lib/console-shot.mjs'
import { hydrateEveryIsland } from './lib/hydration.mjs'

const args = parseArgs(process.argv.slice(2))
const OUT = String(args.out ?? '.github/readme')
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36'
const PAGES = ['/', '/', '/', '/about-us', '/try-on', '/gaming', '/blog', '/blog-1']
const SOURCES = [
  { referrer: 'https://www.google.com/', query: '' },
  { referrer: 'https://www.linkedin.com/feed/', query: '' },
  { referrer: null, query: '' },
  { referrer: null, query: '?utm_source=linkedin&utm_medium=social&utm_campaign=autumn-launch' },
  { referrer: null, query: '?utm_source=newsletter&utm_medium=email&utm_campaign=retail-week' },
]
const DAY_MS = 24 * 60 * 60 * 1000

/** A small seeded generator (mulberry32), so every run draws the same sample month. */
function random(seed) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Rows of traffic_daily for the 29 days before today: folded days, as the sweep leaves them. */
function sampleMonth() {
  const rand = random(21)
  const rows = []
  for (let back = 29; back >= 1; back--) {
    const day = new Date(Date.now() - back * DAY_MS).toISOString().slice(0, 10)
    const weekday = new Date(day).getUTCDay() % 6 !== 0
    const visitors = Math.round((weekday ? 60 : 25) * (0.8 + rand() * 0.5) * (1 + (29 - back) / 40))
    const views = Math.round(visitors * (1.6 + rand() * 0.8))
    const add = (dimension, value, share) =>
      rows.push([day, dimension, value, Math.round(views * share), Math.round(visitors * share)])
    add('all', '', 1)
    add('page', '/', 0.45)
    add('page', '/about-us', 0.18)
    add('page', '/try-on', 0.14)
    add('page', '/gaming', 0.1)
    add('page', '/blog', 0.07)
    add('source', 'www.google.com', 0.4)
    add('source', 'direct', 0.3)
    add('source', 'linkedin', 0.12)
    add('source', 'www.linkedin.com', 0.08)
    add('source', 'newsletter', 0.1)
    add('campaign', 'autumn-launch', 0.2)
    add('campaign', 'retail-week', 0.1)
    add('country', 'GB', 0.35)
    add('country', 'US', 0.3)
    add('country', 'IN', 0.2)
    add('country', 'DE', 0.15)
  }
  return rows
}

await withShotStage({ build: !args['no-build'] }, async ({ server, persistDir, browser }) => {
  const values = sampleMonth()
    .map((row) => `('${row.slice(0, 3).join("', '")}', ${row[3]}, ${row[4]}, 1)`)
    .join(',\n')
  await d1Query(
    persistDir,
    `INSERT INTO traffic_daily (day, dimension, value, views, visitors, folded) VALUES ${values}`,
  )

  // Today: page views as people's browsers send them, 90 visitors of a few pages each.
  const rand = random(7)
  for (let visitor = 0; visitor < 90; visitor++) {
    const source = SOURCES[visitor % SOURCES.length]
    for (let view = 0; view < 1 + Math.floor(rand() * 3); view++) {
      const path = PAGES[Math.floor(rand() * PAGES.length)]
      const headers = {
        'User-Agent': CHROME,
        Accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
        'CF-Connecting-IP': `203.0.113.${visitor + 1}`,
      }
      if (source.referrer && view === 0) headers.Referer = source.referrer
      await (await fetch(server.url + path + (view === 0 ? source.query : ''), { headers })).text()
    }
  }

  // Three leads from the autumn-launch campaign's landing page, posted through the form.
  for (let n = 0; n < 3; n++) {
    const context = await browser.newContext({ userAgent: CHROME })
    const page = await context.newPage()
    await page.goto(server.url + SOURCES[3].query + '#sec-contact')
    await hydrateEveryIsland(page)
    const form = page.locator('#sec-contact')
    await form.getByLabel('Name').fill(`Sample Buyer ${n + 1}`)
    await form.getByLabel('Email').fill(`buyer${n + 1}@brand.example`)
    await form.getByLabel('Phone').fill('+44 20 7946 0958')
    await form.getByLabel('Inquiry').fill('We would like a 3D store for our autumn collection.')
    const token = await form.locator('input[name="formToken"]').getAttribute('value')
    await untilPostable(Number.parseInt(String(token).split('.')[0], 36))
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.status() === 202),
      form.getByRole('button', { name: 'Send' }).click(),
    ])
    await context.close()
  }
  // One more visitor, so the last write of the views above (at most 5 s later) has happened.
  await untilPostable(Date.now(), 3000)
  await loadForm(server.url, { 'User-Agent': CHROME, 'CF-Connecting-IP': '203.0.113.200' })

  mkdirSync(OUT, { recursive: true })
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' })
    const page = await context.newPage()
    await signInAsAdmin(page, server.url)
    await page.goto(server.url + '/admin/traffic?days=30', { waitUntil: 'networkidle' })
    await savePageShot(page, join(OUT, `admin-traffic-${width}.png`))
    await context.close()
  }
})
