/**
 * Access to the viewer address: no write without the admin credentials, from this site only,
 * failed sign-ins locked out per client, and no secret in any answer or log line.
 *
 * settings-api.test.ts and settings-update-page.test.ts already cover the basic refusals of
 * PUT /api/settings (no, wrong and Bearer credentials, a malformed header, other origins) and of
 * POST /update (no credentials, other origins); this file adds the rest, and after every refused
 * write checks through GET /api/settings that the stored address did not change.
 */
import { SELF } from 'cloudflare:test'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Bindings } from '../../../src/env'
import { VIEWER_URL_PATH } from '../../../src/schemas/settings'
import { app } from '../../../src/worker'
import { PUBLIC_ROUTES } from '../../support/routes'
import {
  captureConsole,
  CONFIGURED,
  RATE_WINDOW_TEST_TIMEOUT,
  roomInRateWindow,
  uniqueIpv4,
  uniqueIpv6,
  validContact,
  ADMIN,
  ADMIN_AUTH,
  ADMIN_COOKIE,
  basic,
  callApp,
  env,
  generateServiceAccount,
  newDatabase,
  ORIGIN,
  putInit,
  SAME_ORIGIN,
  DB_SECRET,
  visibleText,
} from '../support'
import { resetIsolate } from '../../../src/server/isolate'
import { RENDER_FAILURE_PATH } from '../support/test-routes'

/** What is stored before each test; every refused write must leave it in place. */
const STORED = 'https://viewer.example.org/stored/?model=models/ring.glb'
const ATTEMPTED = 'https://evil.example/phish'
const CROSS_SITE = { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }

beforeEach(async () => {
  await env.SETTINGS.put(VIEWER_URL_PATH, STORED)
})
afterEach(async () => {
  await env.SETTINGS.delete(VIEWER_URL_PATH)
})

/** The stored address, read back as the public API and the store itself see it. */
async function expectStoredUnchanged() {
  const response = await SELF.fetch(ORIGIN + '/api/settings')
  expect(await response.json()).toEqual({ view3dUrl: STORED })
  expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBe(STORED)
}

/** PUT /api/settings as the /update island sends it, with these headers in place of its own. */
function jsonWrite(headers: Record<string, string>, authorization?: string) {
  const all: Record<string, string> = { 'Content-Type': 'application/json', ...headers }
  if (authorization !== undefined) all.Authorization = authorization
  return SELF.fetch(ORIGIN + '/api/settings', {
    method: 'PUT',
    headers: all,
    body: JSON.stringify({ view3dUrl: ATTEMPTED }),
  })
}

/** The console's password form, posted as a browser sends it. */
function signInForm(headers: Record<string, string>, username: string, password: string) {
  return SELF.fetch(ORIGIN + '/admin/sign-in', {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ username, password }).toString(),
  })
}

/** POST /update as the no-JavaScript form sends it. */
/** The /update form's post: from the page it is on (its Referer), with `headers` as a browser adds them. */
function formWrite(headers: Record<string, string>, authorization?: string, path = '/update') {
  const all: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }
  // The page that may post to /update is /update itself (review U3).
  if (all.Referer === SAME_ORIGIN.Referer) all.Referer = `${ORIGIN}/update`
  if (authorization !== undefined) all.Authorization = authorization
  return SELF.fetch(ORIGIN + path, {
    method: 'POST',
    redirect: 'manual',
    headers: all,
    body: new URLSearchParams({ view3dUrl: ATTEMPTED }).toString(),
  })
}

describe('no write to the viewer address without the admin credentials', () => {
  const creds = btoa(`${ADMIN.username}:${ADMIN.password}`)
  /** [name, Authorization header or none, already covered for PUT /api/settings elsewhere] */
  const refused: [string, string | undefined, boolean][] = [
    ['no Authorization header', undefined, true],
    ['a wrong password', basic(ADMIN.username, 'wrong-password'), true],
    ['a wrong user name with the right password', basic('root', ADMIN.password), true],
    ['the password in another case', basic(ADMIN.username, ADMIN.password.toUpperCase()), false],
    ['the password with a trailing space', basic(ADMIN.username, `${ADMIN.password} `), false],
    ['a prefix of the password', basic(ADMIN.username, ADMIN.password.slice(0, -1)), false],
    ['an empty password', basic(ADMIN.username, ''), false],
    ['Bearer with the password', `Bearer ${ADMIN.password}`, true],
    ['Bearer with the Basic credentials', `Bearer ${creds}`, false],
    [
      'Digest',
      `Digest username="${ADMIN.username}", realm="XR Stores admin", nonce="abc", uri="/update", response="0123456789abcdef0123456789abcdef"`,
      false,
    ],
    ['the credentials without a scheme', creds, false],
    ['Basic without credentials', 'Basic', false],
    ['Basic with an empty token', 'Basic ', false],
    ['Basic with a token that is not base64', 'Basic not-base64!', true],
    ['Basic without the colon', `Basic ${btoa(`${ADMIN.username}${ADMIN.password}`)}`, false],
    ['Basic with the password only', `Basic ${btoa(`:${ADMIN.password}`)}`, false],
    ['Basic with junk after the token', `Basic ${creds}!!`, false],
    ['two Basic credentials, the right one second', `${basic('x', 'y')}, Basic ${creds}`, false],
  ]

  for (const [name, authorization, coveredForApi] of refused) {
    if (!coveredForApi) {
      it(`PUT /api/settings with ${name}: 401, a Basic challenge, nothing stored`, async () => {
        const response = await jsonWrite({ ...SAME_ORIGIN, 'CF-Connecting-IP': uniqueIpv4() }, authorization)
        expect(response.status).toBe(401)
        expect(response.headers.get('WWW-Authenticate')).toMatch(/^Basic realm="[^"]+"/)
        expect(response.headers.get('Cache-Control')).toBe('no-store')
        expect(await response.json()).toEqual({ error: 'Sign in with the admin username and password.' })
        await expectStoredUnchanged()
      })
    }
    it(`POST /update with ${name} and no session: 303 to the sign-in page, nothing stored`, async () => {
      const response = await formWrite({ ...SAME_ORIGIN, 'CF-Connecting-IP': uniqueIpv4() }, authorization)
      expect(response.status).toBe(303)
      expect(response.headers.get('Location')).toBe('/admin/sign-in')
      expect(response.headers.get('WWW-Authenticate')).toBeNull()
      await expectStoredUnchanged()
    })
  }

  it('POST /update with the right Basic credentials but no session: the console takes sessions only', async () => {
    const response = await formWrite({ ...SAME_ORIGIN, 'CF-Connecting-IP': uniqueIpv4() }, ADMIN_AUTH)
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/admin/sign-in')
    await expectStoredUnchanged()
  })

  it('the same requests with the right credentials do write (the refusals are not a broken route)', async () => {
    const put = await jsonWrite({ ...SAME_ORIGIN, 'CF-Connecting-IP': uniqueIpv4() }, ADMIN_AUTH)
    expect(put.status).toBe(200)
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBe(ATTEMPTED)
    await env.SETTINGS.put(VIEWER_URL_PATH, STORED)
    await resetIsolate()
    const post = await formWrite({ ...SAME_ORIGIN, 'CF-Connecting-IP': uniqueIpv4(), Cookie: ADMIN_COOKIE })
    expect(post.status).toBe(303)
    expect(post.headers.get('Location')).toBe('/update?status=updated')
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBe(ATTEMPTED)
  })
})

describe('no write from another site, even with the admin credentials (CSRF)', () => {
  it('PUT /api/settings from another origin that also says cross-site: 403', async () => {
    const response = await jsonWrite({ ...CROSS_SITE, 'CF-Connecting-IP': uniqueIpv4() }, ADMIN_AUTH)
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ error: 'Cross-origin requests are not allowed.' })
    await expectStoredUnchanged()
  })

  it('a native form posted from another site to /api/settings is not a write', async () => {
    const forms: [string, string, string][] = [
      ['urlencoded', 'application/x-www-form-urlencoded', `view3dUrl=${encodeURIComponent(ATTEMPTED)}`],
      [
        'multipart',
        'multipart/form-data; boundary=x',
        `--x\r\nContent-Disposition: form-data; name="view3dUrl"\r\n\r\n${ATTEMPTED}\r\n--x--\r\n`,
      ],
      // enctype="text/plain" can smuggle a JSON-looking body
      ['text/plain JSON', 'text/plain', `{"view3dUrl":"${ATTEMPTED}","x":"=1"}`],
    ]
    for (const [name, type, body] of forms) {
      for (const authorization of [undefined, ADMIN_AUTH]) {
        const headers: Record<string, string> = {
          ...CROSS_SITE,
          'Content-Type': type,
          'CF-Connecting-IP': uniqueIpv4(),
        }
        if (authorization) headers.Authorization = authorization
        const response = await SELF.fetch(ORIGIN + '/api/settings', { method: 'POST', headers, body })
        expect(response.status, name).toBe(405)
        expect(response.headers.get('Allow')).toBe('GET, HEAD, PUT')
      }
    }
    await expectStoredUnchanged()
  })

  it('a method override does not turn a cross-site POST into a PUT', async () => {
    for (const [path, extra] of [
      ['/api/settings?_method=PUT', {}],
      ['/api/settings', { 'X-HTTP-Method-Override': 'PUT' }],
      ['/api/settings', { 'X-HTTP-Method': 'PUT', 'X-Method-Override': 'PUT' }],
    ] as const) {
      const response = await SELF.fetch(ORIGIN + path, {
        method: 'POST',
        headers: {
          ...CROSS_SITE,
          ...extra,
          'Content-Type': 'application/json',
          Authorization: ADMIN_AUTH,
          'CF-Connecting-IP': uniqueIpv4(),
        },
        body: JSON.stringify({ view3dUrl: ATTEMPTED }),
      })
      expect(response.status, path).toBe(405)
    }
    await expectStoredUnchanged()
  })

  it('a form posted from another site to /update without credentials is refused without a sign-in prompt', async () => {
    const response = await formWrite({ ...CROSS_SITE, 'CF-Connecting-IP': uniqueIpv4() })
    expect(response.status).toBe(403)
    expect(response.headers.get('WWW-Authenticate')).toBeNull()
    await expectStoredUnchanged()
  })

  it('a CORS preflight from another site is not granted, so a browser never sends the PUT', async () => {
    const response = await SELF.fetch(ORIGIN + '/api/settings', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://evil.example',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    })
    await response.arrayBuffer()
    expect(response.status).not.toBe(204)
    for (const header of [
      'Access-Control-Allow-Origin',
      'Access-Control-Allow-Methods',
      'Access-Control-Allow-Headers',
      'Access-Control-Allow-Credentials',
    ]) {
      expect(response.headers.get(header), header).toBeNull()
    }
    await expectStoredUnchanged()
  })
})

describe('failed sign-ins are counted in one Durable Object, per client and in all', () => {
  const TOO_MANY = 'Too many failed sign-in attempts. Try again in 15 minutes.'
  const wrong = (i: number) => basic(ADMIN.username, `guess-${i}`)

  it('fifty parallel wrong attempts from one client: exactly 5 × 401 and 45 × 429; then even the right password is refused', async () => {
    const ip = uniqueIpv4()
    const attempts = await Promise.all(
      Array.from({ length: 50 }, (_, i) => jsonWrite({ ...SAME_ORIGIN, 'CF-Connecting-IP': ip }, wrong(i))),
    )
    const statuses = attempts.map((response) => response.status)
    expect(statuses.filter((status) => status === 401)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(45)
    for (const response of attempts.filter((r) => r.status === 429)) {
      expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0)
      expect(Number(response.headers.get('Retry-After'))).toBeLessThanOrEqual(900)
      expect(response.headers.get('WWW-Authenticate')).toBeNull()
    }

    const right = await jsonWrite({ ...SAME_ORIGIN, 'CF-Connecting-IP': ip }, ADMIN_AUTH)
    expect(right.status).toBe(429)
    expect(right.headers.get('Retry-After')).toMatch(/^(8\d\d|900)$/)
    expect(await right.json()).toEqual({ error: TOO_MANY })
    // The console's password form, from the same client, is refused the same way.
    const form = await signInForm({ ...SAME_ORIGIN, 'CF-Connecting-IP': ip }, ADMIN.username, ADMIN.password)
    expect(form.status).toBe(429)
    expect(form.headers.get('Set-Cookie')).toBeNull()
    expect(visibleText(await form.text())).toContain(TOO_MANY)
    await expectStoredUnchanged()

    // Another client is not affected.
    const other = await jsonWrite({ ...SAME_ORIGIN, 'CF-Connecting-IP': uniqueIpv4() }, ADMIN_AUTH)
    expect(other.status).toBe(200)
  })

  it('an IPv6 client is its /64: failures from five of its addresses lock out a sixth, not the next /64', async () => {
    const address = uniqueIpv6('1')
    const prefix = address.slice(0, address.lastIndexOf('::'))
    for (let i = 1; i <= 5; i++) {
      const response = await jsonWrite(
        { ...SAME_ORIGIN, 'CF-Connecting-IP': `${prefix}:0:0:0:${i}` },
        wrong(i),
      )
      expect(response.status).toBe(401)
    }
    const sameNetwork = await jsonWrite({ ...SAME_ORIGIN, 'CF-Connecting-IP': `${prefix}::ffff` }, ADMIN_AUTH)
    expect(sameNetwork.status).toBe(429)
    const nextNetwork = await jsonWrite({ ...SAME_ORIGIN, 'CF-Connecting-IP': uniqueIpv6('1') }, ADMIN_AUTH)
    expect(nextNetwork.status).toBe(200)
  })

  it('malformed and non-Basic Authorization headers count as failures and are logged without what was tried', async () => {
    const ip = uniqueIpv4()
    const logs = captureConsole()
    const attempts = ['Bearer guess', 'Basic', 'Basic !!!', 'Digest username="admin"', 'Basic Z3Vlc3M=', 'x']
    const statuses: number[] = []
    for (const authorization of attempts) {
      statuses.push((await jsonWrite({ ...SAME_ORIGIN, 'CF-Connecting-IP': ip }, authorization)).status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
    expect(logs.find({ area: 'admin', message: 'failed sign-in', client: ip })).toHaveLength(5)
    expect(
      logs.find({ message: 'client locked out after repeated failed sign-ins', client: ip }),
    ).toHaveLength(1)
    expect(logs.text()).not.toContain('guess')
    await expectStoredUnchanged()
  })

  it("a request without credentials is not a failure: the browser's first request never counts", async () => {
    const ip = uniqueIpv4()
    for (let i = 0; i < 8; i++) {
      const response = await SELF.fetch(ORIGIN + '/update', {
        headers: { 'CF-Connecting-IP': ip },
        redirect: 'manual',
      })
      expect(response.status).toBe(303)
      expect(response.headers.get('Location')).toBe('/admin/sign-in?next=%2Fupdate')
      await response.arrayBuffer()
    }
    const put = await jsonWrite({ ...SAME_ORIGIN, 'CF-Connecting-IP': ip }, ADMIN_AUTH)
    expect(put.status).toBe(200)
  })

  it('the lockout lasts 15 minutes from the fifth failure, then lifts', async () => {
    const ip = uniqueIpv4()
    for (let i = 0; i < 5; i++) await jsonWrite({ 'CF-Connecting-IP': ip }, wrong(i))
    const realNow = Date.now.bind(Date)
    const clock = vi.spyOn(Date, 'now')
    clock.mockImplementation(() => realNow() + 14 * 60_000)
    const during = await jsonWrite({ 'CF-Connecting-IP': ip }, ADMIN_AUTH)
    expect(during.status).toBe(429)
    expect(Number(during.headers.get('Retry-After'))).toBeLessThanOrEqual(60)
    await expectStoredUnchanged()

    clock.mockImplementation(() => realNow() + 15 * 60_000 + 1000)
    expect((await jsonWrite({ 'CF-Connecting-IP': ip }, ADMIN_AUTH)).status).toBe(200)
    expect(await env.SETTINGS.get(VIEWER_URL_PATH)).toBe(ATTEMPTED)
  })

  it("a success clears the client's earlier failures", async () => {
    const ip = uniqueIpv4()
    for (let i = 0; i < 4; i++)
      expect((await jsonWrite({ 'CF-Connecting-IP': ip }, wrong(i))).status).toBe(401)
    expect((await jsonWrite({ 'CF-Connecting-IP': ip }, ADMIN_AUTH)).status).toBe(200)
    for (let i = 0; i < 4; i++)
      expect((await jsonWrite({ 'CF-Connecting-IP': ip }, wrong(i))).status).toBe(401)
  })

  it('a global ceiling: 50 failures from many clients lock everyone out, a new client with the right password too', async () => {
    // Ten clients at once, as a botnet would (one after another took 50 round trips through the
    // guard, over vitest's 5 s on a loaded machine); each still fails exactly five times.
    const clients = Array.from({ length: 10 }, async () => {
      const ip = uniqueIpv4()
      const statuses: number[] = []
      for (let i = 0; i < 5; i++)
        statuses.push((await jsonWrite({ 'CF-Connecting-IP': ip }, wrong(i))).status)
      return statuses
    })
    expect(await Promise.all(clients)).toEqual(Array.from({ length: 10 }, () => [401, 401, 401, 401, 401]))
    const admin = await jsonWrite({ 'CF-Connecting-IP': uniqueIpv4() }, ADMIN_AUTH)
    expect(admin.status).toBe(429)
    expect(Number(admin.headers.get('Retry-After'))).toBeGreaterThan(800)
    await expectStoredUnchanged()
  })

  it('an ADMIN_PASSWORD shorter than 12 characters keeps the admin disabled, saying why', async () => {
    const short = { ADMIN_PASSWORD: 'eleven-char' }
    const { response, body } = await callApp(
      '/api/settings',
      putInit(ATTEMPTED, { Authorization: basic(ADMIN.username, 'eleven-char') }),
      short,
    )
    expect(response.status).toBe(503)
    expect(JSON.parse(body).error).toMatch(/ADMIN_PASSWORD must be at least 12 characters/)
    const page = await callApp(
      '/admin/sign-in',
      {
        method: 'POST',
        headers: { ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: ADMIN.username, password: 'eleven-char' }).toString(),
      },
      short,
    )
    expect(page.response.status).toBe(503)
    expect(page.response.headers.get('Set-Cookie')).toBeNull()
    expect(visibleText(page.body)).toMatch(/at least 12 characters/)
    await expectStoredUnchanged()
  })
})

// --- secrets ---

/** Scans a response's status line, headers and body; returns the text for further checks. */
async function responseText(response: Response): Promise<string> {
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n')
  return `${response.status}\n${headers}\n\n${await response.text()}`
}

describe('no secret in any answer or log line', () => {
  it(
    'all routes, their refusals and the error page, with RTDB and service-account stores',
    async () => {
      const logs = captureConsole()
      const db = await newDatabase({ secrets: [DB_SECRET], data: { settings: { view3dUrl: STORED } } })
      const saDb = await newDatabase({ data: { settings: { view3dUrl: STORED } } })
      const sa = await generateServiceAccount(saDb.tokenUri)
      await saDb.registerAccount(sa)
      const noQueue = { send: async () => undefined } as unknown as Queue<unknown>
      const stores: [string, Partial<Bindings>][] = [
        ['KV', { LEADS: noQueue }],
        ['RTDB with a secret', { LEADS: noQueue, FIREBASE_DATABASE_URL: db.url, FIREBASE_AUTH: DB_SECRET }],
        [
          'RTDB with a service account',
          { LEADS: noQueue, FIREBASE_DATABASE_URL: saDb.url, FIREBASE_SERVICE_ACCOUNT: sa.json },
        ],
      ]
      const answers: [string, string][] = []
      const ask = async (what: string, path: string, init: RequestInit, overrides: Partial<Bindings>) => {
        const { response, body, settled } = await callApp(path, init, overrides)
        await settled
        const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n')
        answers.push([what, `${response.status}\n${headers}\n\n${body}`])
        return response.status
      }

      for (const [store, overrides] of stores) {
        const statuses: Record<string, number> = {}
        const get = (path: string, headers: Record<string, string> = {}) =>
          ask(
            `${store} GET ${path}`,
            path,
            { headers: { 'CF-Connecting-IP': uniqueIpv4(), ...headers } },
            overrides,
          )
        for (const path of [
          ...PUBLIC_ROUTES,
          '/robots.txt',
          '/sitemap.xml',
          '/no-such-page',
          '/api/settings',
          '/api/contact',
        ])
          statuses[path] = await get(path)
        statuses['update as admin'] = await get('/update', { Cookie: ADMIN_COOKIE })
        statuses['update failed'] = await get('/update?status=failed', { Cookie: ADMIN_COOKIE })
        statuses['update unauthenticated'] = await get('/update')
        statuses['sign-in page'] = await get('/admin/sign-in')
        statuses['sign-in wrong'] = await ask(
          `${store} POST /admin/sign-in wrong`,
          '/admin/sign-in',
          {
            method: 'POST',
            headers: {
              ...SAME_ORIGIN,
              'Content-Type': 'application/x-www-form-urlencoded',
              'CF-Connecting-IP': uniqueIpv4(),
            },
            body: new URLSearchParams({ username: ADMIN.username, password: 'x' }).toString(),
          },
          overrides,
        )

        const lockedIp = uniqueIpv4()
        const put = (what: string, init: RequestInit) =>
          ask(`${store} ${what}`, '/api/settings', init, overrides)
        for (let i = 0; i < 6; i++)
          await put(
            'PUT wrong password',
            putInit(STORED, { Authorization: basic(ADMIN.username, `x${i}`), 'CF-Connecting-IP': lockedIp }),
          )
        statuses['PUT locked out'] = await put(
          'PUT locked out',
          putInit(STORED, { 'CF-Connecting-IP': lockedIp }),
        )
        statuses['PUT right user, right password, cross-site'] = await put(
          'PUT cross-site',
          putInit(STORED, { ...CROSS_SITE, 'CF-Connecting-IP': uniqueIpv4() }),
        )
        statuses['PUT as admin'] = await put(
          'PUT as admin',
          putInit(STORED, { 'CF-Connecting-IP': uniqueIpv4() }),
        )
        statuses['PUT bad URL'] = await put(
          'PUT bad URL',
          putInit('javascript:alert(1)', { 'CF-Connecting-IP': uniqueIpv4() }),
        )
        statuses['PUT not JSON'] = await put('PUT not JSON', {
          method: 'PUT',
          headers: { Authorization: ADMIN_AUTH, 'Content-Type': 'text/plain' },
          body: 'x',
        })
        statuses['POST update as admin'] = await ask(
          `${store} POST /update`,
          '/update',
          {
            method: 'POST',
            headers: {
              Cookie: ADMIN_COOKIE,
              'Content-Type': 'application/x-www-form-urlencoded',
              ...SAME_ORIGIN,
              // The /update form's page (review U3: the one page that may post there).
              Referer: `${ORIGIN}/update`,
            },
            body: new URLSearchParams({ view3dUrl: STORED }).toString(),
          },
          overrides,
        )

        // Six posts from one client must meet one minute's window of the limiter (tests/support/rate-window.ts).
        await roomInRateWindow()
        const contactIp = uniqueIpv4()
        const contact = (what: string, body: string) =>
          ask(
            `${store} contact ${what}`,
            '/api/contact',
            {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', ...SAME_ORIGIN, 'CF-Connecting-IP': contactIp },
              body,
            },
            overrides,
          )
        statuses['contact valid'] = await contact('valid', JSON.stringify(validContact()))
        statuses['contact invalid'] = await contact('invalid', JSON.stringify({ email: 'x' }))
        for (let i = 0; i < 4; i++) await contact('valid', JSON.stringify(validContact()))
        statuses['contact rate limited'] = await contact('rate limited', JSON.stringify(validContact()))

        // The error page: a page that cannot render (registered below) fails with 500.
        const broken = await app.request(ORIGIN + RENDER_FAILURE_PATH, {}, { ...env, ...overrides })
        answers.push([`${store} error page`, await responseText(broken)])
        statuses['error page'] = broken.status

        expect(statuses, store).toMatchObject({
          '/': 200,
          '/no-such-page': 404,
          '/api/settings': 200,
          '/api/contact': 405,
          'update as admin': 200,
          'update unauthenticated': 303,
          'sign-in page': 200,
          'sign-in wrong': 401,
          'PUT locked out': 429,
          'PUT right user, right password, cross-site': 403,
          'PUT as admin': 200,
          'PUT bad URL': 400,
          'PUT not JSON': 415,
          'POST update as admin': 303,
          'contact valid': 202,
          'contact invalid': 400,
          'contact rate limited': 429,
          'error page': 500,
        })
        for (const path of PUBLIC_ROUTES) expect(statuses[path], path).toBe(200)
      }
      // The stores really were used with their credentials, so the secrets were there to leak.
      expect((await db.state()).requests.some((r) => r.query.auth === DB_SECRET)).toBe(true)
      const tokens = (await saDb.state()).requests
        .map((r) => r.authorization?.replace(/^Bearer /, ''))
        .filter((t): t is string => !!t)
      expect(tokens.length).toBeGreaterThan(0)
      expect(answers.find(([what]) => what.endsWith('error page'))?.[1]).toContain(
        'Unexpected Application Error!',
      )

      const secrets = [
        ADMIN.password,
        btoa(`${ADMIN.username}:${ADMIN.password}`),
        CONFIGURED.privateKey,
        CONFIGURED.publicKey,
        DB_SECRET,
        sa.account.private_key.split('\n')[1]!,
        'PRIVATE KEY',
        ...tokens,
      ]
      for (const [what, text] of answers) {
        for (const secret of secrets) expect(text, `${what} leaks a secret`).not.toContain(secret)
      }
      expect(logs.find({ area: 'admin', message: 'failed sign-in' }).length).toBeGreaterThan(0)
      expect(logs.lines.some((line) => line.includes('Unhandled error'))).toBe(true)
      for (const line of logs.lines) {
        for (const secret of secrets) expect(line, 'a log line leaks a secret').not.toContain(secret)
      }
      // Three stores, each of which may wait for room in the limiter's window.
    },
    30_000 + 3 * RATE_WINDOW_TEST_TIMEOUT,
  )

  it('failed sign-ins are logged without the password that was tried or the real one', async () => {
    const logs = captureConsole()
    const ip = uniqueIpv4()
    const tried = [
      basic(ADMIN.username, `${ADMIN.password}-typo`),
      basic('root', ADMIN.password),
      `Bearer ${ADMIN.password}`,
      basic(ADMIN.username, 'hunter2-secret'),
      basic(ADMIN.username, 'hunter3-secret'),
      basic(ADMIN.username, 'hunter4-secret'),
      basic(ADMIN.username, 'hunter5-secret'),
    ]
    for (const authorization of tried)
      await jsonWrite({ ...SAME_ORIGIN, 'CF-Connecting-IP': ip }, authorization)
    // Five failures are logged (the fifth locks the client out); the last two are refused unchecked.
    expect(logs.find({ area: 'admin', message: 'failed sign-in', client: ip })).toHaveLength(5)
    expect(
      logs.find({ message: 'client locked out after repeated failed sign-ins', client: ip }),
    ).toHaveLength(1)
    expect(logs.find({ message: 'client refused: locked out', client: ip })).toHaveLength(2)
    for (const secret of [ADMIN.password, 'hunter2-secret', 'root', btoa(`root:${ADMIN.password}`)])
      expect(logs.text()).not.toContain(secret)
    await expectStoredUnchanged()
  })
})
