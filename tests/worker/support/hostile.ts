/**
 * Shared pieces of the API fuzz tests (not a test file itself): generators of hostile input, a
 * way to see every write a request makes to a binding, and the checks every answer must pass.
 */
import fc from 'fast-check'
import { afterAll, afterEach, beforeEach, expect, vi } from 'vitest'
import { ORIGIN } from './app'

// --- strings and values nobody should send ---

const charIn = (from: number, to: number) =>
  fc.integer({ min: from, max: to }).map((code) => String.fromCharCode(code))

export const controlChar = fc.oneof(charIn(0, 0x1f), charIn(0x7f, 0x9f))
export const loneSurrogate = charIn(0xd800, 0xdfff)
/** Invisible or direction-changing characters that can disguise text. */
export const sneakyChar = fc.constantFrom(
  ...'\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069',
)
const hostileChar = fc.oneof(
  controlChar,
  loneSurrogate,
  sneakyChar,
  fc.constantFrom(...'<>"\'\\%&=;+/:@{}\ufeff\u200b'),
)

/** The same few characters many times over: cheap to build, far past every limit. */
export const hugeString = fc
  .tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }), fc.integer({ min: 300, max: 9000 }))
  .map(([piece, times]) => piece.repeat(times))

const shortJunkString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: hostileChar, maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    '\t\r\n',
    'null',
    'undefined',
    '0',
    '{}',
    '[]',
    '\u0000',
    "'; DROP TABLE leads; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '${7*7}',
  ),
)

export const junkString = fc.oneof(
  { arbitrary: shortJunkString, weight: 12 },
  { arbitrary: hugeString, weight: 1 },
)

/** Whitespace only: what a required field must never be. */
export const blank = fc.constantFrom('', ' ', '\t\n', '\u00a0\u3000', '\r\n \t')

/** What the rules must say about a generated value; `unknown` for junk. */
export type Verdict = 'valid' | 'invalid' | 'unknown'
export interface Generated {
  value: unknown
  verdict: Verdict
}

/** Keys that would change every object if a parser assigned them naively. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'isPrototypeOf',
] as const

export const junkKey = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), shortJunkString)

const junkScalar = fc.oneof(
  junkString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(-0, 1e308, Number.MAX_SAFE_INTEGER + 2),
)

/** Objects built with Object.fromEntries, so `__proto__` stays an own key and reaches the JSON. */
export const junkValue: fc.Arbitrary<unknown> = fc.letrec<{
  value: unknown
  list: unknown[]
  object: Record<string, unknown>
}>((tie) => ({
  value: fc.oneof({ depthSize: 'small', maxDepth: 3 }, junkScalar, tie('list'), tie('object')),
  list: fc.array(tie('value'), { maxLength: 4 }),
  object: fc
    .array(fc.tuple(junkKey, tie('value')), { maxLength: 4 })
    .map((entries) => Object.fromEntries(entries)),
})).value

/** Any value of a type other than string. */
export const notAString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(junkScalar, { maxLength: 3 }),
  fc.array(fc.tuple(junkKey, junkScalar), { maxLength: 3 }).map((entries) => Object.fromEntries(entries)),
)

/** Text that is neither valid JSON nor anything else in particular. */
export const brokenJson = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '}',
    '{"name": ',
    '{"a":1,}',
    "{'a': 1}",
    '[1, 2',
    'NaN',
    'undefined',
    '{"a": 01}',
  ),
  fc.constantFrom('\ufeff{}', '{"__proto__": {"polluted": true}', '{"a": "\\u12"}', '{"a": "\u0000"}'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: hostileChar, maxLength: 20 }),
  fc.string({ maxLength: 60 }).map((text) => `{${text}`),
)

/** JSON nested thousands of levels deep, as text (as a value it would overflow JSON.stringify). */
export function nestedJson(keys: readonly string[]): fc.Arbitrary<string> {
  const nested = fc.oneof(
    fc.integer({ min: 100, max: 5000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
    fc.integer({ min: 100, max: 2000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  )
  return fc.oneof(
    nested,
    fc.tuple(fc.constantFrom(...keys), nested).map(([key, value]) => `{${JSON.stringify(key)}:${value}}`),
  )
}

/** A query string nobody reads, with the odd prototype key. */
export const oddQuery = fc.oneof(
  { arbitrary: fc.constant(''), weight: 3 },
  {
    arbitrary: fc
      .array(fc.tuple(junkKey, fc.string({ maxLength: 10 })), { minLength: 1, maxLength: 3 })
      .map((pairs) => `?${new URLSearchParams(pairs).toString()}`),
    weight: 1,
  },
  {
    arbitrary: fc.constantFrom('?', '?&&', '?__proto__[polluted]=1', '?constructor.prototype.x=1'),
    weight: 1,
  },
)

// --- headers ---

/** Header text: printable ASCII (workerd refuses line breaks; browsers send nothing else). */
export const headerJunk = fc.string({ unit: fc.oneof(charIn(0x20, 0x7e), fc.constant('\t')), maxLength: 40 })

/** Mostly this site, sometimes absent, often something else. */
export const oddOrigin = fc.oneof(
  { arbitrary: fc.constant(ORIGIN), weight: 4 },
  { arbitrary: fc.constant(undefined), weight: 2 },
  {
    arbitrary: fc.oneof(
      fc.constantFrom(
        `${ORIGIN}/`,
        'https://EXAMPLE.com',
        'http://example.com',
        'https://example.com:443',
        'https://example.com:8443',
        'https://example.com.evil.example',
        'https://sub.example.com',
        'https://evil.example',
        'null',
        'file://',
        '',
      ),
      headerJunk,
    ),
    weight: 3,
  },
)

export const oddFetchSite = fc.oneof(
  { arbitrary: fc.constantFrom('same-origin', 'none'), weight: 4 },
  { arbitrary: fc.constant(undefined), weight: 2 },
  {
    arbitrary: fc.oneof(
      fc.constantFrom('same-site', 'cross-site', 'Same-Origin', 'SAME-ORIGIN', 'same-origin, cross-site', ''),
      headerJunk,
    ),
    weight: 3,
  },
)

export const oddMethod = fc.constantFrom(
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'post',
  'put',
  'patch',
  'PROPFIND',
  'PURGE',
  'SEARCH',
)

/** GET and HEAD requests cannot carry a body. */
export const bodyFor = (method: string, body: string) =>
  ['GET', 'HEAD'].includes(method.toUpperCase()) ? null : body

/** Header values that reach the worker through the front door, where an empty header is dropped. */
export const nonEmptyHeader = (values: fc.Arbitrary<string | undefined>) =>
  values.filter((value) => value === undefined || value.trim() !== '')

/** What a browser's same-origin check headers say about where a request comes from. */
export function isCrossOrigin(headers: Headers): boolean {
  const site = headers.get('Sec-Fetch-Site')
  // A page under Referrer-Policy no-referrer (a draft view) posts with Origin null; with
  // Sec-Fetch-Site same-origin, which no page can set, that is no Origin at all.
  const stated = headers.get('Origin')
  const origin = stated === 'null' && site === 'same-origin' ? null : stated
  return (
    (site !== null && site !== 'same-origin' && site !== 'none') || (origin !== null && origin !== ORIGIN)
  )
}

/** The media type as the endpoints read it: before any parameters, in lower case. */
export function mediaTypeOf(headers: Headers): string {
  return (headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
}

/** The body text as the worker reads it: UTF-8 on the wire (lone surrogates become U+FFFD), BOM dropped. */
export function asReceived(body: string): { text: string; bytes: number } {
  const bytes = new TextEncoder().encode(body)
  return { text: new TextDecoder().decode(bytes), bytes: bytes.length }
}

/** JSON.parse of a body, or `undefined` for one that does not parse. */
export function parsedJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown }
  } catch {
    return undefined
  }
}

// --- watching the worker ---

/** Wraps a binding so that every call of `method` is recorded and still reaches the binding. */
export function recorded<T extends object>(binding: T, method: keyof T & string, calls: unknown[][]): T {
  return new Proxy(binding, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property)
      if (typeof value !== 'function') return value
      if (property !== method) return value.bind(target)
      return (...args: unknown[]) => {
        calls.push(args)
        return value.apply(target, args)
      }
    },
  })
}

/**
 * Silences the worker's logs during the properties (thousands of refusals are logged) and
 * keeps what goes to console.error: the app's onError logs "Unhandled error:" there, and no
 * path these tests take has any other reason to log an error.
 */
export function watchConsoleErrors(): { take(): unknown[][] } {
  let errors: unknown[][] = []
  beforeEach(() => {
    errors = []
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args))
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })
  return {
    take() {
      const taken = errors
      errors = []
      return taken
    },
  }
}

/**
 * Counts the requests each test sends. Once all `tests` of the file have run, the total must
 * reach `minimum`: the generated cases the properties run, over 10,000 at their full sample
 * (`npm run test:fuzz`), and so many fewer in `npm test` (a filtered run checks nothing).
 */
export function requestCounter(tests: number, minimum: number): { count(): void } {
  const sent = new Map<string, number>()
  afterAll(() => {
    if (sent.size < tests) return
    expect([...sent.values()].reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(minimum)
  })
  return {
    count() {
      const test = expect.getState().currentTestName ?? ''
      sent.set(test, (sent.get(test) ?? 0) + 1)
    },
  }
}

/** Object.prototype as it is now, to prove no request changed it. */
export function prototypeSnapshot(): [string, unknown][] {
  return Object.getOwnPropertyNames(Object.prototype).map((key) => [
    key,
    Object.getOwnPropertyDescriptor(Object.prototype, key)?.value,
  ])
}

// --- answers ---

export interface Answer {
  status: number
  headers: Headers
  text: string
}

export async function answerOf(response: Response): Promise<Answer> {
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/** A JSON body, or a failed expectation naming what came instead. */
export function jsonOf(answer: Answer): Record<string, unknown> {
  expect(answer.headers.get('Content-Type'), answer.text.slice(0, 200)).toMatch(/^application\/json/)
  const body = JSON.parse(answer.text) as unknown
  expect(body).toBeTypeOf('object')
  return body as Record<string, unknown>
}

/**
 * A refusal a client can act on: the expected 4xx with a JSON `error` sentence, or `errors`
 * with a message per field. Returns the body for closer checks.
 */
export function expectClearRefusal(answer: Answer, status: number): Record<string, unknown> {
  expect(answer.status, answer.text.slice(0, 200)).toBe(status)
  const body = jsonOf(answer)
  if ('errors' in body) {
    const messages = Object.values(body.errors as Record<string, unknown>)
    expect(messages.length).toBeGreaterThan(0)
    for (const message of messages) expect(message).toMatch(/\w{3,}/)
  } else {
    expect(body.error).toMatch(/\w{3,}.*\w{3,}/)
  }
  return body
}
