/**
 * `npm run load -- --experiment`: an experiment on the hero's title under a crowd (issue 46). The
 * production build on wrangler dev (a private snapshot, a fresh D1, a local fake EmailJS).
 *
 * The experiment is made as a draft row (version B: another title) and started through the
 * console's Start, as marketing starts one. Then 2,000 visitors, each from an address of their own,
 * load / (50 at a time); every 50th sends the form from that page, as a person does, from the same
 * address and browser: 40 leads. The run then reads the results page's CSV (signed in) and, once
 * the worker has stopped, D1's credited leads.
 *
 * Expected: 0 5xx; no sample-ratio alarm on the results page (the split's p ≥ 0.001); the results count
 * every visitor once, in the version they saw; every lead credited exactly once, to the version
 * its visitor saw. Exits 1 when an expectation fails.
 */
import { startFakeEmailJs } from '../../tests/support/fake-emailjs.ts'
import { loadForm, untilPostable } from '../../scripts/lib/contact-form.mjs'
import { d1Query } from '../../scripts/lib/d1-local.mjs'
import { snapshotBuild } from '../../scripts/lib/snapshot.mjs'
import { serveKeepingState } from './kept-state-server.mjs'
import { signIn } from './sign-in.mjs'
import { markdownTable } from './table.mjs'

const VISITORS = 2000
const EVERY_NTH_SENDS = 50
const AT_ONCE = 50
const PASSWORD = 'experiment-load-password'
const SERVICE_ID = 'service_experiment_load'
const B_TITLE = 'Your brand’s own 3D store, open this quarter'
const AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36'

const addressOf = (/** @type {number} */ n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${(n & 255) + 1}`

/** Runs `work` over 0…count-1, `limit` at a time. @param {number} count @param {number} limit @param {(n: number) => Promise<void>} work */
async function pool(count, limit, work) {
  let next = 0
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < count) await work(next++)
    }),
  )
}

/** @param {{ build?: boolean }} options */
export async function runExperimentLoad({ build = true } = {}) {
  /** @type {(() => Promise<void> | void)[]} */
  const cleanups = []
  try {
    const snapshot = snapshotBuild({ build })
    cleanups.push(() => snapshot.remove())
    const fake = await startFakeEmailJs()
    cleanups.push(() => fake.close().catch(() => undefined))
    const { base, persistDir, stop } = await serveKeepingState(
      snapshot,
      {
        EMAILJS_API_BASE: fake.url,
        EMAILJS_PUBLIC_KEY: 'experiment-load-key',
        EMAILJS_SERVICE_ID: SERVICE_ID,
        EMAILJS_TEMPLATE_ID: 'template_experiment_load',
        ADMIN_PASSWORD: PASSWORD,
      },
      cleanups,
    )
    if (!persistDir) throw new Error('could not find the worker’s local state')
    const cookie = await signIn(base, PASSWORD)
    const arms = [
      { name: 'A', weight: 1, edition: null },
      { name: 'B', weight: 1, edition: { 'home.hero.title': B_TITLE } },
    ]
    await d1Query(
      persistDir,
      `INSERT INTO experiments (id, name, doc, arms, made_by, made_at)
       VALUES ('load', 'Load: hero title', 'home-hero', '${JSON.stringify(arms).replace(/'/g, "''")}', 'admin', '${new Date().toISOString()}')`,
    )
    const started = await fetch(`${base}/admin/experiments/load/start`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, origin: base, 'sec-fetch-site': 'same-origin', referer: `${base}/admin` },
    })
    if (started.status !== 303) throw new Error(`Start answered ${started.status}`)

    console.error(`• ${VISITORS} visitors, ${AT_ONCE} at a time; every ${EVERY_NTH_SENDS}th sends the form…`)
    const seen = [0, 0]
    const statuses = new Map()
    /** @type {Map<string, number>} lead id → the version its visitor saw */
    const leads = new Map()
    let refused = 0
    const startedAt = Date.now()
    await pool(VISITORS, AT_ONCE, async (n) => {
      const headers = { 'user-agent': AGENT, accept: 'text/html', 'cf-connecting-ip': addressOf(n) }
      const page = await fetch(`${base}/`, { headers })
      statuses.set(page.status, (statuses.get(page.status) ?? 0) + 1)
      const html = await page.text()
      const arm = html.includes(B_TITLE) ? 1 : 0
      seen[arm]++
      if (n % EVERY_NTH_SENDS !== 0) return
      const form = await loadForm(base, headers)
      await untilPostable(form.servedAt)
      const posted = await fetch(`${base}/api/contact`, {
        method: 'POST',
        headers: {
          ...headers,
          origin: base,
          'sec-fetch-site': 'same-origin',
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          name: `Visitor ${n}`,
          email: `visitor-${n}@example.com`,
          phone: '+44 20 7946 0958',
          inquiry: `Which version did I see? (${n})`,
          formToken: form.token,
        }),
      })
      statuses.set(posted.status, (statuses.get(posted.status) ?? 0) + 1)
      const { id } = /** @type {{ id?: string }} */ (await posted.json().catch(() => ({})))
      if (posted.status === 202 && id) leads.set(id, arm)
      else refused++
    })
    const seconds = (Date.now() - startedAt) / 1000

    // The exposures are written after each answer: the results, until they count every visitor.
    /** @type {number[]} */
    let counted = [0, 0]
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      const csv = await (
        await fetch(`${base}/admin/experiments/load/results.csv`, { headers: { cookie } })
      ).text()
      counted = [0, 0]
      for (const line of csv.trim().split('\r\n').slice(1)) {
        const [, version, visitors] = line.split(',')
        counted[version === '"B"' || version === 'B' ? 1 : 0] += Number(visitors)
      }
      if (counted[0] + counted[1] >= VISITORS) break
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    const resultsPage = await (await fetch(`${base}/admin/experiments/load`, { headers: { cookie } })).text()
    const alarm = resultsPage.includes('The split is broken')
    await stop()
    const credited = /** @type {{ lead_id: string, arm: number }[]} */ (
      await d1Query(persistDir, "SELECT lead_id, arm FROM experiment_leads WHERE experiment_id = 'load'")
    )
    const creditOf = new Map(credited.map((row) => [row.lead_id, row.arm]))
    const wrongArm = [...leads].filter(([id, arm]) => creditOf.get(id) !== arm).length
    const serverErrors = [...statuses]
      .filter(([status]) => status >= 500)
      .reduce((n, [, count]) => n + count, 0)

    console.log(
      `\nExperiment under load: ${VISITORS} visitors in ${seconds.toFixed(0)} s\n\n` +
        markdownTable(
          ['version', 'visitors who saw it', 'counted by the results', 'leads sent', 'leads credited'],
          [0, 1].map((arm) => [
            'AB'[arm],
            seen[arm],
            counted[arm],
            [...leads.values()].filter((a) => a === arm).length,
            credited.filter((row) => row.arm === arm).length,
          ]),
        ) +
        `\n\nstatuses: ${[...statuses].map(([s, c]) => `${s} × ${c}`).join(', ')}\n`,
    )
    const checks = [
      [`${serverErrors} answers 5xx`, serverErrors === 0],
      [`${leads.size} of ${VISITORS / EVERY_NTH_SENDS} leads accepted (${refused} refused)`, refused === 0],
      [
        `the results count ${counted.join(' + ')} visitors, as seen ${seen.join(' + ')}`,
        counted.join() === seen.join(),
      ],
      [`the results page ${alarm ? 'raises' : 'raises no'} sample-ratio alarm`, !alarm],
      [
        `${credited.length} credits for ${leads.size} leads, ${wrongArm} to another version`,
        credited.length === leads.size && wrongArm === 0,
      ],
    ]
    for (const [what, ok] of checks) console.log(`${ok ? '✓' : '✗'} ${what}`)
    return checks.every(([, ok]) => ok) ? 0 : 1
  } finally {
    for (const step of cleanups.reverse()) await step()
  }
}
