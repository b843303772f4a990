/**
 * Property-based fuzzing of POST /api/contact (over 10,000 generated requests). Whatever
 * arrives (any body, content type, method, Origin or Sec-Fetch-Site), the answer is never a
 * 5xx or an unhandled error; every refusal is a clear 4xx, or for a native form post the
 * designed 303 with a flash; and only a valid request is stored in LEADS_STORE and queued.
 *
 * Most properties call the app directly with LEADS_STORE and LEADS recorded (writes still
 * reach KV; queue sends stop at the recorder, so the consumer mails nothing). One property goes
 * through the front door with the real bindings and checks KV and the fake EmailJS afterwards.
 */
import { SELF } from 'cloudflare:test'
import fc from 'fast-check'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../../src/env'
import {
  CONTACT_LIMITS,
  contactFieldErrors,
  contactSchema,
  HONEYPOT_FIELD,
  type ContactErrors,
  type ContactFlash,
  type ContactRequest,
} from '../../src/schemas/contact'
import { CONTACT_BODY_LIMIT, RATE_LIMIT_MESSAGE } from '../../src/server/api/contact'
import { readContactFlash } from '../../src/server/contact-flash'
import { LEAD_PREFIX, type LeadMessage, type LeadRecord } from '../../src/server/services/leads'
import {
  bindings,
  CONFIGURED,
  eventually,
  fakeEmailJs,
  freshIp,
  ORIGIN,
  postContact,
  validContact,
} from './contact-support'
import {
  answerOf,
  asReceived,
  blank,
  bodyFor,
  brokenJson,
  controlChar,
  expectClearRefusal,
  headerJunk,
  hugeString,
  isCrossOrigin,
  jsonOf,
  junkKey,
  junkString,
  junkValue,
  loneSurrogate,
  mediaTypeOf,
  nestedJson,
  nonEmptyHeader,
  notAString,
  oddFetchSite,
  oddMethod,
  oddOrigin,
  oddQuery,
  parsedJson,
  prototypeSnapshot,
  recorded,
  requestCounter,
  sneakyChar,
  watchConsoleErrors,
  type Answer,
  type Generated,
  type Verdict,
} from './fuzz-support'
import { callApp } from './settings-support'

const PATH = '/api/contact'
const JSON_TYPE = 'application/json'
const FORM_TYPE = 'application/x-www-form-urlencoded'
const FIELDS = ['name', 'email', 'phone', 'inquiry', 'time'] as const
type Field = (typeof FIELDS)[number]

const consoleErrors = watchConsoleErrors()
const requests = requestCounter(6)

// --- generated fields ---

const letter = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
  ...['é', 'ß', 'Å', 'ñ', 'ø', 'ł', 'Ж', 'я', '中', '村', '日', 'ü', 'ا', 'ك', '😀', '🛍️'],
)
const textChar = fc.oneof(
  { arbitrary: letter, weight: 10 },
  { arbitrary: fc.constantFrom(' ', '-', "'", '.', ',', '&', '’', '0', '7'), weight: 2 },
)
/** One line of printable text, at most `limit` UTF-16 units (a letter is at most 3), never blank. */
const lineText = (limit: number) =>
  fc
    .tuple(letter, fc.string({ unit: textChar, maxLength: Math.floor((limit - 3) / 3) }))
    .map(([first, rest]) => first + rest)
/** Whitespace the rules trim away. */
const padding = fc.constantFrom('', '', '', ' ', '  ', '\t', '\n', '\u00a0', '\u3000')
const padded = (text: fc.Arbitrary<string>) =>
  fc.tuple(padding, text, padding).map(([before, value, after]) => before + value + after)

/** Longer than `limit` even after trimming. */
const tooLong = (limit: number) =>
  fc
    .tuple(fc.constantFrom('x', 'ж', '中', 'ab'), fc.integer({ min: 1, max: 200 }))
    .map(([piece, extra]) => piece.repeat(limit + extra))
/** A forbidden character between two words, where trimming cannot remove it. */
const withInside = (bad: fc.Arbitrary<string>) =>
  fc.tuple(lineText(18), bad, lineText(18)).map(([before, char, after]) => before + char + after)
const singleLineBad = fc.oneof(controlChar, loneSurrogate, sneakyChar, fc.constantFrom('<', '>'))

const validEmail = fc.oneof(
  fc
    .tuple(
      fc.stringMatching(/^[a-z0-9]{1,10}([._+-][a-z0-9]{1,8}){0,2}$/),
      fc.stringMatching(/^[a-z0-9]{1,10}(-[a-z0-9]{1,6})?(\.[a-z0-9]{1,10}){0,2}$/),
      fc.stringMatching(/^[a-z]{2,6}$/),
    )
    .map(([local, domain, tld]) => `${local}@${domain}.${tld}`),
  fc.constant(`${'e'.repeat(64)}@${'d'.repeat(60)}.example.com`),
)

const FIELD_RULES: Record<Field, { valid: fc.Arbitrary<string>; invalid: fc.Arbitrary<unknown> }> = {
  name: {
    valid: fc.oneof(padded(lineText(CONTACT_LIMITS.name)), fc.constant('N'.repeat(CONTACT_LIMITS.name))),
    invalid: fc.oneof(notAString, blank, tooLong(CONTACT_LIMITS.name), withInside(singleLineBad)),
  },
  email: {
    valid: padded(validEmail),
    invalid: fc.oneof(
      notAString,
      blank,
      fc.constantFrom(
        'plainaddress',
        'ada@',
        '@example.com',
        'ada b@example.com',
        '<ada@example.com>',
        'ada@example.com>',
        'ada@@example.com',
        'ada@example',
        '.ada@example.com',
        'ada..b@example.com',
        'ada@-example.com',
        `${'e'.repeat(250)}@example.com`,
      ),
      controlChar.map((char) => `ad${char}a@example.com`),
    ),
  },
  phone: {
    valid: padded(
      fc
        .tuple(
          fc.constantFrom(...'0123456789+'),
          fc.string({ unit: fc.constantFrom(...'0123456789 +-().'), maxLength: 39 }),
        )
        .map(([first, rest]) => first + rest),
    ),
    invalid: fc.oneof(notAString, blank, tooLong(CONTACT_LIMITS.phone), withInside(singleLineBad)),
  },
  inquiry: {
    valid: fc.oneof(
      fc
        .tuple(
          fc.array(lineText(200), { minLength: 1, maxLength: 5 }),
          fc.constantFrom('\n', '\r\n', '\n\n\t'),
        )
        .map(([lines, breaker]) => lines.join(breaker)),
      fc.constant('Can the store embed <iframe src="https://example.com"></iframe> & <b>bold</b>?\nThanks'),
      fc.constant('i'.repeat(CONTACT_LIMITS.inquiry)),
    ),
    invalid: fc.oneof(
      notAString,
      blank,
      tooLong(CONTACT_LIMITS.inquiry),
      withInside(
        fc.oneof(
          controlChar.filter((char) => !'\t\n\r'.includes(char)),
          loneSurrogate,
          sneakyChar,
        ),
      ),
    ),
  },
  time: {
    valid: fc.oneof(
      fc
        .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
        .map((date) => date.toISOString()),
      fc
        .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
        .map((date) => date.toUTCString()),
      lineText(CONTACT_LIMITS.time),
    ),
    invalid: fc.oneof(
      notAString,
      tooLong(CONTACT_LIMITS.time),
      withInside(fc.oneof(controlChar, loneSurrogate, sneakyChar)),
    ),
  },
}

/** A field as the rules see it: valid, invalid, junk or missing (which only `time` may be). */
function generatedField(field: Field, validWeight: number): fc.Arbitrary<Generated> {
  const { valid, invalid } = FIELD_RULES[field]
  return fc.oneof(
    { arbitrary: valid.map((value) => ({ value, verdict: 'valid' as const })), weight: validWeight },
    { arbitrary: invalid.map((value) => ({ value, verdict: 'invalid' as const })), weight: 3 },
    { arbitrary: junkValue.map((value) => ({ value, verdict: 'unknown' as const })), weight: 1 },
    {
      arbitrary: fc.constant({ value: undefined, verdict: field === 'time' ? 'valid' : 'invalid' } as const),
      weight: 1,
    },
  )
}

interface ContactPayload {
  fields: Record<Field, Generated>
  /** The hidden `website` field: usually absent. */
  honeypot: unknown
  /** Unknown keys, prototype-pollution keys among them. */
  extras: [string, unknown][]
}

const isFieldKey = (key: string) => (FIELDS as readonly string[]).includes(key) || key === HONEYPOT_FIELD

function contactPayload(validWeight = 8): fc.Arbitrary<ContactPayload> {
  return fc.record({
    fields: fc.record({
      name: generatedField('name', validWeight),
      email: generatedField('email', validWeight),
      phone: generatedField('phone', validWeight),
      inquiry: generatedField('inquiry', validWeight),
      time: generatedField('time', validWeight),
    }),
    honeypot: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 12 },
      { arbitrary: fc.constantFrom('', null), weight: 1 },
      { arbitrary: junkValue, weight: 2 },
    ),
    extras: fc.array(
      fc.tuple(
        junkKey.filter((key) => !isFieldKey(key)),
        junkValue,
      ),
      { maxLength: 3 },
    ),
  })
}

/** Object.fromEntries keeps `__proto__` an own key, so JSON.stringify sends it. */
function payloadObject({ fields, honeypot, extras }: ContactPayload): Record<string, unknown> {
  const entries: [string, unknown][] = [...extras]
  for (const field of FIELDS)
    if (fields[field].value !== undefined) entries.push([field, fields[field].value])
  if (honeypot !== undefined) entries.push([HONEYPOT_FIELD, honeypot])
  return Object.fromEntries(entries)
}

interface GeneratedBody {
  body: string
  /** What each field's verdict is once encoded, when the body came from a payload. */
  verdicts?: Record<Field, Verdict>
}

const verdictsOf = (payload: ContactPayload) =>
  Object.fromEntries(FIELDS.map((field) => [field, payload.fields[field].verdict])) as Record<Field, Verdict>

function jsonBody(validWeight = 8): fc.Arbitrary<GeneratedBody> {
  return fc.oneof(
    {
      arbitrary: contactPayload(validWeight).map((payload) => ({
        body: JSON.stringify(payloadObject(payload)),
        verdicts: verdictsOf(payload),
      })),
      weight: 8,
    },
    { arbitrary: junkValue.map((value) => ({ body: JSON.stringify(value) })), weight: 1 },
    { arbitrary: nestedJson([...FIELDS, HONEYPOT_FIELD]).map((body) => ({ body })), weight: 1 },
    {
      arbitrary: contactPayload(validWeight).map((payload) => ({
        body: JSON.stringify([payloadObject(payload)]),
      })),
      weight: 1,
    },
  )
}

const FORM_EXTRA_KEYS = ['name[]', 'email[]', 'website[]', 'time[]', 'name[0]'] as const

/** A value as form text (String() would throw on an object whose own `toString` is junk). */
const formText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))

/**
 * A payload as a browser-style form body. Form values are strings, so a non-string becomes
 * either repeated keys (an array: still invalid) or its string form (validity unknown).
 */
function formBodyOf(payload: ContactPayload, extraPairs: [string, string][]): GeneratedBody {
  const params = new URLSearchParams()
  const verdicts = verdictsOf(payload)
  for (const [key, value] of extraPairs) params.append(key, value)
  for (const [key, value] of payload.extras) params.append(key, formText(value))
  for (const field of FIELDS) {
    const { value } = payload.fields[field]
    if (value === undefined) continue
    if (typeof value === 'string') {
      params.append(field, value)
      // UTF-8 encoding turns a lone surrogate into U+FFFD, which the rules allow.
      if (/\p{Cs}/u.test(value)) verdicts[field] = 'unknown'
    } else if (Array.isArray(value) && value.length !== 1) {
      for (const item of value) params.append(field, formText(item))
      if (value.length === 0) verdicts[field] = field === 'time' ? 'valid' : 'invalid'
    } else {
      params.append(field, formText(value))
      verdicts[field] = 'unknown'
    }
  }
  if (payload.honeypot !== undefined) params.append(HONEYPOT_FIELD, formText(payload.honeypot))
  return { body: params.toString(), verdicts }
}

/** Hand-made form text: stray `%`, `&`, `=` and `+`, truncated escapes, field names. */
const rawFormText = fc
  .array(
    fc.string({
      unit: fc.oneof(
        fc.constantFrom('%', '%2', '%E0%A4', '%ZZ', '%00', '+', '=', '&', '&&', ';', '[]'),
        fc.constantFrom(...FIELDS, HONEYPOT_FIELD, '__proto__', 'constructor'),
        fc.string({ maxLength: 4 }),
      ),
      maxLength: 8,
    }),
    { maxLength: 6 },
  )
  .map((parts) => parts.join('&'))

function formBody(validWeight = 8): fc.Arbitrary<GeneratedBody> {
  return fc.oneof(
    {
      arbitrary: fc
        .tuple(
          contactPayload(validWeight),
          fc.array(fc.tuple(fc.constantFrom(...FORM_EXTRA_KEYS), fc.string({ maxLength: 10 })), {
            maxLength: 2,
          }),
        )
        .map(([payload, extraPairs]) => formBodyOf(payload, extraPairs)),
      weight: 8,
    },
    { arbitrary: rawFormText.map((body) => ({ body })), weight: 2 },
  )
}

const exactLimitBodies = [CONTACT_BODY_LIMIT, CONTACT_BODY_LIMIT + 1].map(
  (size) => `{"inquiry":"${'x'.repeat(size - '{"inquiry":""}'.length)}"}`,
)

/** Any body at all, for properties about what surrounds it. */
const anyBody: fc.Arbitrary<GeneratedBody> = fc.oneof(
  jsonBody(),
  formBody(),
  brokenJson.map((body) => ({ body })),
  junkString.map((body) => ({ body })),
  hugeString.map((body) => ({ body })),
  fc.constantFrom(...exactLimitBodies).map((body) => ({ body })),
  nestedJson([...FIELDS, HONEYPOT_FIELD]).map((body) => ({ body })),
)

const oddContentType = fc.oneof(
  fc.constantFrom(
    JSON_TYPE,
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'application/json;',
    'application/json; foo',
    FORM_TYPE,
    `${FORM_TYPE}; charset=UTF-8`,
    'Application/X-WWW-Form-Urlencoded',
    'text/plain',
    'text/plain;charset=UTF-8',
    'text/html',
    'multipart/form-data; boundary=x',
    'application/xml',
    'application/vnd.api+json',
    'application/json-patch+json',
    'application/jsonx',
    'json',
    '*/*',
    '',
    ';',
    ' application/json',
  ),
  headerJunk,
  fc.constant(undefined),
)

// --- what the endpoint must answer ---

type Expected =
  | { kind: 'wrong method' }
  | { kind: 'refusal'; status: number; error: string | RegExp }
  | { kind: 'honeypot' }
  | { kind: 'invalid'; errors: ContactErrors }
  | { kind: 'accepted'; lead: ContactRequest }

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
  if (honeypot !== undefined && honeypot !== null && honeypot !== '') return { kind: 'honeypot' }
  const result = contactSchema.safeParse(data)
  if (result.success) return { kind: 'accepted', lead: result.data }
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

const flashReader = new Hono<AppEnv>().get('/', (c) => c.json(readContactFlash(c)))

/** The outcome a native form post carries to the next page, read as that page would. */
async function flashOf(answer: Answer): Promise<ContactFlash | undefined> {
  const cookie = answer.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0])
    .join('; ')
  const res = await flashReader.request(`${ORIGIN}/`, { headers: { Cookie: cookie } })
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

/** What a stored and queued lead must hold: the trimmed fields, and the browser's time or the server's. */
function expectLead(stored: unknown, lead: ContactRequest) {
  const { name, email, phone, inquiry, time } = stored as LeadRecord['lead']
  expect({ name, email, phone, inquiry }).toEqual({
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    inquiry: lead.inquiry,
  })
  if (lead.time) expect(time).toBe(lead.time)
  else expect(Number.isNaN(Date.parse(time))).toBe(false)
}

interface Writes {
  puts: unknown[][]
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
  if (expected.kind !== 'accepted') {
    expect(writes.puts).toEqual([])
    expect(writes.sends).toEqual([])
    return undefined
  }
  // Stored once, then queued once, under the id the visitor was given.
  expect(writes.puts).toHaveLength(1)
  expect(writes.sends).toHaveLength(1)
  const [key, recordText] = writes.puts[0] as [string, string]
  const record = JSON.parse(recordText) as LeadRecord
  id ??= record.id
  expect(key).toBe(LEAD_PREFIX + id)
  expect(record).toMatchObject({ id, status: 'queued', attempts: 0 })
  expectLead(record.lead, expected.lead)
  const message = writes.sends[0]![0] as LeadMessage
  expect(message).toEqual({ id, lead: record.lead })
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
  const headers: Record<string, string> = { 'CF-Connecting-IP': freshIp() }
  const all: Record<string, string | undefined> = {
    Origin: ORIGIN,
    'Sec-Fetch-Site': 'same-origin',
    'Content-Type': contentType,
    ...extra,
  }
  for (const [name, value] of Object.entries(all)) if (value !== undefined) headers[name] = value
  return headers
}

/** Calls the app with LEADS_STORE and LEADS recorded; queue sends are kept from the consumer. */
async function sendRecorded(testCase: Case): Promise<{ answer: Answer; writes: Writes }> {
  const writes: Writes = { puts: [], sends: [] }
  const queue = {
    send: async (...args: unknown[]) => void writes.sends.push(args),
    sendBatch: async (...args: unknown[]) => void writes.sends.push(args),
  } as unknown as Queue
  requests.count()
  const { response, body, settled } = await callApp(PATH + (testCase.query ?? ''), requestInit(testCase), {
    LEADS_STORE: recorded(bindings.LEADS_STORE, 'put', writes.puts),
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
  const keys = new Set<string>()
  let cursor: string | undefined
  do {
    const page = await bindings.LEADS_STORE.list({ prefix: LEAD_PREFIX, cursor })
    for (const key of page.keys) keys.add(key.name)
    cursor = page.list_complete ? undefined : page.cursor
  } while (cursor)
  return keys
}

/**
 * Runs a property whose cases return the ids of accepted leads, then checks KV once: the new
 * lead keys are exactly those leads, and no request changed Object.prototype.
 */
async function fuzz<T>(arbitrary: fc.Arbitrary<T>, numRuns: number, run: (value: T) => Promise<string[]>) {
  const prototypeBefore = prototypeSnapshot()
  const keysBefore = await leadKeys()
  const accepted: string[] = []
  await fc.assert(
    fc.asyncProperty(arbitrary, async (value) => {
      consoleErrors.take() // left over from a failed run while shrinking
      accepted.push(...(await run(value)))
    }),
    { numRuns },
  )
  const keysAfter = await leadKeys()
  const added = [...keysAfter].filter((key) => !keysBefore.has(key))
  expect(added.sort()).toEqual([...new Set(accepted)].map((id) => LEAD_PREFIX + id).sort())
  expect(prototypeSnapshot()).toEqual(prototypeBefore)
  return accepted
}

const ids = (id: string | undefined) => (id ? [id] : [])
const LONG = 120_000

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
      // The generators reach the success path, not just the refusals.
      expect(accepted.length).toBeGreaterThan(50)
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
      expect(accepted.length).toBeGreaterThan(30)
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

      // One request known to be valid, so the mail check below is known to be watching.
      const known = { ...validContact(), time: `${run}-known` }
      requests.count()
      const knownAnswer = await answerOf(await postContact(JSON.stringify(known)))
      acceptedIds.push(expectAcceptedJson(knownAnswer))
      acceptedMarkers.add(known.time)

      await fc.assert(
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
            if (expected.kind !== 'accepted') return
            acceptedCount++
            if (id) acceptedIds.push(id)
            if (expected.lead.time?.startsWith(run)) acceptedMarkers.add(expected.lead.time)
          },
        ),
        { numRuns: 500 },
      )

      // KV: one new lead record per accepted request (JSON answers name theirs), no other.
      const added = [...(await leadKeys())].filter((key) => !keysBefore.has(key))
      expect(added).toHaveLength(acceptedCount)
      expect(added).toEqual(expect.arrayContaining(acceptedIds.map((id) => LEAD_PREFIX + id)))
      for (const key of added) {
        const time = (await bindings.LEADS_STORE.get<LeadRecord>(key, 'json'))?.lead.time ?? ''
        if (time.startsWith(run)) expect(acceptedMarkers).toContain(time)
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
      // Give a wrongly queued request the time of one more delivery before the final comparison.
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect([...(await mailedMarkers())].sort()).toEqual([...acceptedMarkers].sort())
    },
    LONG,
  )

  it(
    'answers a client past 5 counted posts a minute with 429 and Retry-After, and stores nothing more',
    async () => {
      type Step = 'invalid json' | 'invalid form' | 'valid json' | 'valid form' | 'honeypot' | 'broken json'
      const counted = (step: Step) => step !== 'honeypot' && step !== 'broken json'
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
          const ip = freshIp()
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
            expect(writes).toEqual({ puts: [], sends: [] })
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
