/**
 * The leads of the load: one form token per post, each lead's body, and the accounting once
 * the run is over (what the fake EmailJS received against what D1 holds).
 */
import { d1Query } from '../../scripts/lib/d1-local.mjs'
import { sameOriginHeaders } from './traffic.mjs'
import { SERVICE_ID, RUN_ID, SECOND, state, sleep, fetchOk } from './context.mjs'
/** The posts made, the leads the worker accepted (202 with an id), and how each was answered. */
/**
 * @param {string[]} formTokens unspent form tokens: a post takes one, and gives it back unless it
 * was accepted (a post refused before it was judged, a 429, spends nothing)
 */
export function leadBook(formTokens) {
  let seq = 0
  const unspent = [...formTokens]
  /** @type {Map<string, { token: string, className: string }>} lead id → token */
  const accepted = new Map()
  /** @type {Map<string, number>} token → status of the answer */
  const answered = new Map()
  return {
    accepted,
    answered,
    /**
     * @param {string} base
     * @param {string} className
     * @param {(n: number) => string} address the CF-Connecting-IP of post n
     * @returns {LoadRequest}
     */
    request(base, className, address) {
      const headers = { ...sameOriginHeaders(base), 'content-type': 'application/json' }
      return {
        method: 'POST',
        path: '/api/contact',
        // Called right before each request is written (autocannon, pipelining 1), so the
        // context's token is the one of the request its response answers.
        setupRequest: (req, context) => {
          const n = ++seq
          const token = `${RUN_ID}-${n}`
          const formToken = unspent.pop()
          if (!formToken) throw new Error(`all ${formTokens.length} form tokens were spent: load more forms`)
          context.token = token
          context.formToken = formToken
          return {
            ...req,
            headers: { ...headers, 'cf-connecting-ip': address(n) },
            body: JSON.stringify({ ...leadBody(token, n), formToken }),
          }
        },
        onResponse: (status, body, context) => {
          const token = String(context.token)
          answered.set(token, status)
          if (status !== 202) {
            unspent.push(String(context.formToken))
            return
          }
          try {
            const id = JSON.parse(body).id
            if (typeof id === 'string') accepted.set(id, { token, className })
          } catch {
            // counted as a lead without an id below
            accepted.set(`(no id: ${token})`, { token, className })
          }
        },
      }
    },
  }
}

/** @param {string} token @param {number} n */
export function leadBody(token, n) {
  return {
    name: `Load Test ${n}`,
    email: `load-${token}@example.com`,
    phone: '+1 555 0100',
    inquiry: `Load test lead ${n} of run ${RUN_ID}.`,
    time: new Date().toUTCString(),
  }
}

/** @param {unknown} body the JSON the fake EmailJS received */
export function tokenOf(body) {
  const email = /** @type {any} */ (body)?.template_params?.email
  return typeof email === 'string' ? /^load-(.+)@example\.com$/.exec(email)?.[1] : undefined
}

/**
 * Every request the fake EmailJS has had for this run's service, with the status it answered.
 * @param {string} fakeUrl
 * @returns {Promise<{ body: unknown, status: number, at: number }[]>}
 */
export async function receivedLeads(fakeUrl) {
  const res = await fetchOk(`${fakeUrl}/__received?service_id=${SERVICE_ID}`)
  return res.json()
}

/**
 * Polls the fake EmailJS until every accepted lead has arrived with a 200 answer, or the time is up.
 * @param {string} fakeUrl
 * @param {ReturnType<typeof leadBook>} leads
 * @param {number} seconds
 * @returns {Promise<void>}
 */
export async function drainLeads(fakeUrl, leads, seconds) {
  const started = Date.now()
  let lastLog = started
  for (;;) {
    const received = await receivedLeads(fakeUrl)
    const delivered = new Set(received.filter((r) => r.status === 200).map((r) => tokenOf(r.body)))
    const missing = [...leads.accepted.values()].filter((a) => !delivered.has(a.token)).length
    if (missing === 0 || Date.now() - started >= seconds * SECOND || state.aborting) {
      console.error(
        `• ${missing} accepted leads not delivered after ${Math.round((Date.now() - started) / SECOND)} s`,
      )
      return
    }
    if (Date.now() - lastLog >= 10 * SECOND) {
      console.error(`  …${missing} still on their way`)
      lastLog = Date.now()
    }
    await sleep(2 * SECOND)
  }
}

/**
 * The D1 rows of the accepted leads, read from wrangler dev's local state after it stopped
 * (`wrangler d1 execute --local --json`, as the README shows for people).
 * @param {string} persistDir
 * @param {ReturnType<typeof leadBook>} leads
 * @returns {Promise<Map<string, { status: string, attempts: number }> | undefined>}
 */
export async function readLeadRecords(persistDir, leads) {
  const ids = [...leads.accepted.keys()].filter((id) => /^[0-9a-f-]{36}$/.test(id))
  if (ids.length === 0) return new Map()
  const query = `SELECT id, status, attempts FROM leads WHERE id IN (${ids.map((id) => `'${id}'`).join(',')})`
  try {
    const rows = await d1Query(persistDir, query)
    return new Map(rows.map((/** @type {any} */ row) => [row.id, row]))
  } catch (error) {
    console.error('• could not read the leads from D1:', error instanceof Error ? error.message : error)
    return undefined
  }
}

/**
 * @param {ReturnType<typeof leadBook>} leads
 * @param {{ body: unknown, status: number }[]} received
 * @param {Map<string, any> | undefined} records
 */
export function accountLeads(leads, received, records) {
  /** @type {Map<string, number>} */
  const deliveries = new Map()
  let emailJs429 = 0
  for (const r of received) {
    if (r.status === 429) emailJs429++
    const token = tokenOf(r.body)
    if (r.status === 200 && token) deliveries.set(token, (deliveries.get(token) ?? 0) + 1)
  }
  const acceptedTokens = new Set([...leads.accepted.values()].map((a) => a.token))
  const answers = [...leads.answered.values()]
  let delivered = 0
  let pendingWithRecord = 0
  /** @type {{ id: string, token: string, record: unknown }[]} */
  const unaccounted = []
  /** @type {Record<string, number>} */
  const recordStatuses = {}
  for (const [id, { token }] of leads.accepted) {
    const record = records?.get(id)
    if (record) recordStatuses[record.status] = (recordStatuses[record.status] ?? 0) + 1
    if (deliveries.has(token)) delivered++
    else if (record && ['accepted', 'sending', 'retrying'].includes(record.status)) pendingWithRecord++
    else unaccounted.push({ id, token, record: record ?? null })
  }
  const extra = [...deliveries.keys()].filter((t) => !acceptedTokens.has(t))
  return {
    posts: answers.length,
    accepted: leads.accepted.size,
    rateLimited: answers.filter((s) => s === 429).length,
    otherAnswers: answers.filter((s) => s !== 202 && s !== 429).length,
    delivered,
    pendingWithRecord,
    unaccounted,
    duplicateDeliveries: [...deliveries.values()].filter((n) => n > 1).length,
    emailJs429,
    // Posts still in flight when the load stopped: the worker took them, the answer was cut off.
    deliveredAnswerNotSeen: extra.filter((t) => !leads.answered.has(t)).length,
    // A lead the worker refused (429, 4xx) must never be sent.
    deliveredThoughRefused: extra.filter((t) => leads.answered.has(t)).length,
    storeRead: records !== undefined,
    recordStatuses,
  }
}
