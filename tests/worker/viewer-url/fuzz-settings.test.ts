/**
 * Property-based fuzzing of /api/settings (over 10,000 generated requests). Whatever arrives
 * (any body, content type, method, Origin, Sec-Fetch-Site or Authorization), the answer is
 * never a 5xx or an unhandled error, every refusal is a clear 4xx, and the stored viewer URL
 * changes only on an authenticated, same-origin PUT of a valid address.
 *
 * Most properties call the app directly with the SETTINGS namespace recorded (writes still
 * reach KV); one goes through the front door and reads KV after every request.
 */
import { SELF } from 'cloudflare:test'
import fc from 'fast-check'
import { beforeEach, describe, expect, it } from 'vitest'
import { assertProperty, fuzzRuns } from '../../support/fuzz'
import { external } from '../../../src/content/external'
import { settingsUpdateSchema, VIEWER_URL_PATH } from '../../../src/schemas/settings'
import {
  BODY_LIMIT,
  validUrl,
  settingsBody,
  anyBody,
  jsonContentType,
  oddContentType,
  basicOf,
  rightCredentials,
  wrongPassword,
  unreadableCredentials,
  wrongCredentials,
  anyCredentials,
} from '../support/fuzz-settings'
import {
  uniqueIpv4,
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
  recorded,
  requestCounter,
  watchConsoleErrors,
  type Answer,
  type Generated,
  ADMIN,
  ADMIN_AUTH,
  callApp,
  env,
  ORIGIN,
  resetSignInGuard,
  LONG,
} from '../support'

const PATH = '/api/settings'
/** MAX_BODY_BYTES in src/server/viewer-url/routes/settings.ts. */
const REALM_CHALLENGE = /^Basic realm="[^"]+", charset="UTF-8"$/

const consoleErrors = watchConsoleErrors()
/** The properties' full samples (10,500 cases); `npm test` runs FUZZ_RUNS of each at most. */
const requests = requestCounter(
  6,
  [2500, 3000, 2500, 2000, 500].reduce((sum, full) => sum + fuzzRuns(full), 0),
)

/** What KV holds for the viewer address, as the properties expect it (null: nothing stored). */
let stored: string | null = null

beforeEach(async () => {
  await env.SETTINGS.delete(VIEWER_URL_PATH)
  stored = null
})

// --- what the endpoint must answer ---

type Expected =
  | { kind: 'read' }
  | { kind: 'wrong method' }
  | { kind: 'refusal'; status: number; error: string | RegExp }
  | { kind: 'saved'; url: string }

const refusal = (status: number, error: string | RegExp): Expected => ({ kind: 'refusal', status, error })

/** JSON or any `+json` type, in any letter case and with any parameters. */
const isJsonMediaType = (mediaType: string) => /^application\/([\w.+-]+\+)?json$/.test(mediaType)

/** The answer the endpoint's documented steps lead to for this request. */
function expectedAnswer(request: Request, body: string | null, credentialsCorrect: boolean): Expected {
  if (request.method === 'GET' || request.method === 'HEAD') return { kind: 'read' }
  if (request.method !== 'PUT') return { kind: 'wrong method' }
  if (isCrossOrigin(request.headers)) return refusal(403, 'Cross-origin requests are not allowed.')
  if (!credentialsCorrect) return refusal(401, /admin username and password/)
  const { text, bytes } = asReceived(body ?? '')
  if (bytes > BODY_LIMIT) return refusal(413, `The request body must be at most ${BODY_LIMIT} bytes.`)
  if (!isJsonMediaType(mediaTypeOf(request.headers))) return refusal(415, /Content-Type: application\/json/)
  const parsed = parsedJson(text)
  if (!parsed) return refusal(400, 'The request body is not valid JSON.')
  const result = settingsUpdateSchema.safeParse(parsed.value)
  if (!result.success) return refusal(400, result.error.issues[0]!.message)
  return { kind: 'saved', url: result.data.view3dUrl }
}

function expectVerdictHonoured(expected: Expected, verdict: Generated['verdict'] | undefined) {
  if (expected.kind !== 'saved' && !(expected.kind === 'refusal' && expected.status === 400)) return
  if (verdict === 'valid') expect(expected.kind).toBe('saved')
  if (verdict === 'invalid') expect(expected.kind).toBe('refusal')
}

const effectiveUrl = () => stored?.trim() || external.defaultViewerUrl

/** Checks one answer, and (when recorded) the writes to SETTINGS; keeps `stored` up to date. */
function expectAnswer(answer: Answer, expected: Expected, request: Request, puts?: unknown[][]) {
  expect(consoleErrors.take()).toEqual([])
  expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500)

  switch (expected.kind) {
    case 'read':
      expect(answer.status).toBe(200)
      expect(answer.headers.get('Cache-Control')).toMatch(/^public, max-age=\d+$/)
      if (request.method === 'HEAD') expect(answer.text).toBe('')
      else expect(jsonOf(answer)).toEqual({ view3dUrl: effectiveUrl() })
      break
    case 'wrong method':
      expect(expectClearRefusal(answer, 405).error).toBe('Use GET or PUT.')
      expect(answer.headers.get('Allow')).toBe('GET, HEAD, PUT')
      break
    case 'refusal': {
      const { error } = expectClearRefusal(answer, expected.status)
      if (typeof expected.error === 'string') expect(error).toBe(expected.error)
      else expect(error).toMatch(expected.error)
      if (expected.status === 401) {
        expect(answer.headers.get('WWW-Authenticate')).toMatch(REALM_CHALLENGE)
        expect(answer.headers.get('Cache-Control')).toBe('no-store')
      }
      break
    }
    case 'saved':
      expect(answer.status, answer.text.slice(0, 300)).toBe(200)
      expect(jsonOf(answer)).toEqual({ ok: true, view3dUrl: expected.url })
      expect(answer.headers.get('Cache-Control')).toBe('no-store')
      break
  }

  if (puts) expect(puts).toEqual(expected.kind === 'saved' ? [[VIEWER_URL_PATH, expected.url]] : [])
  if (expected.kind === 'saved') stored = expected.url
}

// --- sending ---

interface Case {
  method: string
  headers: Record<string, string>
  body: string | null
  query?: string
}

/** Headers of a request from a client of its own (so no failed sign-in counts against another). */
function headersOf(fields: Record<string, string | undefined>, ip = uniqueIpv4()): Record<string, string> {
  const headers: Record<string, string> = { 'CF-Connecting-IP': ip }
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) headers[name] = value
  return headers
}

/** Sends one case to the app with SETTINGS recorded and checks the answer and the writes. */
async function check(testCase: Case, credentialsCorrect: boolean, verdict?: Generated['verdict']) {
  const init: RequestInit = { method: testCase.method, headers: testCase.headers, body: testCase.body }
  const path = PATH + (testCase.query ?? '')
  const request = new Request(ORIGIN + path, init)
  const expected = expectedAnswer(request, testCase.body, credentialsCorrect)
  expectVerdictHonoured(expected, verdict)
  const puts: unknown[][] = []
  requests.count()
  const { response, body, settled } = await callApp(path, init, {
    SETTINGS: recorded(env.SETTINGS, 'put', puts),
  })
  await settled
  expectAnswer({ status: response.status, headers: response.headers, text: body }, expected, request, puts)
  return expected
}

/** Runs a property, then checks once that KV holds what the accepted PUTs left and nothing else. */
async function fuzz<T>(arbitrary: fc.Arbitrary<T>, numRuns: number, run: (value: T) => Promise<unknown>) {
  const prototypeBefore = prototypeSnapshot()
  let saves = 0
  await assertProperty(
    fc.asyncProperty(arbitrary, async (value) => {
      consoleErrors.take() // left over from a failed run while shrinking
      // Thousands of generated failures from distinct clients would trip the global ceiling;
      // each run starts with no failures counted (access.test.ts pins the lockout down).
      await resetSignInGuard()
      const before = stored
      await run(value)
      if (stored !== before) saves++
    }),
    numRuns,
    import.meta.url,
  )
  expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBe(stored)
  expect(prototypeSnapshot()).toEqual(prototypeBefore)
  return saves
}

const browser = { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' }
/** Browsers send Origin and Sec-Fetch-Site; curl and scripts send neither. */
const sameOriginHeaders = fc.constantFrom(browser, {})

describe('/api/settings under fuzzing', () => {
  it(
    'answers an admin PUT of any JSON body with 200 and the stored address, or 400 with a message and no write',
    async () => {
      const saves = await fuzz(
        fc.record({ generated: settingsBody, contentType: jsonContentType, site: sameOriginHeaders }),
        2500,
        ({ generated, contentType, site }) =>
          check(
            {
              method: 'PUT',
              headers: headersOf({ ...site, 'Content-Type': contentType, Authorization: ADMIN_AUTH }),
              body: generated.body,
            },
            true,
            generated.verdict,
          ),
      )
      // The generators reach the success path, not just the refusals: over 1 case in 50.
      expect(saves).toBeGreaterThan(fuzzRuns(2500) / 50)
    },
    LONG,
  )

  it(
    'refuses broken JSON, odd content types and oversized bodies from the admin with a clear 4xx',
    async () => {
      await fuzz(
        fc.record({ generated: anyBody, contentType: oddContentType }),
        3000,
        ({ generated, contentType }) =>
          check(
            {
              method: 'PUT',
              headers: headersOf({ ...browser, 'Content-Type': contentType, Authorization: ADMIN_AUTH }),
              body: generated.body,
            },
            true,
          ),
      )
    },
    LONG,
  )

  it(
    'answers every Authorization but the admin Basic credentials with 401 and a challenge, and writes nothing',
    async () => {
      let accepted = 0
      await fuzz(
        fc.record({ credentials: anyCredentials, generated: settingsBody, site: sameOriginHeaders }),
        2500,
        async ({ credentials, generated, site }) => {
          const expected = await check(
            {
              method: 'PUT',
              headers: headersOf({
                ...site,
                'Content-Type': 'application/json',
                Authorization: credentials.authorization,
              }),
              body: generated.body,
            },
            credentials.correct,
          )
          if (expected.kind === 'saved') accepted++
        },
      )
      expect(accepted).toBeGreaterThan(fuzzRuns(2500) / 125)
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
          credentials: fc.oneof(
            { arbitrary: rightCredentials, weight: 3 },
            { arbitrary: wrongCredentials, weight: 1 },
          ),
          contentType: oddContentType,
          generated: anyBody,
          query: oddQuery,
        }),
        2000,
        ({ method, origin, site, credentials, contentType, generated, query }) =>
          check(
            {
              method,
              headers: headersOf({
                Origin: origin,
                'Sec-Fetch-Site': site,
                'Content-Type': contentType,
                Authorization: credentials.authorization,
              }),
              body: bodyFor(method, generated.body),
              query,
            },
            credentials.correct,
          ),
      )
    },
    LONG,
  )

  it(
    'through the front door, leaves the stored address unchanged by every refused request',
    async () => {
      const prototypeBefore = prototypeSnapshot()
      await assertProperty(
        fc.asyncProperty(
          fc.record({
            method: fc.oneof(
              { arbitrary: fc.constant('PUT'), weight: 3 },
              { arbitrary: oddMethod, weight: 1 },
            ),
            origin: nonEmptyHeader(oddOrigin),
            site: nonEmptyHeader(oddFetchSite),
            credentials: anyCredentials.filter(({ authorization }) => authorization !== ''),
            contentType: nonEmptyHeader(fc.oneof(jsonContentType, oddContentType)),
            generated: fc.oneof({ arbitrary: settingsBody, weight: 3 }, { arbitrary: anyBody, weight: 1 }),
          }),
          async ({ method, origin, site, credentials, contentType, generated }) => {
            consoleErrors.take() // left over from a failed run while shrinking
            await resetSignInGuard() // as in fuzz(): no global lockout across runs
            const request = new Request(ORIGIN + PATH, {
              method,
              headers: headersOf({
                Origin: origin,
                'Sec-Fetch-Site': site,
                'Content-Type': contentType,
                Authorization: credentials.authorization,
              }),
              body: bodyFor(method, generated.body),
            })
            const expected = expectedAnswer(request, bodyFor(method, generated.body), credentials.correct)
            requests.count()
            expectAnswer(await answerOf(await SELF.fetch(request)), expected, request)
            expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBe(stored)
          },
        ),
        500,
        import.meta.url,
      )
      expect(prototypeSnapshot()).toEqual(prototypeBefore)
    },
    LONG,
  )

  it(
    'locks a client out after 5 failures in a row: then 429 with Retry-After for anything, the right password too',
    async () => {
      type Attempt = 'wrong' | 'unparsed' | 'right'
      // Six wrong passwords, with unreadable or missing credentials and right ones anywhere (an
      // unreadable header counts as a failure; none is no attempt; a success clears the count).
      let lockouts = 0
      const attempts = fc
        .array(fc.tuple(fc.nat({ max: 6 }), fc.constantFrom<Attempt>('unparsed', 'right')), { maxLength: 3 })
        .map((extras) => {
          const sequence: Attempt[] = Array<Attempt>(6).fill('wrong')
          for (const [at, attempt] of extras) sequence.splice(at, 0, attempt)
          return [...sequence, 'right' as const]
        })
      await fuzz(
        fc.record({
          sequence: attempts,
          passwords: fc.array(wrongPassword, { minLength: 9, maxLength: 9 }),
          unparsed: fc.array(unreadableCredentials, { minLength: 9, maxLength: 9 }),
          url: validUrl,
        }),
        40,
        async ({ sequence, passwords, unparsed, url }) => {
          const ip = uniqueIpv4()
          let failures = 0
          let locked = false
          let lockedAt = -1
          for (const [index, attempt] of sequence.entries()) {
            const authorization = {
              wrong: basicOf(ADMIN.username, passwords[index]!),
              unparsed: unparsed[index],
              right: ADMIN_AUTH,
            }[attempt]
            const testCase: Case = {
              method: 'PUT',
              headers: headersOf(
                { ...browser, 'Content-Type': 'application/json', Authorization: authorization },
                ip,
              ),
              body: JSON.stringify({ view3dUrl: url }),
            }
            if (!locked) {
              await check(testCase, attempt === 'right')
              // Any Authorization header that does not sign in is a failed attempt, readable or not.
              if (attempt === 'right') failures = 0
              else if (authorization !== undefined && ++failures === 5) {
                locked = true
                lockedAt = index
              }
              continue
            }
            // Locked out: refused before any credentials are looked at, and nothing written.
            const puts: unknown[][] = []
            requests.count()
            const { response, body } = await callApp(PATH, testCase, {
              SETTINGS: recorded(env.SETTINGS, 'put', puts),
            })
            const answer = { status: response.status, headers: response.headers, text: body }
            expect(expectClearRefusal(answer, 429).error).toMatch(/Too many failed sign-in attempts/)
            expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThan(890)
            expect(puts).toEqual([])
            expect(consoleErrors.take()).toEqual([])
          }
          if (lockedAt >= 0) lockouts++
        },
      )
      expect(lockouts).toBeGreaterThan(10)
    },
    LONG,
  )
})
