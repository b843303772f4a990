/** Generators of /api/contact requests for the fuzz tests: fields valid and hostile, bodies, content types. */
import fc from 'fast-check'
import { CONTACT_LIMITS, FORM_TOKEN_FIELD, HONEYPOT_FIELD } from '../../../src/schemas/contact'
import { freshFormToken, REUSED_FORM_TOKENS } from './contact'
import { CONTACT_BODY_LIMIT } from '../../../src/server/leads/routes/contact'
import {
  blank,
  brokenJson,
  controlChar,
  headerJunk,
  hugeString,
  junkKey,
  junkString,
  junkValue,
  loneSurrogate,
  nestedJson,
  notAString,
  sneakyChar,
  type Generated,
  type Verdict,
} from './hostile'

export const JSON_TYPE = 'application/json'
export const FORM_TYPE = 'application/x-www-form-urlencoded'
export const FIELDS = ['name', 'email', 'phone', 'inquiry', 'time'] as const
export type Field = (typeof FIELDS)[number]

export const letter = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
  ...['é', 'ß', 'Å', 'ñ', 'ø', 'ł', 'Ж', 'я', '中', '村', '日', 'ü', 'ا', 'ك', '😀', '🛍️'],
)
export const textChar = fc.oneof(
  { arbitrary: letter, weight: 10 },
  { arbitrary: fc.constantFrom(' ', '-', "'", '.', ',', '&', '’', '0', '7'), weight: 2 },
)
/** One line of printable text, at most `limit` UTF-16 units (a letter is at most 3), never blank. */
export const lineText = (limit: number) =>
  fc
    .tuple(letter, fc.string({ unit: textChar, maxLength: Math.floor((limit - 3) / 3) }))
    .map(([first, rest]) => first + rest)
/** Whitespace the rules trim away. */
export const padding = fc.constantFrom('', '', '', ' ', '  ', '\t', '\n', '\u00a0', '\u3000')
export const padded = (text: fc.Arbitrary<string>) =>
  fc.tuple(padding, text, padding).map(([before, value, after]) => before + value + after)

/** Longer than `limit` even after trimming. */
export const tooLong = (limit: number) =>
  fc
    .tuple(fc.constantFrom('x', 'ж', '中', 'ab'), fc.integer({ min: 1, max: 200 }))
    .map(([piece, extra]) => piece.repeat(limit + extra))
/** A forbidden character between two words, where trimming cannot remove it. */
export const withInside = (bad: fc.Arbitrary<string>) =>
  fc.tuple(lineText(18), bad, lineText(18)).map(([before, char, after]) => before + char + after)
export const singleLineBad = fc.oneof(controlChar, loneSurrogate, sneakyChar, fc.constantFrom('<', '>'))

export const validEmail = fc.oneof(
  fc
    .tuple(
      fc.stringMatching(/^[a-z0-9]{1,10}([._+-][a-z0-9]{1,8}){0,2}$/),
      fc.stringMatching(/^[a-z0-9]{1,10}(-[a-z0-9]{1,6})?(\.[a-z0-9]{1,10}){0,2}$/),
      fc.stringMatching(/^[a-z]{2,6}$/),
    )
    .map(([local, domain, tld]) => `${local}@${domain}.${tld}`),
  fc.constant(`${'e'.repeat(64)}@${'d'.repeat(60)}.example.com`),
)

export const FIELD_RULES: Record<Field, { valid: fc.Arbitrary<string>; invalid: fc.Arbitrary<unknown> }> = {
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
export function generatedField(field: Field, validWeight: number): fc.Arbitrary<Generated> {
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

export interface ContactPayload {
  fields: Record<Field, Generated>
  /** The hidden `website` field: usually absent. */
  honeypot: unknown
  /** The form token: usually a fresh good one, sometimes one posted before (a replay), absent or junk. */
  formToken: unknown
  /** Unknown keys, prototype-pollution keys among them. */
  extras: [string, unknown][]
}

export const isFieldKey = (key: string) =>
  (FIELDS as readonly string[]).includes(key) || key === HONEYPOT_FIELD || key === FORM_TOKEN_FIELD

export function contactPayload(validWeight = 8): fc.Arbitrary<ContactPayload> {
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
    formToken: fc.oneof(
      // A fresh good token each time (each carries one post): the map is impure on purpose.
      { arbitrary: fc.constant(null).map(() => freshFormToken()), weight: 11 },
      // A good token posted again: the first post spends it, the next are replays.
      { arbitrary: fc.constantFrom(...REUSED_FORM_TOKENS), weight: 1 },
      { arbitrary: fc.constant(undefined), weight: 1 },
      { arbitrary: junkValue, weight: 1 },
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
export function payloadObject({
  fields,
  honeypot,
  formToken,
  extras,
}: ContactPayload): Record<string, unknown> {
  const entries: [string, unknown][] = [...extras]
  for (const field of FIELDS)
    if (fields[field].value !== undefined) entries.push([field, fields[field].value])
  if (honeypot !== undefined) entries.push([HONEYPOT_FIELD, honeypot])
  if (formToken !== undefined) entries.push([FORM_TOKEN_FIELD, formToken])
  return Object.fromEntries(entries)
}

export interface GeneratedBody {
  body: string
  /** What each field's verdict is once encoded, when the body came from a payload. */
  verdicts?: Record<Field, Verdict>
}

export const verdictsOf = (payload: ContactPayload) =>
  Object.fromEntries(FIELDS.map((field) => [field, payload.fields[field].verdict])) as Record<Field, Verdict>

export function jsonBody(validWeight = 8): fc.Arbitrary<GeneratedBody> {
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

export const FORM_EXTRA_KEYS = ['name[]', 'email[]', 'website[]', 'time[]', 'name[0]'] as const

/** A value as form text (String() would throw on an object whose own `toString` is junk). */
export const formText = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '')

/**
 * A payload as a browser-style form body. Form values are strings, so a non-string becomes
 * either repeated keys (an array: still invalid) or its string form (validity unknown).
 */
export function formBodyOf(payload: ContactPayload, extraPairs: [string, string][]): GeneratedBody {
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
  if (payload.formToken !== undefined) params.append(FORM_TOKEN_FIELD, formText(payload.formToken))
  return { body: params.toString(), verdicts }
}

/** Hand-made form text: stray `%`, `&`, `=` and `+`, truncated escapes, field names. */
export const rawFormText = fc
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

export function formBody(validWeight = 8): fc.Arbitrary<GeneratedBody> {
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

export const exactLimitBodies = [CONTACT_BODY_LIMIT, CONTACT_BODY_LIMIT + 1].map(
  (size) => `{"inquiry":"${'x'.repeat(size - '{"inquiry":""}'.length)}"}`,
)

/** Any body at all, for properties about what surrounds it. */
export const anyBody: fc.Arbitrary<GeneratedBody> = fc.oneof(
  jsonBody(),
  formBody(),
  brokenJson.map((body) => ({ body })),
  junkString.map((body) => ({ body })),
  hugeString.map((body) => ({ body })),
  fc.constantFrom(...exactLimitBodies).map((body) => ({ body })),
  nestedJson([...FIELDS, HONEYPOT_FIELD]).map((body) => ({ body })),
)

export const oddContentType = fc.oneof(
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
