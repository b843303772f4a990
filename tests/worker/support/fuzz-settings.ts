/** Generators of /api/settings requests for the fuzz tests: viewer addresses, bodies, content types, credentials. */
import fc from 'fast-check'
import { VIEWER_URL_MAX_LENGTH } from '../../../src/schemas/settings'
import {
  blank,
  brokenJson,
  headerJunk,
  hugeString,
  junkKey,
  junkString,
  junkValue,
  nestedJson,
  notAString,
  type Generated,
} from './hostile'
import { ADMIN, ADMIN_AUTH } from './app'

export const BODY_LIMIT = 8 * 1024

export const LONG_URL_START = 'https://viewer.example.com/?m='
export const EXACT_LIMIT_URL = LONG_URL_START + 'a'.repeat(VIEWER_URL_MAX_LENGTH - LONG_URL_START.length)

export const wellFormedUrl = fc.oneof(
  fc.webUrl({ validSchemes: ['https', 'http'], withQueryParameters: true, withFragments: true }),
  fc.constantFrom(
    'https://viewer.example.org/3d/?model=models/ring.glb',
    'http://localhost:8080/',
    'https://例え.テスト/ビューア?モデル=指輪',
    'https://[::1]:8443/x',
    'https://192.0.2.1/',
    'HTTPS://VIEWER.EXAMPLE.COM/',
    EXACT_LIMIT_URL,
  ),
)
export const padding = fc.constantFrom('', '', ' ', '\n', '\t ', '\u00a0')
export const validUrl = fc
  .tuple(padding, wellFormedUrl, padding)
  .map(([before, url, after]) => before + url + after)

/** Whitespace and control characters, which URL parsing would silently drop or encode. */
export const breakChar = fc.constantFrom(...' \t\n\r\u000b\u0000\u001f\u007f\u00a0\u2028\u3000\ufeff')

export const invalidUrl = fc.oneof(
  notAString,
  blank,
  fc.constantFrom(
    'javascript:alert(document.cookie)',
    'JaVaScRiPt:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://viewer.example.com/',
    'blob:https://example.com/x',
    'about:blank',
    'ws://viewer.example.com/',
    '/3d-viewer/?model=a.glb',
    '//viewer.example.com/',
    'viewer.example.com',
    'https://user:secret@viewer.example.com/',
    'https://:secret@viewer.example.com/',
    'https://user@viewer.example.com/',
    'https://',
    'http://',
  ),
  fc.tuple(wellFormedUrl, breakChar, fc.nat()).map(([url, char, at]) => {
    const inside = 1 + (at % (url.length - 1))
    return url.slice(0, inside) + char + url.slice(inside)
  }),
  fc.integer({ min: 1, max: 3000 }).map((extra) => EXACT_LIMIT_URL + 'a'.repeat(extra)),
  fc
    .stringMatching(/^[a-z][a-z0-9+.-]{0,10}$/)
    .filter((scheme) => scheme !== 'http' && scheme !== 'https')
    .map((scheme) => `${scheme}://viewer.example.com/`),
)

export const generatedUrl: fc.Arbitrary<Generated> = fc.oneof(
  { arbitrary: validUrl.map((value) => ({ value, verdict: 'valid' as const })), weight: 2 },
  { arbitrary: invalidUrl.map((value) => ({ value, verdict: 'invalid' as const })), weight: 4 },
  { arbitrary: junkValue.map((value) => ({ value, verdict: 'unknown' as const })), weight: 1 },
  { arbitrary: fc.constant({ value: undefined, verdict: 'invalid' as const }), weight: 1 },
)

export interface GeneratedBody {
  body: string
  /** The generator's verdict on the address, when the body is a settings object. */
  verdict?: Generated['verdict']
}

export const settingsBody: fc.Arbitrary<GeneratedBody> = fc.oneof(
  {
    arbitrary: fc
      .tuple(
        generatedUrl,
        fc.array(
          fc.tuple(
            junkKey.filter((key) => key !== 'view3dUrl'),
            junkValue,
          ),
          { maxLength: 3 },
        ),
      )
      .map(([url, extras]) => {
        // Object.fromEntries keeps `__proto__` an own key, so JSON.stringify sends it.
        const entries = url.value === undefined ? extras : [...extras, ['view3dUrl', url.value]]
        return { body: JSON.stringify(Object.fromEntries(entries)), verdict: url.verdict }
      }),
    weight: 8,
  },
  { arbitrary: junkValue.map((value) => ({ body: JSON.stringify(value) })), weight: 1 },
  { arbitrary: nestedJson(['view3dUrl']).map((body) => ({ body })), weight: 1 },
  { arbitrary: validUrl.map((url) => ({ body: JSON.stringify([{ view3dUrl: url }]) })), weight: 1 },
)

export const exactLimitBodies = [BODY_LIMIT, BODY_LIMIT + 1].map(
  (size) =>
    `{"view3dUrl":"https://viewer.example.com/${'x'.repeat(size - '{"view3dUrl":"https://viewer.example.com/"}'.length)}"}`,
)

export const anyBody: fc.Arbitrary<GeneratedBody> = fc.oneof(
  settingsBody,
  brokenJson.map((body) => ({ body })),
  junkString.map((body) => ({ body })),
  hugeString.map((body) => ({ body })),
  fc.constantFrom(...exactLimitBodies).map((body) => ({ body })),
  validUrl.map((url) => ({ body: `view3dUrl=${encodeURIComponent(url)}` })),
)

export const jsonContentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json ;charset=utf-8',
  'application/vnd.api+json',
  'application/merge-patch+json',
)

export const oddContentType = fc.oneof(
  jsonContentType,
  fc.constantFrom(
    'text/plain',
    'text/plain;charset=UTF-8',
    'text/json',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'application/jsonp',
    'application/json-seq',
    'application/+json',
    'application/json x',
    'application/json,text/plain',
    'json',
    '*/*',
    '',
    ';',
  ),
  headerJunk,
  fc.constant(undefined),
)

// --- Authorization headers ---

/** Base64 of the UTF-8 bytes, as a browser encodes non-ASCII credentials. */
export function base64Utf8(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}
export const basicOf = (username: string, password: string) =>
  `Basic ${base64Utf8(`${username}:${password}`)}`
export const RIGHT_TOKEN = base64Utf8(`${ADMIN.username}:${ADMIN.password}`)

export interface Credentials {
  authorization: string | undefined
  /** Whether the header carries the admin's user name and password in a form Basic auth accepts. */
  correct: boolean
}

export const rightCredentials: fc.Arbitrary<Credentials> = fc
  .oneof(
    fc.constant(ADMIN_AUTH),
    fc.mixedCase(fc.constant('basic')).map((scheme) => `${scheme} ${RIGHT_TOKEN}`),
    fc.constantFrom('  ', '   ').map((spaces) => `Basic${spaces}${RIGHT_TOKEN}`),
  )
  .map((authorization) => ({ authorization, correct: true }))

/** Wrong passwords that still parse as Basic credentials (no line break, which the parser refuses). */
export const wrongPassword = fc
  .oneof(
    fc.string({ maxLength: 24 }),
    fc.string({ unit: 'grapheme', maxLength: 8 }),
    fc.constantFrom(
      '',
      ADMIN.password.toUpperCase(),
      `${ADMIN.password} `,
      ` ${ADMIN.password}`,
      ADMIN.password.slice(0, -1),
      `${ADMIN.password}\u0000`,
      `${ADMIN.password}:`,
    ),
  )
  .filter((password) => password !== ADMIN.password && !/[\n\r\u2028\u2029]/.test(password))

/** Headers Basic auth cannot read at all: no failed sign-in is counted for them. */
export const unreadableCredentials = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    '',
    'Basic',
    'Basic ',
    'Basic =',
    `Basic ${base64Utf8(`${ADMIN.username}:${ADMIN.password}\n`)}`,
    `Basic\t${RIGHT_TOKEN}`,
    `Bearer ${ADMIN.password}`,
    `Bearer ${RIGHT_TOKEN}`,
    `Digest ${RIGHT_TOKEN}`,
    `Token ${RIGHT_TOKEN}`,
    `Basicc ${RIGHT_TOKEN}`,
    `${RIGHT_TOKEN}`,
    `Basic ${RIGHT_TOKEN.replace(/=/g, '').replace(/\+/g, '-')}!`,
    `Basic ${base64Utf8(ADMIN.username + ADMIN.password)}`,
  ),
  headerJunk.filter((text) => !/^\s*basic /i.test(text)),
)

/** Garbage after "Basic": unreadable, or read as some wrong user name and password. */
export const garbageBasic = fc
  .string({
    unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=!*#-_'),
    maxLength: 60,
  })
  .map((token) => `Basic ${token}`)

export const wrongCredentials: fc.Arbitrary<Credentials> = fc
  .oneof(
    wrongPassword.map((password) => basicOf(ADMIN.username, password)),
    fc
      .oneof(fc.string({ maxLength: 12 }), fc.constantFrom('', 'Admin', 'ADMIN', 'admin ', 'root'))
      .filter((username) => username !== ADMIN.username)
      .map((username) => basicOf(username, ADMIN.password)),
    fc.constant(basicOf(ADMIN.password, ADMIN.username)),
    unreadableCredentials,
    garbageBasic,
  )
  .map((authorization) => ({ authorization, correct: false }))

export const anyCredentials = fc.oneof(rightCredentials, wrongCredentials)
