/**
 * `npm run load -- --bot-wave`: a minute of bots and people against the production build (wrangler
 * dev of a private snapshot, a fresh D1, the default daily e-mail cap of 100, a local fake
 * EmailJS), then what became of every post, read back from the fake EmailJS and from D1.
 *
 * - Bots: 1,000 posts in about a minute from 200 IPv6 /64s (5 each, the contact rate limit's
 *   allowance), in four kinds of 250: JSON without a form token; a forged token; the form posted
 *   within 1 s of loading it; the hidden field filled (with a good token, so it is the one rule
 *   broken).
 * - One token reused (security review S8): a client posts one good token the 3 times a token
 *   allows before the wave (3 leads, as a person sending three messages would be), then 1,000
 *   more times over the minute. The rate limit answers most with 429; every one it lets through
 *   is spam, "form token reused".
 * - People: 20 visitors, each from an address of their own, who load the page, take 3 to 5 s
 *   and post with its token.
 *
 * Expected: 20 of 20 people delivered, no bot post e-mailed, the cap counter at 20 plus the
 * token's 3, every bot post stored as spam with a reason (or refused with 429), no 5xx. Prints the table the README shows; exits 1 when an
 * expectation fails.
 */
import { randomBytes } from 'node:crypto'
import { startFakeEmailJs } from '../../tests/support/fake-emailjs.ts'
import { loadForm, untilPostable } from '../../scripts/lib/contact-form.mjs'
import { d1Query } from '../../scripts/lib/d1-local.mjs'
import { snapshotBuild } from '../../scripts/lib/snapshot.mjs'
import { serveKeepingState } from './kept-state-server.mjs'
import { BOTS, KINDS, PEOPLE, REUSE_KIND, REUSES, TOKEN_ALLOWANCE, waveReport } from './bot-wave-report.mjs'

const SECOND = 1000
const SERVICE_ID = 'service_botwave'
const NETWORKS = 200
const WAVE_SECONDS = 60
const REUSE_IP = '198.51.100.201'

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** @param {string} base */
const sameOrigin = (base) => ({
  origin: base,
  'sec-fetch-site': 'same-origin',
  'content-type': 'application/json',
})

/** @param {string} marker */
const fields = (marker) => ({
  name: `Wave ${marker}`,
  email: `wave-${marker}@example.com`,
  phone: '+44 20 7946 0958',
  inquiry: `We would like a 3D store. (${marker})`,
})

/**
 * @param {string} base
 * @param {string} ip
 * @param {Record<string, unknown>} body
 */
async function post(base, ip, body) {
  const res = await fetch(base + '/api/contact', {
    method: 'POST',
    headers: { ...sameOrigin(base), 'cf-connecting-ip': ip },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30 * SECOND),
  })
  const text = await res.text()
  let id
  try {
    id = JSON.parse(text).id
  } catch {
    // not JSON: counted by its status
  }
  return { status: res.status, id: typeof id === 'string' ? id : undefined }
}

/** @param {{ build?: boolean }} options */
export async function runBotWave({ build = true } = {}) {
  /** @type {(() => Promise<void> | void)[]} */
  const cleanups = []
  try {
    const snapshot = snapshotBuild({ build })
    cleanups.push(() => snapshot.remove())
    const fake = await startFakeEmailJs()
    cleanups.push(() => fake.close().catch(() => undefined))
    const {
      base,
      persistDir,
      stop: stopServer,
    } = await serveKeepingState(
      snapshot,
      {
        EMAILJS_API_BASE: fake.url,
        EMAILJS_PUBLIC_KEY: 'botwave-public-key',
        EMAILJS_SERVICE_ID: SERVICE_ID,
        EMAILJS_TEMPLATE_ID: 'template_botwave',
      },
      cleanups,
    )
    const run = randomBytes(4).toString('hex')

    // One good token served before the wave, for the hidden-field bots: the first of them breaks
    // only that rule; the rest replay its token too (the table counts the hidden-field reason).
    const early = await loadForm(base, { 'cf-connecting-ip': '198.51.100.200' })
    await untilPostable(early.servedAt)
    // The reused token spends its allowance first: three leads, like a person's three messages.
    const reused = await loadForm(base, { 'cf-connecting-ip': REUSE_IP })
    await untilPostable(reused.servedAt)
    const allowance = []
    for (let n = 0; n < TOKEN_ALLOWANCE; n++)
      allowance.push(
        await post(base, REUSE_IP, { ...fields(`${run}-allowance-${n}`), formToken: reused.token }),
      )

    console.error(
      `• bot wave: ${BOTS} bot posts from ${NETWORKS} /64s and ${PEOPLE} people over ${WAVE_SECONDS} s…`,
    )
    const started = Date.now()
    /** @type {{ kind: string, marker: string, status: number, id?: string }[]} */
    const bots = []
    /** @type {{ marker: string, status: number, id?: string }[]} */
    const people = []
    const botPosts = Array.from({ length: BOTS }, async (_, n) => {
      await sleep((n * WAVE_SECONDS * SECOND) / BOTS)
      const kind = KINDS[n % KINDS.length] ?? 'no token'
      const marker = `${run}-bot-${n}`
      const ip = `2001:db8:${(n % NETWORKS).toString(16)}:1::${(n % 7) + 1}`
      /** @type {Record<string, unknown>} */
      const body = { ...fields(marker) }
      if (kind === 'forged token')
        body.formToken = `${Date.now().toString(36)}.${randomBytes(32).toString('base64url')}`
      if (kind === 'posted within 1 s')
        body.formToken = (await loadForm(base, { 'cf-connecting-ip': ip })).token
      if (kind === 'hidden field filled')
        Object.assign(body, { formToken: early.token, website: 'https://spam.example' })
      bots.push({ kind, marker, ...(await post(base, ip, body)) })
    })
    const reusePosts = Array.from({ length: REUSES }, async (_, n) => {
      await sleep((n * WAVE_SECONDS * SECOND) / REUSES)
      const marker = `${run}-reuse-${n}`
      bots.push({
        kind: REUSE_KIND,
        marker,
        ...(await post(base, REUSE_IP, { ...fields(marker), formToken: reused.token })),
      })
    })
    const personPosts = Array.from({ length: PEOPLE }, async (_, n) => {
      await sleep((n * (WAVE_SECONDS - 6) * SECOND) / PEOPLE)
      const ip = `203.0.113.${n + 1}`
      const form = await loadForm(base, { 'cf-connecting-ip': ip })
      // Reading and typing: 3 to 5 s after the page was served.
      await untilPostable(form.servedAt, Math.random() * 2 * SECOND)
      const marker = `${run}-person-${n}`
      people.push({ marker, ...(await post(base, ip, { ...fields(marker), formToken: form.token })) })
    })
    await Promise.all([...botPosts, ...reusePosts, ...personPosts])
    const waveSeconds = (Date.now() - started) / SECOND

    // People's leads reach the fake EmailJS at about one a second.
    /** @returns {Promise<{ body: any, status: number }[]>} */
    const received = async () => (await fetch(`${fake.url}/__received?service_id=${SERVICE_ID}`)).json()
    const mailed = async () =>
      new Set(
        (await received())
          .filter((r) => r.status === 200)
          .map((r) => /^wave-(.+)@example\.com$/.exec(r.body?.template_params?.email ?? '')?.[1]),
      )
    for (const deadline = Date.now() + 90 * SECOND; Date.now() < deadline; await sleep(2 * SECOND)) {
      const got = await mailed()
      if (people.every((p) => got.has(p.marker))) break
    }
    const got = await mailed()
    // D1 is read from wrangler dev's local state once it has stopped.
    await stopServer()
    const rows = persistDir
      ? /** @type {{ id: string, status: string, spam_reasons: string | null }[]} */ (
          await d1Query(persistDir, 'SELECT id, status, spam_reasons FROM leads')
        )
      : []
    const byId = new Map(rows.map((row) => [row.id, row]))
    const dayStart = new Date().toISOString().slice(0, 10)
    const capCounter = (
      await d1Query(
        persistDir ?? '',
        `SELECT COUNT(*) AS n FROM leads WHERE received_at >= '${dayStart}' AND status NOT IN ('held', 'spam')`,
      )
    )[0]?.n

    const { table, checks } = waveReport({ bots, people, allowance, byId, got, capCounter })
    console.log(`\nBot wave: ${BOTS + REUSES + PEOPLE} posts in ${waveSeconds.toFixed(0)} s\n\n${table}\n`)
    for (const [what, ok] of checks) console.log(`${ok ? '✓' : '✗'} ${what}`)
    return checks.every(([, ok]) => ok) ? 0 : 1
  } finally {
    for (const step of cleanups.reverse()) await step()
  }
}
