/**
 * `npm run load -- --primary-down`: leads while EmailJS is down for the whole run (issue 34). The
 * production build on wrangler dev (a private snapshot, a fresh D1), its second channel on against
 * miniflare's local send_email, and a local fake EmailJS that answers every send with 503.
 *
 * 40 people, each from an address of their own, load the page, take 3 to 5 s and post, over about
 * a minute. The run then watches the leads CSV (signed in as the password admin) until every lead
 * is delivered, or 5 minutes pass, and reads D1's lead_attempts once the worker has stopped.
 *
 * Expected: every lead delivered by the second channel, none twice (one delivered attempt per
 * lead), none lost; it prints the time from post to delivery (p50, p99, max), against the goal of
 * p99 within 2 minutes under the queue's retry schedule. Exits 1 when an expectation fails.
 */
import { startFakeEmailJs } from '../../tests/support/fake-emailjs.ts'
import { loadForm, untilPostable } from '../../scripts/lib/contact-form.mjs'
import { d1Query } from '../../scripts/lib/d1-local.mjs'
import { snapshotBuild } from '../../scripts/lib/snapshot.mjs'
import { serveKeepingState } from './kept-state-server.mjs'
import { signIn } from './sign-in.mjs'
import { markdownTable } from './table.mjs'

const SECOND = 1000
const SERVICE_ID = 'service_primary_down'
const PEOPLE = 40
const SPREAD_SECONDS = 60
const DEADLINE_MS = 5 * 60 * SECOND
const PASSWORD = 'primary-down-password'

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** @param {number[]} sorted @param {number} q */
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN

/** id → { status, deliveredAt, via } from the leads CSV. @param {string} base @param {string} cookie */
async function leadStates(base, cookie) {
  const csv = await (await fetch(`${base}/admin/leads.csv`, { headers: { cookie } })).text()
  const rows = csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => JSON.parse(`[${line}]`))
  const [header = [], ...body] = rows
  const at = (/** @type {string} */ name) => header.indexOf(name)
  return new Map(
    body.map((row) => [
      row[at('id')],
      { status: row[at('status')], deliveredAt: row[at('delivered (UTC)')], via: row[at('delivered via')] },
    ]),
  )
}

/** @param {{ build?: boolean }} options */
export async function runPrimaryDown({ build = true } = {}) {
  /** @type {(() => Promise<void> | void)[]} */
  const cleanups = []
  try {
    const snapshot = snapshotBuild({ build })
    cleanups.push(() => snapshot.remove())
    const fake = await startFakeEmailJs()
    cleanups.push(() => fake.close().catch(() => undefined))
    await fetch(`${fake.url}/__control`, {
      method: 'POST',
      body: JSON.stringify({ service_id: SERVICE_ID, fallback: '503' }),
    })
    const {
      base,
      persistDir,
      stop: stopServer,
    } = await serveKeepingState(
      snapshot,
      {
        EMAILJS_API_BASE: fake.url,
        EMAILJS_PUBLIC_KEY: 'primary-down-public-key',
        EMAILJS_SERVICE_ID: SERVICE_ID,
        EMAILJS_TEMPLATE_ID: 'template_primary_down',
        SALES_EMAIL_TO: 'sales@example.com',
        SALES_EMAIL_FROM: 'leads@example.com',
        ADMIN_PASSWORD: PASSWORD,
      },
      cleanups,
    )

    console.error(`• primary down: ${PEOPLE} leads over ${SPREAD_SECONDS} s, EmailJS answering 503…`)
    /** @type {Map<string, number>} */
    const postedAt = new Map()
    let refused = 0
    await Promise.all(
      Array.from({ length: PEOPLE }, async (_, n) => {
        await sleep((n * SPREAD_SECONDS * SECOND) / PEOPLE)
        const ip = `203.0.113.${n + 1}`
        const form = await loadForm(base, { 'cf-connecting-ip': ip })
        await untilPostable(form.servedAt, Math.random() * 2 * SECOND)
        const res = await fetch(`${base}/api/contact`, {
          method: 'POST',
          headers: {
            origin: base,
            'sec-fetch-site': 'same-origin',
            'content-type': 'application/json',
            'cf-connecting-ip': ip,
          },
          body: JSON.stringify({
            name: `Down ${n}`,
            email: `down-${n}@example.com`,
            phone: '+44 20 7946 0958',
            inquiry: `We would like a 3D store. (${n})`,
            formToken: form.token,
          }),
        })
        const { id } = /** @type {{ id?: string }} */ (await res.json().catch(() => ({})))
        if (res.status === 202 && id) postedAt.set(id, Date.now())
        else refused++
      }),
    )
    const cookie = await signIn(base, PASSWORD)
    let states = await leadStates(base, cookie)
    for (const deadline = Date.now() + DEADLINE_MS; Date.now() < deadline; await sleep(2 * SECOND)) {
      states = await leadStates(base, cookie)
      if ([...postedAt.keys()].every((id) => states.get(id)?.status === 'delivered')) break
    }
    const emailJsTries = (await (await fetch(`${fake.url}/__received?service_id=${SERVICE_ID}`)).json())
      .length
    await stopServer()
    const attempts = persistDir
      ? /** @type {{ lead_id: string, channel: string, outcome: string }[]} */ (
          await d1Query(persistDir, 'SELECT lead_id, channel, outcome FROM lead_attempts')
        )
      : []
    const deliveredAttempts = new Map()
    for (const a of attempts.filter((a) => a.outcome === 'delivered'))
      deliveredAttempts.set(a.lead_id, (deliveredAttempts.get(a.lead_id) ?? 0) + 1)
    const ids = [...postedAt.keys()]
    const delivered = ids.filter((id) => states.get(id)?.status === 'delivered')
    const bySecond = delivered.filter((id) => states.get(id)?.via === 'sales-email')
    const duplicates = ids.filter((id) => (deliveredAttempts.get(id) ?? 0) > 1)
    const lost = ids.length - delivered.length
    const seconds = delivered
      .map((id) => (Date.parse(states.get(id)?.deliveredAt ?? '') - (postedAt.get(id) ?? 0)) / SECOND)
      .sort((a, b) => a - b)
    const table = markdownTable(
      [
        'leads posted',
        'delivered',
        'by the second channel',
        'EmailJS tries (all 503)',
        'duplicates',
        'lost',
        'post → delivery p50',
        'p99',
        'max',
      ],
      [
        [
          ids.length,
          delivered.length,
          bySecond.length,
          emailJsTries,
          duplicates.length,
          lost,
          `${quantile(seconds, 0.5).toFixed(0)} s`,
          `${quantile(seconds, 0.99).toFixed(0)} s`,
          `${(seconds.at(-1) ?? NaN).toFixed(0)} s`,
        ],
      ],
    )
    const checks = [
      [`${ids.length} of ${PEOPLE} posts accepted (${refused} refused)`, ids.length === PEOPLE],
      [`${bySecond.length} of ${ids.length} delivered by the second channel`, bySecond.length === ids.length],
      [`${duplicates.length} delivered twice`, duplicates.length === 0],
      [`${lost} lost`, lost === 0],
      [`p99 ${quantile(seconds, 0.99).toFixed(0)} s within 120 s`, quantile(seconds, 0.99) <= 120],
    ]
    console.log(`\nPrimary down: ${PEOPLE} leads\n\n${table}\n`)
    for (const [what, ok] of checks) console.log(`${ok ? '✓' : '✗'} ${what}`)
    return checks.every(([, ok]) => ok) ? 0 : 1
  } finally {
    for (const step of cleanups.reverse()) await step()
  }
}
