/**
 * `node scripts/experiment-shot.mjs`: the README's pictures of an experiment's results page, from
 * the production build. The experiment is made as marketing makes it, through the console's forms
 * (a draft of the hero saved in the studio, New experiment, Start); its three weeks of visitors and
 * leads are sample rows written into the local D1 (the worker cannot be sent back in time): 2.0 %
 * of visitors send the form under A, 2.6 % under B. Shots at 1280 and 390 px go to docs/images/.
 *
 *   node scripts/experiment-shot.mjs [--no-build] [--out docs/images]
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { d1Query } from './lib/d1-local.mjs'
import { parseArgs } from './lib/routes.mjs'
import { savePageShot, signInAsAdmin, withShotStage } from './lib/console-shot.mjs'

const args = parseArgs(process.argv.slice(2))
const OUT = String(args.out ?? 'docs/images')
const DAY_MS = 24 * 60 * 60 * 1000
const DAYS = 21
const RATES = [0.02, 0.026]

/** A small seeded generator (mulberry32), so every run draws the same three weeks. */
function random(seed) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The SQL that gives experiment `id` three weeks of visitors and leads, ending yesterday: one batch a day. */
function sampleWeeks(id) {
  const rand = random(46)
  const days = [
    `UPDATE experiments SET started_at = '${new Date(Date.now() - DAYS * DAY_MS).toISOString()}', base_rate = 0.02 WHERE id = '${id}'`,
  ]
  for (let back = DAYS; back >= 1; back--) {
    const day = new Date(Date.now() - back * DAY_MS).toISOString().slice(0, 10)
    const statements = []
    for (const [arm, rate] of RATES.entries()) {
      const visitors = Math.round(380 + rand() * 80)
      statements.push(
        `INSERT INTO experiment_days (experiment_id, day, arm, visitors) VALUES ('${id}', '${day}', ${arm}, ${visitors})`,
      )
      for (let n = 0; n < visitors; n++) {
        if (rand() >= rate) continue
        const lead = `sample-${arm}-${day}-${n}`
        statements.push(
          `INSERT INTO leads (id, received_at, updated_at, status, name, email, phone, inquiry, local_time)
           VALUES ('${lead}', '${day}T12:00:00.000Z', '${day}T12:00:00.000Z', 'delivered', 'Sample Buyer', 'buyer@brand.example', '', 'A 3D store', '')`,
          `INSERT INTO experiment_leads (experiment_id, lead_id, arm, day) VALUES ('${id}', '${lead}', ${arm}, '${day}')`,
        )
      }
    }
    days.push(statements.join(';\n'))
  }
  return days
}

await withShotStage({ build: !args['no-build'] }, async ({ server, persistDir, browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const admin = await context.newPage()
  await signInAsAdmin(admin, server.url)
  await admin.goto(server.url + '/admin/content/home-hero')
  await admin.locator('[name="home.hero.title"]').fill('Your brand’s own 3D store, open this quarter')
  await Promise.all([admin.waitForURL(/notice=/), admin.getByRole('button', { name: 'Save draft' }).click()])
  await admin.goto(server.url + '/admin/experiments')
  await admin.getByLabel('Name', { exact: true }).fill('Hero: a shorter headline')
  await admin.getByLabel('Page or section').selectOption('home-hero')
  await Promise.all([
    admin.waitForURL(/notice=made/),
    admin.getByRole('button', { name: 'Make the experiment' }).click(),
  ])
  await Promise.all([
    admin.waitForURL(/notice=started/),
    admin.getByRole('button', { name: 'Start' }).click(),
  ])
  const results = new URL(admin.url()).pathname
  for (const sql of sampleWeeks(results.split('/').at(-1))) await d1Query(persistDir, sql)
  await context.close()

  mkdirSync(OUT, { recursive: true })
  for (const [name, width] of [
    ['desktop', 1280],
    ['mobile', 390],
  ]) {
    const shots = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' })
    const page = await shots.newPage()
    await signInAsAdmin(page, server.url)
    await page.goto(server.url + results, { waitUntil: 'networkidle' })
    await savePageShot(page, join(OUT, `experiment.${name}.png`))
    await shots.close()
  }
})
