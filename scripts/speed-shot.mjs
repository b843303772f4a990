/**
 * `node scripts/speed-shot.mjs`: the README's pictures of /admin/speed (issue 62), from the
 * production build with 34 sample days of field speed histograms written into its local D1 (the
 * browser reporter sends them in production; the worker cannot be sent back in time). The sample
 * tells a story the page should make plain: /try-on is slow on phones in South America, /gaming
 * answers taps slowly, and the site got faster over the last week. Shots at 1280 and 390 px go to
 * docs/images/speed.desktop.png and speed.mobile.png.
 *
 *   node scripts/speed-shot.mjs [--no-build] [--out docs/images]
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { d1Query } from './lib/d1-local.mjs'
import { parseArgs } from './lib/routes.mjs'
import { savePageShot, signInAsAdmin, withShotStage } from './lib/console-shot.mjs'

const args = parseArgs(process.argv.slice(2))
const OUT = String(args.out ?? 'docs/images')
const DAY_MS = 24 * 60 * 60 * 1000
const PAGES = { '/': 1, '/about-us': 0.9, '/try-on': 1.5, '/gaming': 1.1, '/blog': 0.8 }
const DEVICES = { phone: 1.35, tablet: 1.1, desktop: 0.7 }
const REGIONS = { EU: 0.9, NA: 0.95, SA: 1.5, AS: 1.2 }
const MEDIANS = { LCP: 1_900, INP: 130, CLS: 0.05 }
const UNIT = { LCP: 1, INP: 1, CLS: 0.0001 }

/** A small seeded generator (mulberry32), so every run draws the same sample. */
function random(seed) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The histogram bucket of a value (traffic/services/vitals-histogram.ts bucketOf). */
const bucketOf = (metric, value) => 1 + Math.floor(Math.log(value / UNIT[metric]) / Math.log(1.1))

function sample() {
  const rand = random(62)
  const rows = []
  for (let back = 33; back >= 0; back--) {
    const day = new Date(Date.now() - back * DAY_MS).toISOString().slice(0, 10)
    // The last week got faster (a lighter hero picture, say).
    const trend = back < 7 ? 0.85 : 1
    for (const [page, slow] of Object.entries(PAGES))
      for (const [device, onDevice] of Object.entries(DEVICES))
        for (const [region, far] of Object.entries(REGIONS))
          for (const [metric, median] of Object.entries(MEDIANS)) {
            const taps = metric === 'INP' && page === '/gaming' ? 1.9 : 1
            const value = median * slow * onDevice * far * trend * taps * (0.8 + rand() * 0.4)
            const count = Math.round((device === 'phone' ? 6 : 3) * (0.6 + rand()))
            if (count > 0)
              rows.push(
                `('${day}', '${page}', '${metric}', '${device}', '${region}', 'navigate', 'chromium', ${bucketOf(metric, value)}, ${count})`,
              )
          }
  }
  return rows
}

await withShotStage({ build: !args['no-build'] }, async ({ server, persistDir, browser }) => {
  const rows = sample()
  // A command line holds at most 128 KB: the rows go in a few statements.
  for (let at = 0; at < rows.length; at += 800)
    await d1Query(
      persistDir,
      `INSERT INTO vitals_daily (day, page, metric, device, region, nav, browser, bucket, count) VALUES ${rows.slice(at, at + 800).join(', ')}
       ON CONFLICT DO UPDATE SET count = count + excluded.count`,
    )
  mkdirSync(OUT, { recursive: true })
  for (const [name, width] of [
    ['desktop', 1280],
    ['mobile', 390],
  ]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' })
    const page = await context.newPage()
    await signInAsAdmin(page, server.url)
    await page.goto(server.url + '/admin/speed', { waitUntil: 'networkidle' })
    await savePageShot(page, join(OUT, `speed.${name}.png`))
    await context.close()
  }
})
