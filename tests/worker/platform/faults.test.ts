/**
 * Fault injection. EmailJS, the settings database (the fake RTDB) and its OAuth token endpoint
 * fail in the ways we know of: refused and dropped connections, hangs past the timeout, 429,
 * 5xx, garbage and odd 2xx/3xx answers. The site must not lose a lead, e-mail one twice, take a
 * page down, or write a secret to a log.
 *
 * Leads enter through the worker's front door (its fetch handler); the LEADS producer is captured
 * and the worker's queue handler is driven by a small simulation of the queues of wrangler.toml
 * (batches of 10, max_retries 8, then the dead letter queue) on a virtual clock, so two hours of outage and
 * retries run in seconds. Each test scripts the fake EmailJS server for its own service id, so
 * other test files never see these faults.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { external } from '../../../src/content/external'
import type { Bindings } from '../../../src/env'
import { EMAILJS_SEND_PATH, emailJsConfig, sendEmail } from '../../../src/server/leads/services/emailjs'
import worker from '../../../src/worker'
import {
  env,
  captureConsole,
  CONFIGURED,
  fakeEmailJs,
  uniqueIpv4,
  leadRecord,
  ORIGIN,
  validContact,
  type EmailJsAnswer as Answer,
  ADMIN,
  callApp,
  generateServiceAccount,
  newDatabase,
  putInit,
  rtdbBase,
  capturingQueue,
  drainQueues,
  withoutSendSpacing,
  LEADS_QUEUE,
  QUEUES,
  NEW_URL,
  DB_SECRET,
} from '../support'
import { REAL_TIMINGS, TEST_BUDGET_MS } from '../../support/timings'

/** Nothing listens here: connections are refused at once. */
const CLOSED_PORT_BASE = 'http://127.0.0.1:1'

/** Secrets that are configured for every test (tests/vitest.config.ts). */
const CONFIGURED_SECRETS = [CONFIGURED.privateKey, CONFIGURED.publicKey, ADMIN.password]

function expectNoSecrets(text: string, secrets: string[]) {
  for (const secret of secrets) expect(text, 'a secret leaked').not.toContain(secret)
}

/** POST /api/contact through the worker's fetch handler, as a same-origin browser. */
async function submitLead(contact: Record<string, string>, workerEnv: Bindings, ip = uniqueIpv4()) {
  const ctx = createExecutionContext()
  const response = await worker.fetch(
    new Request(`${ORIGIN}/api/contact`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: ORIGIN,
        'Sec-Fetch-Site': 'same-origin',
        'CF-Connecting-IP': ip,
      },
      body: JSON.stringify(contact),
    }),
    workerEnv,
    ctx,
  )
  await waitOnExecutionContext(ctx)
  return response
}

const tookTheEmail = (status: number) => status >= 200 && status < 300

// --- EmailJS faults ---

interface Phase {
  from: number
  name: string
  /** Where the consumer sends (default: the fake EmailJS). */
  apiBase?: string
  /** One-off answers at the start of the phase, then `fallback` for every request. */
  script?: Answer[]
  fallback?: Answer
}

describe('EmailJS faults: every accepted lead is delivered once or dead-lettered with its reason', () => {
  it('counts 16 leads through a two-hour outage of every kind', async () => {
    const serviceId = `svc-faults-${crypto.randomUUID()}`
    const maintenance = `${env.EMAILJS_API_BASE}/__received?service_id=maintenance-page`
    const echoedRequest = JSON.stringify({
      user_id: CONFIGURED.publicKey,
      service_id: serviceId,
      accessToken: CONFIGURED.privateKey,
    })
    // Virtual seconds. Leads arrive every 10 minutes from t=0; EmailJS recovers at t=7500.
    const phases: Phase[] = [
      { from: 0, name: 'refused', apiBase: CLOSED_PORT_BASE },
      { from: 1800, name: 'dropped', fallback: 'drop' },
      {
        from: 3600,
        name: 'bad gateway',
        script: ['400'], // one configuration error on the way: dead-lettered at once
        fallback: { status: 502, body: '<html><body><h1>502 Bad Gateway</h1></body></html>' },
      },
      {
        from: 4800,
        name: 'unavailable',
        fallback: { status: 503, body: 'Service Unavailable', headers: { 'Retry-After': '300' } },
      },
      {
        from: 5400,
        name: 'error page echoing the request',
        fallback: { status: 500, body: `<pre>Unhandled error for request ${echoedRequest}</pre>` },
      },
      { from: 6000, name: 'rate limited', fallback: '429' },
      { from: 6300, name: 'redirected', fallback: { status: 302, headers: { Location: maintenance } } },
      {
        from: 7500,
        name: 'recovered, answering oddly',
        script: [
          { status: 200, body: '<!doctype html><title>OK</title>', headers: { 'Content-Type': 'text/html' } },
          { status: 202, body: '' },
          {
            status: 200,
            body: '\u0000\u0001\u00ff junk',
            headers: { 'Content-Type': 'application/octet-stream' },
          },
          { status: 200, body: 'OK', delayMs: TEST_BUDGET_MS / 4 }, // slow, but within the budget
          { status: 503, body: 'Service Unavailable', delayMs: TEST_BUDGET_MS + 500 }, // hangs past the budget
        ],
        fallback: 'ok',
      },
    ]
    const phaseAt = (t: number) => phases.filter((p) => p.from <= t).at(-1)!
    let applied: Phase | undefined
    const envAt = async (t: number): Promise<Partial<Bindings>> => {
      const phase = phaseAt(t)
      if (phase !== applied) {
        await fakeEmailJs.control(serviceId, { script: phase.script ?? [], fallback: phase.fallback ?? 'ok' })
        applied = phase
      }
      return { EMAILJS_SERVICE_ID: serviceId, EMAILJS_API_BASE: phase.apiBase ?? env.EMAILJS_API_BASE }
    }

    const logs = captureConsole()
    let submittedAt = 0
    const producer = capturingQueue(() => submittedAt)
    const frontDoorEnv = { ...env, EMAILJS_SERVICE_ID: serviceId, LEADS: producer.queue }
    const contacts = Array.from({ length: 16 }, () => validContact())
    const accepted: { id: string; name: string }[] = []
    for (const [i, contact] of contacts.entries()) {
      submittedAt = i * 600
      // An address of its own, from the counter every worker test shares: the files share one
      // workerd and its rate limiter, and a spelled-out address had met another file's posts.
      const response = await submitLead(contact, frontDoorEnv, uniqueIpv4())
      expect(response.status).toBe(202)
      const { id } = (await response.json()) as { id: string }
      accepted.push({ id, name: contact.name })
    }
    expect(producer.sent.map((m) => (m.body as { id: string }).id)).toEqual(accepted.map((a) => a.id))

    const run = await withoutSendSpacing(() => drainQueues(producer.sent, envAt))

    const received = await fakeEmailJs.received(serviceId)
    const outcomes = await Promise.all(
      accepted.map(async ({ id, name }) => {
        const sends = received.filter((r) => r.body.template_params?.name === name)
        return {
          id,
          record: await leadRecord(id),
          attempts: sends.length,
          emailed: sends.filter((r) => tookTheEmail(r.status)).length,
        }
      }),
    )
    const delivered = outcomes.filter((o) => o.record?.status === 'delivered')
    const deadLettered = outcomes.filter((o) => o.record?.status === 'dead')
    const counts = {
      accepted: accepted.length,
      deliveredOnce: delivered.filter((o) => o.emailed === 1).length,
      deadLettered: deadLettered.filter((o) => o.emailed === 0 && o.record?.lastError).length,
      duplicates: outcomes.reduce((sum, o) => sum + Math.max(0, o.emailed - 1), 0),
      missingFromStore: outcomes.filter((o) => o.record === null).length,
      unsettled: outcomes.filter((o) => o.record && !['delivered', 'dead'].includes(o.record.status)).length,
      implicitlyAcked: run.implicitlyAcked.length,
      droppedByDeadLetterQueue: run.dropped.length,
    }

    expect(counts).toEqual({
      accepted: 16,
      deliveredOnce: delivered.length,
      deadLettered: deadLettered.length,
      duplicates: 0,
      missingFromStore: 0,
      unsettled: 0,
      implicitlyAcked: 0,
      droppedByDeadLetterQueue: 0,
    })
    expect(counts.deliveredOnce + counts.deadLettered).toBe(counts.accepted)
    // The run must exercise both ends, or it proves little.
    expect(counts.deliveredOnce).toBeGreaterThan(0)
    expect(counts.deadLettered).toBeGreaterThan(0)

    // Queues deliver at least once: the delivered leads' messages arriving again e-mail nobody.
    const deliveredIds = new Set(delivered.map((o) => o.id))
    const again = producer.sent
      .filter((m) => deliveredIds.has((m.body as { id: string }).id))
      .map((m) => ({ ...m, msgId: `msg-${crypto.randomUUID()}`, availableAt: 0 }))
    const rerun = await withoutSendSpacing(() => drainQueues(again, envAt))
    expect(rerun).toMatchObject({ batches: 1, implicitlyAcked: [], dropped: [] })
    expect(await fakeEmailJs.received(serviceId)).toHaveLength(received.length)

    for (const { record, emailed } of deadLettered) {
      expect(emailed).toBe(0)
      // Still the whole lead, for a person to send again once EmailJS is fixed.
      expect(record).toMatchObject({ status: 'dead', name: expect.any(String), email: expect.any(String) })
      expect(record!.lastError).toMatch(/^EmailJS (network error|\d{3})/)
    }
    for (const { record } of delivered) expect(record).toMatchObject({ deliveredVia: 'emailjs' })
    // A lead delivered after a fault was tried again, not dropped: the early ones needed retries.
    expect(Math.max(...delivered.map((o) => o.attempts))).toBeGreaterThan(1)
    // EmailJS took exactly one e-mail per delivered lead, and the redirect target none.
    expect(received.filter((r) => tookTheEmail(r.status))).toHaveLength(counts.deliveredOnce)
    expect(await fakeEmailJs.received('maintenance-page')).toEqual([])
    // The odd answers of the recovery were all used: the 202, and the 503 that hung past the budget.
    expect(received.filter((r) => r.status === 202)).toHaveLength(1)
    const firstDelivery = received.findIndex((r) => tookTheEmail(r.status))
    // (the fake notes the 503 only when it answers, half a second after the worker gave up)
    expect(received.slice(firstDelivery).filter((r) => !tookTheEmail(r.status))).toHaveLength(1)
    // Both ways into the dead-letter list were taken: refused at once, and retries exhausted.
    expect(
      deadLettered.some((o) => o.record!.attempts === 1 && /^EmailJS 400/.test(o.record!.lastError!)),
    ).toBe(true)
    expect(deadLettered.some((o) => o.record!.attempts === 1 + QUEUES[LEADS_QUEUE]!.maxRetries)).toBe(true)

    // Logs name leads by id: every dead letter is there, no key is.
    for (const { id } of deadLettered)
      expect(logs.find({ area: 'leads', message: 'lead dead', leadId: id })).toHaveLength(1)
    expectNoSecrets(logs.text(), CONFIGURED_SECRETS)
    for (const { record } of outcomes) expectNoSecrets(JSON.stringify(record), CONFIGURED_SECRETS)
  }, 40_000)
})

describe('EmailJS answers, one by one', () => {
  async function answerWith(answer: Answer) {
    const serviceId = `svc-${crypto.randomUUID()}`
    await fakeEmailJs.control(serviceId, { script: [answer] })
    const config = emailJsConfig({ ...env, EMAILJS_SERVICE_ID: serviceId })
    if (!config.configured) throw new Error('test EmailJS config missing')
    const lead = { name: 'N', email: 'n@example.com', phone: '1', inquiry: 'i', localTime: 't' }
    const result = await sendEmail(config, lead)
    const received = await fakeEmailJs.received(serviceId)
    return { result, received }
  }

  const html = { 'Content-Type': 'text/html' }
  it.each<[string, Answer]>([
    ['200 with an HTML page', { status: 200, body: '<!doctype html><p>Maintenance</p>', headers: html }],
    ['200 with JSON nobody asked for', { status: 200, body: '{"status":"queued?"}' }],
    [
      '200 with binary junk',
      { status: 200, body: '\u0000\u00ff\ufffd', headers: { 'Content-Type': 'image/png' } },
    ],
    ['202 with no body', { status: 202, body: '' }],
    ['204 No Content', { status: 204 }],
  ])('%s means EmailJS took the e-mail: delivered', async (_name, answer) => {
    const { result, received } = await answerWith(answer)
    expect(result).toEqual({ outcome: 'delivered' })
    expect(received).toHaveLength(1)
  })

  it.each<[string, Answer, RegExp, number | undefined]>([
    [
      '502 with an HTML page',
      { status: 502, body: '<html>Bad Gateway</html>', headers: html },
      /^EmailJS 502 <html>Bad Gateway/,
      undefined,
    ],
    ['500 with broken JSON', { status: 500, body: '{"error": ' }, /^EmailJS 500 \{"error":$/, undefined],
    [
      '503 with a Retry-After date',
      { status: 503, headers: { 'Retry-After': 'Wed, 21 Oct 2026 07:28:00 GMT' } },
      /^EmailJS 503$/,
      undefined,
    ],
    [
      '429 with Retry-After: 5',
      { status: 429, body: 'Too Many Requests', headers: { 'Retry-After': '5' } },
      /^EmailJS 429/,
      5,
    ],
    [
      '429 with a garbage Retry-After',
      { status: 429, headers: { 'Retry-After': 'soon' } },
      /^EmailJS 429$/,
      undefined,
    ],
  ])('%s is retried later', async (_name, answer, reason, retryAfterSeconds) => {
    const { result } = await answerWith(answer)
    expect(result).toMatchObject({ outcome: 'retrying', reason: expect.stringMatching(reason) })
    expect(result.outcome === 'retrying' ? result.retryAfterSeconds : 'not retried').toBe(retryAfterSeconds)
  })

  it.each([301, 302, 303, 307, 308])(
    'a %i redirect (to a maintenance or login page) is not a delivery: not followed, retried',
    async (status) => {
      const location = `${env.EMAILJS_API_BASE}${EMAILJS_SEND_PATH}`
      const { result, received } = await answerWith({ status, headers: { Location: location } })
      expect(result).toMatchObject({
        outcome: 'retrying',
        reason: expect.stringMatching(`^EmailJS ${status}`),
      })
      expect(received.map((r) => r.status)).toEqual([status])
    },
  )

  it('a refused connection is retried', async () => {
    const config = emailJsConfig({ ...env, EMAILJS_API_BASE: CLOSED_PORT_BASE })
    if (!config.configured) throw new Error('test EmailJS config missing')
    const lead = { name: 'N', email: 'n@example.com', phone: '1', inquiry: 'i', localTime: 't' }
    expect(await sendEmail(config, lead)).toMatchObject({
      outcome: 'retrying',
      reason: expect.stringMatching(/^EmailJS network error/),
    })
  })

  it('an error page that echoes our request keeps the keys out of the reason', async () => {
    const echo = `Bad request: {"user_id":"${CONFIGURED.publicKey}","accessToken":"${CONFIGURED.privateKey}"}`
    for (const status of [400, 500]) {
      const { result } = await answerWith({ status, body: echo })
      expect(result.outcome).toBe(status === 400 ? 'dead' : 'retrying')
      const reason = result.outcome === 'delivered' ? '' : result.reason
      expect(reason).toMatch(new RegExp(`^EmailJS ${status} Bad request`))
      expectNoSecrets(reason, [CONFIGURED.publicKey, CONFIGURED.privateKey])
    }
  })

  it('a 200 whose body breaks off is still one delivery: the lead is not e-mailed again', async () => {
    captureConsole()
    const serviceId = `svc-${crypto.randomUUID()}`
    await fakeEmailJs.control(serviceId, { fallback: 'ok' })
    const realFetch = globalThis.fetch.bind(globalThis)
    let cut = 0
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const response = await realFetch(input, init)
      if (!String(input instanceof Request ? input.url : input).endsWith(EMAILJS_SEND_PATH) || cut++ > 0)
        return response
      await response.arrayBuffer()
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('O'))
        },
        pull(controller) {
          controller.error(new Error('Network connection lost.'))
        },
      })
      return new Response(body, { status: response.status, headers: response.headers })
    })
    const contact = validContact()
    const producer = capturingQueue(() => 0)
    const response = await submitLead(contact, { ...env, LEADS: producer.queue })
    expect(response.status).toBe(202)
    const { id } = (await response.json()) as { id: string }
    // Production's budget for the send: with the tests' 1 s, a send slowed past it on a loaded
    // machine timed out before its 200 and was sent again (a red CI run), a fault not this one.
    const run = await withoutSendSpacing(() =>
      drainQueues(producer.sent, async () => ({ EMAILJS_SERVICE_ID: serviceId, ...REAL_TIMINGS })),
    )
    vi.restoreAllMocks()
    expect(cut).toBeGreaterThan(0)
    expect(run.implicitlyAcked).toEqual([])
    const sends = (await fakeEmailJs.received(serviceId)).filter(
      (r) => r.body.template_params?.name === contact.name,
    )
    expect(sends.map((r) => r.status)).toEqual([200])
    expect(await leadRecord(id)).toMatchObject({ status: 'delivered', attempts: 1 })
  })
})

// --- database faults ---

/** Hrefs of every "View in 3D" link of a page, and how many of them are in the header. */
function viewerLinks(html: string) {
  const links = (part: string) =>
    [...part.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)]
      .filter(([, , inner]) =>
        inner!
          .replace(/<[^>]*>/g, '')
          .trim()
          .startsWith('View in 3D'),
      )
      .map(([, attrs]) => (/\bhref="([^"]*)"/.exec(attrs!)?.[1] ?? '').replace(/&amp;/g, '&'))
  const header = /<header\b[\s\S]*?<\/header>/.exec(html)?.[0] ?? ''
  return { all: links(html), inHeader: links(header).length }
}

interface DbFault {
  name: string
  /** The env that point the worker at the faulty database, and what must never be logged. */
  setup(): Promise<{ config: Partial<Bindings>; secrets: string[]; done?: () => Promise<void> }>
  /** What "Error getting URL:" says. */
  logged: RegExp
  /** What some log line says besides. */
  loggedAnywhere?: RegExp
}

/** A database holding NEW_URL, readable with DB_SECRET, answering `answers` first. */
/**
 * A database whose next answers are these: one per request the test makes (a page's read, the
 * save's read of the old value for the history, the write and, after a 503, its one retry).
 */
async function faultyDatabase(...answers: Parameters<Awaited<ReturnType<typeof newDatabase>>['script']>) {
  const db = await newDatabase({ secrets: [DB_SECRET], data: { settings: { view3dUrl: NEW_URL } } })
  await db.script(...answers)
  return db
}

/** A working database behind a service account whose token endpoint is `tokenUri(db)`. */
async function serviceAccountWithTokenEndpoint(tokenUri: (db: { ns: string }) => string) {
  const db = await newDatabase({ data: { settings: { view3dUrl: NEW_URL } } })
  const sa = await generateServiceAccount(tokenUri(db))
  await db.registerAccount(sa)
  const keyLine = sa.account.private_key.split('\n')[1]!
  return { db, config: { FIREBASE_DATABASE_URL: db.url, FIREBASE_SERVICE_ACCOUNT: sa.json }, keyLine }
}

/** A token endpoint on the fake's database paths, so its answers can be scripted. */
async function scriptedTokenEndpoint(
  ...answers: Parameters<Awaited<ReturnType<typeof newDatabase>>['script']>
) {
  const endpoint = await newDatabase()
  await endpoint.script(...answers)
  const sa = await serviceAccountWithTokenEndpoint(() => `${rtdbBase}/oauth2/token?ns=${endpoint.ns}`)
  return { ...sa, endpoint }
}

const dbFaults: DbFault[] = [
  {
    name: 'the database refuses connections',
    setup: async () => ({
      config: { FIREBASE_DATABASE_URL: `${CLOSED_PORT_BASE}/?ns=down`, FIREBASE_AUTH: DB_SECRET },
      secrets: [DB_SECRET],
    }),
    logged: /could not be reached/,
  },
  {
    name: 'the database hangs, past production’s own 2.5 s budget',
    setup: async () => {
      const db = await faultyDatabase(...Array(4).fill({ hang: true }))
      return {
        // The one test of a full-length budget: production's durations (the others run on 1 s).
        config: { FIREBASE_DATABASE_URL: db.url, FIREBASE_AUTH: DB_SECRET, ...REAL_TIMINGS },
        secrets: [DB_SECRET],
        done: () => db.release(),
      }
    },
    logged: /temporarily unavailable|did not answer within/,
    // Production's budget is the one waited for, all of it.
    loggedAnywhere: /did not answer within 2500 ms/,
  },
  {
    name: 'the database answers 401 (a wrong or revoked secret)',
    setup: async () => {
      const db = await faultyDatabase()
      const wrong = `wrong-${DB_SECRET}`
      return { config: { FIREBASE_DATABASE_URL: db.url, FIREBASE_AUTH: wrong }, secrets: [wrong] }
    },
    logged: /Permission denied/,
  },
  {
    name: 'the database answers 503',
    setup: async () => {
      const answer = { status: 503, body: '{"error" : "Service Unavailable"}' }
      const db = await faultyDatabase(...Array(4).fill(answer))
      return { config: { FIREBASE_DATABASE_URL: db.url, FIREBASE_AUTH: DB_SECRET }, secrets: [DB_SECRET] }
    },
    logged: /temporarily unavailable/,
  },
  {
    name: 'the database answers 200 with an HTML page',
    setup: async () => {
      const db = await faultyDatabase(...Array(4).fill({ garbage: true }))
      return { config: { FIREBASE_DATABASE_URL: db.url, FIREBASE_AUTH: DB_SECRET }, secrets: [DB_SECRET] }
    },
    logged: /not JSON/,
  },
  {
    name: 'the database answers 200 with JSON cut short',
    setup: async () => {
      const answer = { status: 200, body: '"https://viewer.exa' }
      const db = await faultyDatabase(...Array(4).fill(answer))
      return { config: { FIREBASE_DATABASE_URL: db.url, FIREBASE_AUTH: DB_SECRET }, secrets: [DB_SECRET] }
    },
    logged: /not JSON/,
  },
  {
    name: 'the OAuth token endpoint refuses connections',
    setup: async () => {
      const { config, keyLine } = await serviceAccountWithTokenEndpoint(() => `${CLOSED_PORT_BASE}/token`)
      return { config, secrets: [keyLine] }
    },
    logged: /token request to .* failed/,
  },
  {
    name: 'the OAuth token endpoint hangs',
    setup: async () => {
      const { config, keyLine, endpoint } = await scriptedTokenEndpoint({ hang: true }, { hang: true })
      return { config, secrets: [keyLine], done: () => endpoint.release() }
    },
    logged: /token request to .* timed out/,
  },
  {
    name: 'the OAuth token endpoint answers 503',
    setup: async () => {
      const answer = { status: 503, body: '{"error":"backendError"}' }
      const { config, keyLine } = await scriptedTokenEndpoint(answer, answer)
      return { config, secrets: [keyLine] }
    },
    logged: /refused the service account \(503/,
  },
  {
    name: 'the OAuth token endpoint answers garbage',
    setup: async () => {
      const { config, keyLine } = await scriptedTokenEndpoint({ garbage: true }, { garbage: true })
      return { config, secrets: [keyLine] }
    },
    logged: /answered 200 without JSON/,
  },
  {
    name: 'the database refuses a freshly minted access token (401)',
    setup: async () => {
      const { db, config, keyLine } = await serviceAccountWithTokenEndpoint(
        (d) => `${rtdbBase}/token?ns=${d.ns}`,
      )
      const denied = { status: 401, body: '{\n  "error" : "Permission denied"\n}\n' }
      await db.script(...Array(4).fill(denied))
      const tokens = async () =>
        (await db.state()).requests
          .map((r) => r.authorization?.replace(/^Bearer /, ''))
          .filter((t): t is string => !!t)
      return { config, secrets: [keyLine], done: async () => void expect(await tokens()).not.toEqual([]) }
    },
    logged: /Permission denied/,
  },
]

describe('database faults: pages stay up with the default viewer address, writes fail cleanly', () => {
  for (const fault of dbFaults) {
    it(fault.name, { timeout: 15_000 }, async () => {
      const logs = captureConsole()
      const { config, secrets, done } = await fault.setup()
      const settled: Promise<unknown>[] = []

      for (const path of ['/', '/about-us']) {
        const { response, body, settled: background } = await callApp(path, {}, config)
        settled.push(background)
        expect(response.status, path).toBe(200)
        const links = viewerLinks(body)
        expect(links.inHeader, path).toBeGreaterThan(0)
        expect(new Set(links.all), path).toEqual(new Set([external.defaultViewerUrl]))
      }
      const api = await callApp('/api/settings', {}, config)
      settled.push(api.settled)
      expect(api.response.status).toBe(200)
      expect(JSON.parse(api.body)).toEqual({ view3dUrl: external.defaultViewerUrl })

      const write = await callApp('/api/settings', putInit('https://viewer.example.net/new'), config)
      expect(write.response.status).toBe(502)
      expect(JSON.parse(write.body).error).toMatch(/did not accept/)

      await done?.()
      await Promise.all(settled)
      expect(logs.text()).toMatch(/Error getting URL:/)
      expect(logs.lines.find((l) => l.includes('Error getting URL:'))).toMatch(fault.logged)
      expect(logs.text()).toMatch(/Error updating URL:/)
      if (fault.loggedAnywhere) expect(logs.text()).toMatch(fault.loggedAnywhere)
      const allSecrets = [...CONFIGURED_SECRETS, ...secrets, 'BEGIN PRIVATE KEY', 'ya29.']
      expectNoSecrets(logs.text(), allSecrets)
      for (const answer of [api.body, write.body]) expectNoSecrets(answer, allSecrets)
    })
  }
})

// --- D1 faults ---

describe('D1 faults: no lead is lost, and the visitor is told', () => {
  const downDb = {
    prepare: () => {
      throw new Error('D1_ERROR: the database is unavailable')
    },
    batch: () => Promise.reject(new Error('D1_ERROR: the database is unavailable')),
  } as unknown as D1Database

  it('a lead D1 refuses at accept: the no-JS visitor is sent back with the Error notice and the values kept', async () => {
    const logs = captureConsole()
    const contact = validContact()
    const posted = await callApp(
      '/api/contact',
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: ORIGIN,
          'CF-Connecting-IP': uniqueIpv4(),
        },
        body: new URLSearchParams(contact).toString(),
      },
      { DB: downDb },
    )
    expect(posted.response.status).toBe(303)
    expect(posted.response.headers.get('Location')).toBe('/?contact=error#sec-contact')
    const cookie = posted.response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const page = await callApp('/?contact=error', { headers: { Cookie: cookie } }, { DB: downDb })
    expect(page.response.status).toBe(200)
    expect(page.body).toContain('Failed to send message. Please try again.')
    expect(page.body).toContain(`value="${contact.email}"`)
    expect(logs.find({ area: 'contact', message: 'lead not stored' })).toEqual([
      expect.objectContaining({
        leadId: expect.any(String),
        reason: expect.stringMatching(/^lead not stored: D1_ERROR/),
      }),
    ])
    expectNoSecrets(logs.text(), [contact.email, contact.phone])
  })

  it('a claim D1 refuses is retried, and the lead is delivered once D1 is back', async () => {
    captureConsole()
    const serviceId = `svc-${crypto.randomUUID()}`
    await fakeEmailJs.control(serviceId, { fallback: 'ok' })
    const producer = capturingQueue(() => 0)
    const contact = validContact()
    const response = await submitLead(contact, { ...env, LEADS: producer.queue })
    const { id } = (await response.json()) as { id: string }
    // D1 is down for the first 10 virtual minutes of delivery.
    const run = await withoutSendSpacing(() =>
      drainQueues(producer.sent, async (t) => ({
        EMAILJS_SERVICE_ID: serviceId,
        ...(t < 600 ? { DB: downDb } : {}),
      })),
    )
    expect(run.batches).toBeGreaterThan(1)
    expect(run.dropped).toEqual([])
    const sends = (await fakeEmailJs.received(serviceId)).filter(
      (r) => r.body.template_params?.name === contact.name,
    )
    expect(sends.map((r) => r.status)).toEqual([200])
    expect(await leadRecord(id)).toMatchObject({ status: 'delivered', attempts: 1 })
  })
})
