/**
 * Property-based fuzzing of POST /api/contact (over 10,000 generated requests). Whatever
 * arrives (any body, content type, method, Origin or Sec-Fetch-Site), the answer is never a
 * 5xx or an unhandled error; every refusal is a clear 4xx, or for a native form post the
 * designed 303 with a flash; and only a valid request is stored in D1 and queued.
 *
 * Most properties call the app directly with LEADS_STORE and LEADS recorded (writes still
 * reach KV; queue sends stop at the recorder, so the consumer mails nothing). One property goes
 * through the front door with the real env and checks KV and the fake EmailJS afterwards.
 */
import { SELF } from 'cloudflare:test'
import fc from 'fast-check'
import { beforeEach, describe, expect, it } from 'vitest'
import { assertProperty, fuzzRuns } from '../../support/fuzz'
import {
  contactFieldErrors,
  contactSchema,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  type ContactErrors,
  type ContactFlash,
  type ContactRequest,
} from '../../../src/schemas/contact'
import { CONTACT_BODY_LIMIT, RATE_LIMIT_MESSAGE } from '../../../src/server/leads/routes/contact'
import { readContactFlash } from '../../../src/server/leads/render/contact-flash'
import { judgeFormToken } from '../../../src/server/leads/services/form-token'
import { clientKey } from '../../../src/lib/client-key'
import type { LeadMessage } from '../../../src/server/leads/storage/lead-model'
import type { LeadRow } from '../../../src/server/leads/storage/lead-queries'
import {
  JSON_TYPE,
  FORM_TYPE,
  FIELDS,
  type Field,
  contactPayload,
  payloadObject,
  jsonBody,
  formBodyOf,
  formBody,
  anyBody,
  oddContentType,
} from '../support/fuzz-contact'
import {
  env,
  CONFIGURED,
  eventually,
  fakeEmailJs,
  roomInRateWindow,
  uniqueIpv4,
  ORIGIN,
  postContact,
  mintFormTokens,
  validContact,
  answerOf,
  asReceived,
  bodyFor,
  expectClearRefusal,
  isCrossOrigin,
  jsonOf,
  mediaTypeOf,
  nonEmptyHeader,
  oddFetchSite,
  oddMethod,
  oddOrigin,
  oddQuery,
  parsedJson,
  prototypeSnapshot,
  requestCounter,
  watchConsoleErrors,
  type Answer,
  type Verdict,
  callApp,
  leadCount,
  leadRecord,
  probeApp,
  LONG,
} from '../support'

const PATH = '/api/contact'

const consoleErrors = watchConsoleErrors()
/** The properties' full samples (10,500 cases); `npm test` runs FUZZ_RUNS of each at most. */
const requests = requestCounter(
  6,
  [2500, 2000, 3000, 2500, 500].reduce((sum, full) => sum + fuzzRuns(full), 0),
)

// --- what the endpoint must answer ---

type Expected =
  | { kind: 'wrong method' }
  | { kind: 'refusal'; status: number; error: string | RegExp }
  /** Invalid, with the hidden field filled: answered as sent, nothing stored. */
  | { kind: 'honeypot' }
  | { kind: 'invalid'; errors: ContactErrors }
  | { kind: 'accepted'; lead: ContactRequest }
  /** Valid, but breaking spam rules: answered as sent, stored as spam with them, never queued. */
  | { kind: 'spam'; lead: ContactRequest; reasons: string }

const refusal = (status: number, error: string | RegExp): Expected => ({ kind: 'refusal', status, error })

/**
 * The fields a form body carries, built the way Hono's validator builds them. Parsed by the
 * runtime's own form parser, which reads stray escapes differently from URLSearchParams
 * (`%zz` becomes `zz`, `%2` becomes U+0002).
 */
async function formFields(text: string): Promise<Record<string, unknown>> {
  const form = Object.create(null) as Record<string, unknown>
  const parsed = await new Response(text, { headers: { 'Content-Type': FORM_TYPE } }).formData()
  for (const [key, value] of parsed) {
    const known = form[key]
    if (key.endsWith('[]')) form[key] = [...((known as string[] | undefined) ?? []), value]
    else if (Array.isArray(known)) known.push(value)
    else if (Object.hasOwn(form, key)) form[key] = [known, value]
    else form[key] = value
  }
  return form
}

/** The form tokens the worker has spent in this test, with who spent them (D1's table is emptied before each). */
const spentTokens = new Map<string, string>()

beforeEach(async () => {
  spentTokens.clear()
  // Each good token in a generated post is fresh (support/fuzz-contact.ts): enough for a test's cases.
  await mintFormTokens(4000)
})

/** The answer the endpoint's documented steps lead to for this request. */
async function expectedAnswer(request: Request, body: string | null): Promise<Expected> {
  if (request.method !== 'POST') return { kind: 'wrong method' }
  if (isCrossOrigin(request.headers)) return refusal(403, 'Cross-origin requests are not allowed.')
  const mediaType = mediaTypeOf(request.headers)
  if (mediaType !== JSON_TYPE && mediaType !== FORM_TYPE) {
    return refusal(415, 'Send the request as application/json or application/x-www-form-urlencoded.')
  }
  const { text, bytes } = asReceived(body ?? '')
  if (bytes > CONTACT_BODY_LIMIT) return refusal(413, 'The request body is larger than 16 KB.')
  let data: unknown
  if (mediaType === FORM_TYPE) {
    data = await formFields(text)
  } else {
    const parsed = parsedJson(text)
    if (!parsed) return refusal(400, 'The request body is not valid JSON.')
    data = parsed.value
  }
  const honeypot = (data as Record<string, unknown> | null)?.[HONEYPOT_FIELD]
  const trapped = honeypot !== undefined && honeypot !== null && honeypot !== ''
  const result = contactSchema.safeParse(data)
  if (result.success) {
    let token = await judgeFormToken(result.data[FORM_TOKEN_FIELD], [env.FORM_TOKEN_SECRET!], Date.now())
    // A good token is its first client's (shrinking replays cases): another client replays it.
    if (token === 'valid') {
      const spent = result.data[FORM_TOKEN_FIELD] as string
      const client = clientKey(request.headers.get('CF-Connecting-IP') ?? undefined)
      if ((spentTokens.get(spent) ?? client) !== client) token = 'form token replayed'
      else spentTokens.set(spent, client)
    }
    const reasons = [...(trapped ? ['hidden field filled'] : []), ...(token === 'valid' ? [] : [token])]
    if (reasons.length) return { kind: 'spam', lead: result.data, reasons: reasons.join('\n') }
    return { kind: 'accepted', lead: result.data }
  }
  if (trapped) return { kind: 'honeypot' }
  const errors = contactFieldErrors(result.error)
  // Not an object at all: every field counts as missing.
  return {
    kind: 'invalid',
    errors: Object.keys(errors).length > 0 ? errors : contactFieldErrors(contactSchema.safeParse({}).error!),
  }
}

/** The generator's own verdicts must agree with the outcome whenever validation was reached. */
function expectVerdictsHonoured(expected: Expected, verdicts: Record<Field, Verdict> | undefined) {
  if (!verdicts || (expected.kind !== 'invalid' && expected.kind !== 'accepted')) return
  const invalid = FIELDS.filter((field) => verdicts[field] === 'invalid')
  if (FIELDS.every((field) => verdicts[field] === 'valid')) expect(expected.kind).toBe('accepted')
  if (invalid.length > 0) {
    expect(expected.kind).toBe('invalid')
    if (expected.kind === 'invalid') for (const field of invalid) expect(expected.errors[field]).toBeTruthy()
  }
}

const flashReader = probeApp().get('/', async (c) => c.json(await readContactFlash(c)))

/** The outcome a native form post carries to the next page, read as that page would. */
async function flashOf(answer: Answer): Promise<ContactFlash | undefined> {
  const cookie = answer.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0])
    .join('; ')
  const res = await flashReader.request(`${ORIGIN}/`, { headers: { Cookie: cookie } }, env)
  return ((await res.json()) as { flash?: ContactFlash }).flash
}

async function expectFlashRedirect(answer: Answer, status: ContactFlash['status']): Promise<ContactFlash> {
  expect(answer.status, answer.text.slice(0, 200)).toBe(303)
  expect(answer.headers.get('Location')).toBe(`/?contact=${status}#sec-contact`)
  expect(answer.headers.get('Cache-Control')).toBe('no-store')
  const flash = await flashOf(answer)
  expect(flash?.status).toBe(status)
  return flash!
}

function expectAcceptedJson(answer: Answer): string {
  expect(answer.status, answer.text.slice(0, 200)).toBe(202)
  const body = jsonOf(answer)
  expect(body.ok).toBe(true)
  expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
  return body.id as string
}

/** What a stored and queued lead must hold: the trimmed fields, and the browser's time or UTC's. */
function expectLead(stored: LeadRow | null, lead: ContactRequest) {
  expect(stored).toMatchObject({
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    inquiry: lead.inquiry,
  })
  if (lead.time) expect(stored!.localTime).toBe(lead.time)
  else expect(stored!.localTime).toMatch(/ UTC$/) // no browser time, no time zone from the edge
}

interface Writes {
  /** Leads in D1 before the request. */
  leadsBefore: number
  sends: unknown[][]
}

/**
 * Checks one answer against what the endpoint must do, and (when recorded) what it wrote.
 * Returns the lead id of an accepted request.
 */
async function expectAnswer(
  answer: Answer,
  expected: Expected,
  request: Request,
  writes?: Writes,
): Promise<string | undefined> {
  expect(consoleErrors.take()).toEqual([])
  expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500)
  const form = mediaTypeOf(request.headers) === FORM_TYPE
  let id: string | undefined

  switch (expected.kind) {
    case 'wrong method':
      expect(answer.status).toBe(405)
      expect(answer.headers.get('Allow')).toBe('POST')
      if (request.method === 'HEAD') expect(answer.text).toBe('')
      else expect(expectClearRefusal(answer, 405).error).toBe('Use POST.')
      break
    case 'refusal': {
      const body = expectClearRefusal(answer, expected.status)
      if (typeof expected.error === 'string') expect(body.error).toBe(expected.error)
      else expect(body.error).toMatch(expected.error)
      break
    }
    case 'honeypot':
      if (form) await expectFlashRedirect(answer, 'sent')
      else expectAcceptedJson(answer)
      break
    case 'spam':
      if (form) await expectFlashRedirect(answer, 'sent')
      else id = expectAcceptedJson(answer)
      break
    case 'invalid':
      if (form) {
        const flash = await expectFlashRedirect(answer, 'invalid')
        if (flash.status === 'invalid') expect(flash.errors).toEqual(expected.errors)
      } else {
        expect(answer.status, answer.text.slice(0, 300)).toBe(400)
        expect(jsonOf(answer)).toEqual({ errors: expected.errors })
        expectClearRefusal(answer, 400)
      }
      break
    case 'accepted':
      if (form) await expectFlashRedirect(answer, 'sent')
      else id = expectAcceptedJson(answer)
      break
  }

  if (!writes) return id
  if (expected.kind === 'spam') {
    // Stored once as spam with its reason, and never queued (the sender cannot tell).
    expect(await leadCount()).toBe(writes.leadsBefore + 1)
    expect(writes.sends).toEqual([])
    // A native post is not told its id: it is the row stored last.
    id ??= (await env.DB.prepare('SELECT id FROM leads ORDER BY rowid DESC LIMIT 1').first<{ id: string }>())!
      .id
    const record = await leadRecord(id)
    expect(record).toMatchObject({ id, status: 'spam', spamReasons: expected.reasons })
    expectLead(record, expected.lead)
    return id
  }
  if (expected.kind !== 'accepted') {
    expect(await leadCount()).toBe(writes.leadsBefore)
    expect(writes.sends).toEqual([])
    return undefined
  }
  // Stored once, then queued once, under the id the visitor was given (a native post is not told
  // its id: it is the one new lead).
  expect(await leadCount()).toBe(writes.leadsBefore + 1)
  expect(writes.sends).toHaveLength(1)
  const message = writes.sends[0]![0] as LeadMessage
  id ??= message.id
  expect(message).toEqual({ type: 'lead', id })
  const record = await leadRecord(id)
  expect(record).toMatchObject({ id, status: 'accepted', attempts: 0 })
  expectLead(record, expected.lead)
  return id
}

// --- sending ---

interface Case {
  method: string
  headers: Record<string, string>
  body: string | null
  query?: string
}

function requestInit({ method, headers, body }: Case): RequestInit {
  return { method, headers, body, redirect: 'manual' }
}

/** Headers of a same-origin browser post from a client of its own (so no rate limit applies). */
function browserHeaders(contentType: string | undefined, extra: Record<string, string | undefined> = {}) {
  const headers: Record<string, string> = { 'CF-Connecting-IP': uniqueIpv4() }
  const all: Record<string, string | undefined> = {
    Origin: ORIGIN,
    'Sec-Fetch-Site': 'same-origin',
    'Content-Type': contentType,
    ...extra,
  }
  for (const [name, value] of Object.entries(all)) if (value !== undefined) headers[name] = value
  return headers
}

/** Calls the app with LEADS recorded (sends are kept from the consumer), counting leads first. */
async function sendRecorded(testCase: Case): Promise<{ answer: Answer; writes: Writes }> {
  const writes: Writes = { leadsBefore: await leadCount(), sends: [] }
  const queue = {
    send: async (...args: unknown[]) => void writes.sends.push(args),
    sendBatch: async (...args: unknown[]) => void writes.sends.push(args),
  } as unknown as Queue
  requests.count()
  const { response, body, settled } = await callApp(PATH + (testCase.query ?? ''), requestInit(testCase), {
    LEADS: queue,
  })
  await settled
  return { answer: { status: response.status, headers: response.headers, text: body }, writes }
}

/** Sends one case to the app and checks the answer and the writes; returns an accepted lead id. */
async function check(testCase: Case, verdicts?: Record<Field, Verdict>): Promise<string | undefined> {
  const request = new Request(ORIGIN + PATH + (testCase.query ?? ''), requestInit(testCase))
  const expected = await expectedAnswer(request, testCase.body)
  expectVerdictsHonoured(expected, verdicts)
  const { answer, writes } = await sendRecorded(testCase)
  return expectAnswer(answer, expected, request, writes)
}

async function leadKeys(): Promise<Set<string>> {
  const { results } = await env.DB.prepare('SELECT id FROM leads').all<{ id: string }>()
  return new Set(results.map((row) => row.id))
}

/**
 * Runs a property whose cases return the ids of accepted leads, then checks D1 once: the new
 * leads are exactly those, and no request changed Object.prototype.
 */
async function fuzz<T>(arbitrary: fc.Arbitrary<T>, numRuns: number, run: (value: T) => Promise<string[]>) {
  const prototypeBefore = prototypeSnapshot()
  const keysBefore = await leadKeys()
  const accepted: string[] = []
  await assertProperty(
    fc.asyncProperty(arbitrary, async (value) => {
      consoleErrors.take() // left over from a failed run while shrinking
      accepted.push(...(await run(value)))
    }),
    numRuns,
    import.meta.url,
  )
  const keysAfter = await leadKeys()
  const added = [...keysAfter].filter((key) => !keysBefore.has(key))
  expect(added.sort()).toEqual([...new Set(accepted)].sort())
  expect(prototypeSnapshot()).toEqual(prototypeBefore)
  return accepted
}

const ids = (id: string | undefined) => (id ? [id] : [])

describe('POST /api/contact under fuzzing', () => {
  it(
    'answers JSON bodies of every shape with 202 and one stored lead, or 400 naming the fields, never more',
    async () => {
      const accepted = await fuzz(
        fc.record({
          generated: jsonBody(),
          contentType: fc.constantFrom(JSON_TYPE, 'application/json; charset=utf-8', 'Application/JSON'),
        }),
        2500,
        async ({ generated, contentType }) =>
          ids(
            await check(
              { method: 'POST', headers: browserHeaders(contentType), body: generated.body },
              generated.verdicts,
            ),
          ),
      )
      // The generators reach the success path, not just the refusals: over 1 case in 50.
      expect(accepted.length).toBeGreaterThan(fuzzRuns(2500) / 50)
    },
    LONG,
  )

  it(
    'answers native form posts with a 303 and a flash: sent (stored once) or invalid with the field errors',
    async () => {
      const accepted = await fuzz(
        fc.record({
          generated: formBody(),
          contentType: fc.constantFrom(
            FORM_TYPE,
            `${FORM_TYPE}; charset=UTF-8`,
            'Application/X-WWW-Form-Urlencoded',
          ),
        }),
        2000,
        async ({ generated, contentType }) =>
          ids(
            await check(
              { method: 'POST', headers: browserHeaders(contentType), body: generated.body },
              generated.verdicts,
            ),
          ),
      )
      expect(accepted.length).toBeGreaterThan(fuzzRuns(2000) * 0.015)
    },
    LONG,
  )

  it(
    'refuses broken JSON, odd content types and oversized bodies with a clear 4xx',
    async () => {
      await fuzz(
        fc.record({ generated: anyBody, contentType: oddContentType }),
        3000,
        async ({ generated, contentType }) =>
          ids(await check({ method: 'POST', headers: browserHeaders(contentType), body: generated.body })),
      )
    },
    LONG,
  )

  it(
    'answers any method, Origin and Sec-Fetch-Site as the same-origin rule and the route table say',
    async () => {
      await fuzz(
        fc.record({
          method: oddMethod,
          origin: oddOrigin,
          site: oddFetchSite,
          contentType: fc.oneof(fc.constantFrom(JSON_TYPE, FORM_TYPE), oddContentType),
          generated: anyBody,
          query: oddQuery,
        }),
        2500,
        async ({ method, origin, site, contentType, generated, query }) => {
          const headers = browserHeaders(contentType, { Origin: origin, 'Sec-Fetch-Site': site })
          return ids(await check({ method, headers, body: bodyFor(method, generated.body), query }))
        },
      )
    },
    LONG,
  )

  it(
    'through the front door, stores and mails exactly the accepted requests',
    async () => {
      const run = `fuzz-${crypto.randomUUID().slice(0, 8)}`
      let caseNumber = 0
      const keysBefore = await leadKeys()
      const acceptedMarkers = new Set<string>()
      const acceptedIds: string[] = []
      let acceptedCount = 1
      let spamCount = 0
      /** The markers of every stored request: accepted ones and spam. */
      const storedMarkers = new Set<string>()

      // One request known to be valid, so the mail check below is known to be watching.
      const known = { ...validContact(), time: `${run}-known` }
      requests.count()
      const knownAnswer = await answerOf(await postContact(JSON.stringify(known)))
      acceptedIds.push(expectAcceptedJson(knownAnswer))
      acceptedMarkers.add(known.time)
      storedMarkers.add(known.time)

      await assertProperty(
        fc.asyncProperty(
          fc.record({
            method: fc.oneof(
              { arbitrary: fc.constant('POST'), weight: 3 },
              { arbitrary: oddMethod, weight: 1 },
            ),
            origin: nonEmptyHeader(oddOrigin),
            site: nonEmptyHeader(oddFetchSite),
            contentType: nonEmptyHeader(fc.oneof(fc.constantFrom(JSON_TYPE, FORM_TYPE), oddContentType)),
            payload: contactPayload(4),
            asForm: fc.boolean(),
            raw: fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: anyBody, weight: 1 }),
          }),
          async ({ method, origin, site, contentType, payload, asForm, raw }) => {
            consoleErrors.take() // left over from a failed run while shrinking
            // Each case carries its own marker in `time`, which the e-mail would show.
            const marker = `${run}-${++caseNumber}`
            const fields = { ...payload.fields }
            if (fields.time.verdict === 'valid') fields.time = { value: marker, verdict: 'valid' }
            const marked = { ...payload, fields }
            const generated =
              raw ?? (asForm ? formBodyOf(marked, []) : { body: JSON.stringify(payloadObject(marked)) })
            const testCase: Case = {
              method,
              headers: browserHeaders(contentType, { Origin: origin, 'Sec-Fetch-Site': site }),
              body: bodyFor(method, generated.body),
            }
            const request = new Request(ORIGIN + PATH, requestInit(testCase))
            const expected = await expectedAnswer(request, testCase.body)
            requests.count()
            const answer = await answerOf(await SELF.fetch(request))
            const id = await expectAnswer(answer, expected, request)
            // Spam is stored too, but never mailed (the EmailJS check below sees only accepted markers).
            if (expected.kind === 'spam') {
              spamCount++
              if (expected.lead.time?.startsWith(run)) storedMarkers.add(expected.lead.time)
            }
            if (expected.kind !== 'accepted') return
            acceptedCount++
            if (id) acceptedIds.push(id)
            if (expected.lead.time?.startsWith(run)) {
              acceptedMarkers.add(expected.lead.time)
              storedMarkers.add(expected.lead.time)
            }
          },
        ),
        500,
        import.meta.url,
      )

      // D1: one new lead record per accepted or spam request (JSON answers name theirs), no other.
      const added = [...(await leadKeys())].filter((key) => !keysBefore.has(key))
      expect(added).toHaveLength(acceptedCount + spamCount)
      expect(added).toEqual(expect.arrayContaining(acceptedIds))
      for (const id of added) {
        const time = (await leadRecord(id))?.localTime ?? ''
        if (time.startsWith(run)) expect(storedMarkers).toContain(time)
      }

      // EmailJS: every accepted lead is sent, and nothing else that carries this run's marker.
      // Markers are compared as a set: another test file may make the fake answer 429 and the
      // queue then sends the same lead again.
      const mailedMarkers = async () =>
        new Set(
          (await fakeEmailJs.received(CONFIGURED.serviceId))
            .map((received) => received.body.template_params?.time ?? '')
            .filter((time) => time.startsWith(run)),
        )
      await eventually(async () => {
        const mailed = await mailedMarkers()
        return [...acceptedMarkers].every((marker) => mailed.has(marker)) ? true : undefined
      }, 30_000)
      // A wrongly queued request would be sent before a lead queued after it: one more valid lead,
      // and once it is mailed, the comparison below sees everything queued before it.
      const sentinel = { ...validContact(), time: `${run}-sentinel` }
      expectAcceptedJson(await answerOf(await postContact(JSON.stringify(sentinel))))
      acceptedMarkers.add(sentinel.time)
      await eventually(async () => ((await mailedMarkers()).has(sentinel.time) ? true : undefined), 30_000)
      expect([...(await mailedMarkers())].sort()).toEqual([...acceptedMarkers].sort())
    },
    LONG,
  )

  it(
    'answers a client past 5 counted posts a minute with 429 and Retry-After, and stores nothing more',
    async () => {
      type Step = 'invalid json' | 'invalid form' | 'valid json' | 'valid form' | 'honeypot' | 'broken json'
      // A valid post counts even when it is spam: it is stored, so it must be limited.
      const counted = (step: Step) => step !== 'broken json'
      const bodies: Record<Step, () => { body: string; contentType: string }> = {
        'invalid json': () => ({ body: JSON.stringify({ name: '' }), contentType: JSON_TYPE }),
        'invalid form': () => ({ body: 'email=nope', contentType: FORM_TYPE }),
        'valid json': () => ({ body: JSON.stringify(validContact()), contentType: JSON_TYPE }),
        'valid form': () => ({
          body: new URLSearchParams(validContact()).toString(),
          contentType: FORM_TYPE,
        }),
        honeypot: () => ({
          body: JSON.stringify({ ...validContact(), [HONEYPOT_FIELD]: 'x' }),
          contentType: JSON_TYPE,
        }),
        'broken json': () => ({ body: '{"name": ', contentType: JSON_TYPE }),
      }
      const step = fc.constantFrom<Step>(
        'invalid json',
        'invalid json',
        'invalid form',
        'valid json',
        'valid form',
        'honeypot',
        'broken json',
      )
      await fuzz(
        fc.array(step, { minLength: 6, maxLength: 9 }).filter((steps) => steps.filter(counted).length > 5),
        40,
        async (steps) => {
          await roomInRateWindow(3_000)
          const ip = uniqueIpv4()
          const accepted: string[] = []
          let countedSoFar = 0
          for (const kind of steps) {
            const { body, contentType } = bodies[kind]()
            const testCase: Case = { method: 'POST', headers: browserHeaders(contentType, {}), body }
            testCase.headers['CF-Connecting-IP'] = ip
            if (!counted(kind) || ++countedSoFar <= 5) {
              accepted.push(...ids(await check(testCase)))
              continue
            }
            // Over the limit: refused whatever the body, and nothing stored or queued.
            const { answer, writes } = await sendRecorded(testCase)
            expect(consoleErrors.take()).toEqual([])
            expect(writes.sends).toEqual([])
            expect(await leadCount()).toBe(writes.leadsBefore)
            if (contentType === FORM_TYPE) {
              const flash = await expectFlashRedirect(answer, 'error')
              expect(flash.status === 'error' && flash.message).toBe(RATE_LIMIT_MESSAGE)
            } else {
              expect(expectClearRefusal(answer, 429).error).toBe(RATE_LIMIT_MESSAGE)
              expect(answer.headers.get('Retry-After')).toBe('60')
            }
          }
          return accepted
        },
      )
    },
    LONG,
  )
})
