/**
 * The settings store on Firebase Realtime Database over REST, against the fake RTDB server:
 * what goes over the wire, how failures and slowness degrade, and service-account tokens.
 */
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useRenderState } from '../../../src/components/RenderContext'
import { external } from '../../../src/content/external'
import type { Bindings } from '../../../src/env'
import { renderPage } from '../../../src/server/site/render'
import { viewerUrlForPage, type ViewerUrlService } from '../../../src/server/viewer-url/services/viewer-url'
import {
  ADMIN_COOKIE,
  callApp,
  env,
  generateServiceAccount,
  newDatabase,
  ORIGIN,
  probeApp,
  putInit,
  servicesOf,
  type FakeDatabase,
  NEW_URL,
} from '../support'
import { expireViewerUrls } from '../../../src/server/isolate'
import { TEST_TIMINGS } from '../../support/timings'

const SECRET = 'legacy-database-secret'

/** A page that renders only the viewer address, through the real renderPage (as the header does). */
const probe = probeApp()
probe.get('/__viewer-url-probe', (c) =>
  renderPage(c, {
    // noindex: rendered per request, never served from the page cache.
    meta: { title: 'Probe', description: 'Renders the effective viewer address.', noindex: true },
    Page: function Probe() {
      return <a href={useRenderState().view3dUrl}>View in 3D</a>
    },
  }),
)

async function renderProbe(overrides: Partial<Bindings>) {
  const ctx = createExecutionContext()
  const response = await probe.request(ORIGIN + '/__viewer-url-probe', {}, { ...env, ...overrides }, ctx)
  const html = await response.text()
  const href = /<a href="([^"]*)">View in 3D<\/a>/.exec(html)?.[1]?.replace(/&amp;/g, '&')
  return { status: response.status, href, settled: waitOnExecutionContext(ctx) }
}

async function readApi(overrides: Partial<Bindings>): Promise<unknown> {
  const { body } = await callApp('/api/settings', {}, overrides)
  return (JSON.parse(body) as { view3dUrl: unknown }).view3dUrl
}

/** The viewer-URL service for this configuration (it must be one that can run). */
function serviceFor(config: Partial<Bindings>): ViewerUrlService {
  const service = servicesOf(config).viewerUrl.service
  if (!service.ok) throw new Error(service.error.message)
  return service.value
}

/** The first logged line that contains `text`. */
const logged = (lines: string[], text: string) => lines.find((line) => line.includes(text))

function withSecret(db: FakeDatabase): Partial<Bindings> {
  return { FIREBASE_DATABASE_URL: db.url, FIREBASE_AUTH: SECRET }
}

let errors: string[]
let warnings: string[]
/** A logged line as text: structured lines (src/lib/log.ts) as their JSON. */
const lineOf = (args: unknown[]) =>
  args.map((arg) => (typeof arg === 'object' && arg !== null ? JSON.stringify(arg) : String(arg))).join(' ')

beforeEach(() => {
  errors = []
  warnings = []
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(lineOf(args)))
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(lineOf(args)))
})

describe('RTDB backend: reads and writes', () => {
  it('round-trips through PUT /api/settings: PUT {db}/settings/view3dUrl.json?print=silent&auth=…', async () => {
    const db = await newDatabase({ secrets: [SECRET] })
    const config = withSecret(db)
    expect(await readApi(config)).toBe(external.defaultViewerUrl)

    const { response, body } = await callApp('/api/settings', putInit(NEW_URL), config)
    expect(response.status).toBe(200)
    expect(JSON.parse(body)).toEqual({ ok: true, view3dUrl: NEW_URL })

    const { data, requests } = await db.state()
    expect(data).toEqual({ settings: { view3dUrl: NEW_URL } })
    const write = requests.find((r) => r.method === 'PUT')
    expect(write).toMatchObject({
      path: '/settings/view3dUrl.json',
      query: { ns: db.ns, print: 'silent', auth: SECRET },
      body: JSON.stringify(NEW_URL),
    })
    expect(await readApi(config)).toBe(NEW_URL)
    expect((await renderProbe(config)).href).toBe(NEW_URL)
  })

  it('reads a value stored by someone else (GET {db}/settings/view3dUrl.json?auth=…)', async () => {
    const db = await newDatabase({ secrets: [SECRET], data: { settings: { view3dUrl: NEW_URL } } })
    expect(await serviceFor(withSecret(db)).stored()).toBe(NEW_URL)
    const { requests } = await db.state()
    expect(requests).toEqual([
      { method: 'GET', path: '/settings/view3dUrl.json', query: { ns: db.ns, auth: SECRET }, body: '' },
    ])
  })

  it('reads a missing value as "" (the reader) and renders the default (the pages)', async () => {
    const db = await newDatabase({ secrets: [SECRET] })
    expect(await serviceFor(withSecret(db)).stored()).toBe('')
    const page = await renderProbe(withSecret(db))
    expect(page.status).toBe(200)
    expect(page.href).toBe(external.defaultViewerUrl)
    expect(errors).toEqual([])
  })

  it('refuses to run without credentials: writes 503 saying why, pages the default, nothing sent', async () => {
    const db = await newDatabase({ publicRead: true, data: { settings: { view3dUrl: NEW_URL } } })
    const config = { FIREBASE_DATABASE_URL: db.url }
    const { response, body } = await callApp('/api/settings', putInit(NEW_URL), config)
    expect(response.status).toBe(503)
    expect(JSON.parse(body).error).toMatch(/without credentials: set FIREBASE_SERVICE_ACCOUNT/)
    expect(await readApi(config)).toBe(external.defaultViewerUrl)
    const page = await renderProbe(config)
    expect(page.href).toBe(external.defaultViewerUrl)
    expect(logged(errors, 'Error getting URL:')).toMatch(/without credentials/)
    const update = await callApp('/update', { headers: { Cookie: ADMIN_COOKIE } }, config)
    expect(update.response.status).toBe(503)
    expect(update.body).toMatch(/without credentials/)
    expect((await db.state()).requests).toEqual([])
  })

  it('re-validates the stored value on every read: an unsafe address reads as the default', async () => {
    const db = await newDatabase({
      secrets: [SECRET],
      data: { settings: { view3dUrl: 'javascript:alert(1)' } },
    })
    const page = await renderProbe(withSecret(db))
    await page.settled
    expect(page.href).toBe(external.defaultViewerUrl)
    expect(logged(errors, 'Error getting URL:')).toMatch(/not a valid viewer URL/)
    expect(await serviceFor(withSecret(db)).stored()).toBe('')
  })

  it('retries a write once after 503 (not attempted), and gives up after a second 503', async () => {
    const db = await newDatabase({ secrets: [SECRET] })
    // A save reads the old value first (for the history), then writes.
    const read = {}
    await db.script(read, { status: 503, body: '{"error" : "Service Unavailable"}' })
    const first = await callApp('/api/settings', putInit(NEW_URL), withSecret(db))
    expect(first.response.status).toBe(200)
    let state = await db.state()
    expect(state.requests.filter((r) => r.method === 'PUT')).toHaveLength(2)
    expect(state.data).toEqual({ settings: { view3dUrl: NEW_URL } })

    await db.script(read, { status: 503 }, { status: 503 })
    const second = await callApp('/api/settings', putInit('https://viewer.example.net/'), withSecret(db))
    expect(second.response.status).toBe(502)
    expect(JSON.parse(second.body).error).toMatch(/did not accept/)
    state = await db.state()
    expect(state.data).toEqual({ settings: { view3dUrl: NEW_URL } })
    expect(errors.some((e) => e.includes('Error updating URL:') && /temporarily unavailable/.test(e))).toBe(
      true,
    )
  })
})

describe('RTDB backend: failures never take a page down', () => {
  it('a refused write (401 Permission denied) answers 502 and logs "Error updating URL:"', async () => {
    const db = await newDatabase({ secrets: [SECRET] })
    const config = { FIREBASE_DATABASE_URL: db.url, FIREBASE_AUTH: 'wrong-secret' }
    const { response, body } = await callApp('/api/settings', putInit(NEW_URL), config)
    expect(response.status).toBe(502)
    expect(JSON.parse(body).error).toMatch(/settings store/)
    expect(logged(errors, 'Error updating URL:')).toMatch(/Permission denied/)
    expect(errors.join('\n')).not.toContain('wrong-secret')
    expect((await db.state()).data).toBeNull()
  })

  const broken: [string, { status?: number; body?: string; garbage?: boolean }, RegExp][] = [
    ['a 500', { status: 500, body: '{"error" : "Internal error"}' }, /answered 500/],
    ['a 503', { status: 503 }, /temporarily unavailable/],
    ['a 404 (no such database)', { status: 404, body: '{"error" : "Firebase error."}' }, /No such database/],
    ['a 400', { status: 400, body: '{"error" : "Invalid path"}' }, /invalid/],
    ['an answer that is not JSON', { garbage: true }, /not JSON/],
  ]
  for (const [name, answer, reason] of broken) {
    it(`after ${name}, the page is 200 with the default address and "Error getting URL:" is logged`, async () => {
      const db = await newDatabase({ secrets: [SECRET], data: { settings: { view3dUrl: NEW_URL } } })
      await db.script(answer)
      const page = await renderProbe(withSecret(db))
      await page.settled
      expect(page.status).toBe(200)
      expect(page.href).toBe(external.defaultViewerUrl)
      expect(logged(errors, 'Error getting URL:')).toMatch(reason)
    })
  }

  it('a read refused by the rules or a wrong secret (401) renders the default', async () => {
    const db = await newDatabase({ secrets: [SECRET], data: { settings: { view3dUrl: NEW_URL } } })
    const page = await renderProbe({ FIREBASE_DATABASE_URL: db.url, FIREBASE_AUTH: 'wrong-secret' })
    await page.settled
    expect(page.href).toBe(external.defaultViewerUrl)
    expect(logged(errors, 'Error getting URL:')).toMatch(/Permission denied/)
  })

  it('a value that is not a string renders the default', async () => {
    const db = await newDatabase({ secrets: [SECRET], data: { settings: { view3dUrl: { nested: true } } } })
    expect(await serviceFor(withSecret(db)).stored()).toBe('')
    expect(logged(errors, 'Error getting URL:')).toMatch(/not a string/)
  })

  it('a database that never answers does not stall the page: it renders the default, then catches up', async () => {
    const db = await newDatabase({ secrets: [SECRET], data: { settings: { view3dUrl: NEW_URL } } })
    await db.script({ hang: true })
    const page = await renderProbe(withSecret(db))
    expect(page.status).toBe(200)
    expect(page.href).toBe(external.defaultViewerUrl)
    // The page came back while the read was still outstanding: nothing has failed or timed out yet.
    expect(errors).toEqual([])
    expect(warnings.filter((w) => w.includes('not known in time'))).toHaveLength(1)

    // Later pages do not wait for the same read again: they render the default at once.
    const next = await renderProbe(withSecret(db))
    expect(next.href).toBe(external.defaultViewerUrl)
    expect(warnings.filter((w) => w.includes('not known in time'))).toHaveLength(1)

    await db.release() // the fake now answers the held read with 503
    await Promise.all([page.settled, next.settled])
    expect(logged(errors, 'Error getting URL:')).toMatch(/temporarily unavailable/)
    expect((await db.state()).requests).toHaveLength(1)
  })

  it('a slow answer that arrives after the page stopped waiting fills the cache for the next page', async () => {
    const db = await newDatabase({ secrets: [SECRET], data: { settings: { view3dUrl: NEW_URL } } })
    // 900 ms: past the page's 400 ms wait, and well inside a 5 s budget for the read itself (with the
    // tests' 1 s budget, a loaded machine let the read time out before the answer came).
    await db.script({ delayMs: 900 })
    const slowStore = {
      ...withSecret(db),
      TIMINGS: JSON.stringify({ ...TEST_TIMINGS, settingsStoreBudgetMs: 5_000 }),
    }
    const first = await renderProbe(slowStore)
    expect(first.href).toBe(external.defaultViewerUrl)
    await first.settled // the background read finishes
    const second = await renderProbe(slowStore)
    expect(second.href).toBe(NEW_URL)
    expect((await db.state()).requests).toHaveLength(1)
  })

  it('keeps serving the last known address when a later read fails', async () => {
    const db = await newDatabase({ secrets: [SECRET], data: { settings: { view3dUrl: NEW_URL } } })
    const ctx = createExecutionContext()
    expect(await viewerUrlForPage(servicesOf(withSecret(db)).viewerUrl.service, ctx)).toBe(NEW_URL)
    await waitOnExecutionContext(ctx)
    await expireViewerUrls() // as after the memory and Cache API lifetimes
    await db.script({ status: 500 })
    const page = await renderProbe(withSecret(db))
    await page.settled
    expect(page.href).toBe(NEW_URL)
    expect(logged(errors, 'Error getting URL:')).toMatch(/answered 500/)
    expect((await db.state()).requests).toHaveLength(2)
  })

  it('refuses a plain-http database that is not on this machine, without sending anything', async () => {
    const config = { FIREBASE_DATABASE_URL: 'http://db.example.com', FIREBASE_AUTH: SECRET }
    const service = servicesOf(config).viewerUrl.service
    expect(!service.ok && service.error.message).toMatch(/https:\/\//)
    const { response, body } = await callApp('/api/settings', putInit(NEW_URL), config)
    expect(response.status).toBe(503)
    expect(JSON.parse(body).error).toMatch(/https:\/\//)
    const page = await renderProbe(config)
    expect(page.status).toBe(200)
    expect(page.href).toBe(external.defaultViewerUrl)
    expect(logged(errors, 'Error getting URL:')).toMatch(/https:\/\//)
  })
})

describe('RTDB backend: service-account tokens', () => {
  /** A fresh database and a service account whose public key its token endpoint knows. */
  async function withAccount() {
    const db = await newDatabase()
    const sa = await generateServiceAccount(db.tokenUri)
    await db.registerAccount(sa)
    return { db, sa, config: { FIREBASE_DATABASE_URL: db.url, FIREBASE_SERVICE_ACCOUNT: sa.json } }
  }

  it('mints an access token with an RS256 JWT, sends it as Authorization: Bearer, and reuses it', async () => {
    const { db, sa, config } = await withAccount()
    const write = await callApp('/api/settings', putInit(NEW_URL), config)
    expect(write.response.status).toBe(200)
    expect(await serviceFor(config).stored()).toBe(NEW_URL)

    const { tokenRequests, requests, data } = await db.state()
    expect(data).toEqual({ settings: { view3dUrl: NEW_URL } })
    expect(tokenRequests).toHaveLength(1)
    const [minted] = tokenRequests
    expect(minted?.verdict).toBe('issued')
    expect(minted?.grantType).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer')
    expect(minted?.header).toEqual({ alg: 'RS256', typ: 'JWT' })
    expect(minted?.claims).toMatchObject({
      iss: sa.email,
      aud: db.tokenUri,
      scope:
        'https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/firebase.database',
    })
    const { iat, exp } = minted?.claims as { iat: number; exp: number }
    expect(exp - iat).toBeLessThanOrEqual(3600)
    // The save reads the old value (for the history) and writes; the test reads it back.
    expect(requests.map((r) => r.method)).toEqual(['GET', 'PUT', 'GET'])
    const tokens = requests.map((r) => r.authorization)
    expect(tokens[0]).toMatch(/^Bearer ya29\.fake-/)
    expect(new Set(tokens)).toEqual(new Set([tokens[0]]))
    // Never in the query string, where proxies and logs keep URLs.
    expect(requests.every((r) => r.query.auth === undefined && r.query.access_token === undefined)).toBe(true)
  })

  it('accepts a private key whose newlines arrive as literal \\n', async () => {
    const { db, sa } = await withAccount()
    const escaped = JSON.stringify({
      ...sa.account,
      private_key: sa.account.private_key.replace(/\n/g, '\\n'),
    })
    expect(escaped).toContain('\\\\n')
    const config = { FIREBASE_DATABASE_URL: db.url, FIREBASE_SERVICE_ACCOUNT: escaped }
    const { response } = await callApp('/api/settings', putInit(NEW_URL), config)
    expect(response.status).toBe(200)
    expect((await db.state()).tokenRequests[0]?.verdict).toBe('issued')
  })

  it('a key the token endpoint does not accept: writes answer 502, pages render the default', async () => {
    const { db, sa } = await withAccount()
    const impostor = await generateServiceAccount(db.tokenUri)
    const json = JSON.stringify({ ...impostor.account, client_email: sa.email })
    const config = { FIREBASE_DATABASE_URL: db.url, FIREBASE_SERVICE_ACCOUNT: json }

    const { response } = await callApp('/api/settings', putInit(NEW_URL), config)
    expect(response.status).toBe(502)
    const page = await renderProbe(config)
    await page.settled
    expect(page.status).toBe(200)
    expect(page.href).toBe(external.defaultViewerUrl)
    const state = await db.state()
    expect(state.tokenRequests[0]?.verdict).toMatch(/Invalid JWT Signature/)
    expect(state.requests).toEqual([])
    expect(logged(errors, 'Error updating URL:')).toMatch(/refused the service account/)
    expect(errors.join('\n')).not.toMatch(/PRIVATE KEY|ya29|assertion/)
  })

  it('a token the database rejects is dropped, so the next call mints a new one', async () => {
    const { db, config } = await withAccount()
    const service = serviceFor(config)
    await db.script({ status: 401, body: '{\n  "error" : "Permission denied"\n}\n' })
    expect((await service.save(NEW_URL)).ok).toBe(false)
    expect((await service.save(NEW_URL)).ok).toBe(true)
    const { tokenRequests, requests } = await db.state()
    expect(tokenRequests).toHaveLength(2)
    expect(requests[1]?.authorization).not.toBe(requests[0]?.authorization)
  })

  it('service-account JSON that cannot be used fails clearly and sends nothing', async () => {
    const db = await newDatabase()
    const refusals: string[] = []
    for (const json of ['{not json', '{"client_email": "x@example.com"}']) {
      const config = { FIREBASE_DATABASE_URL: db.url, FIREBASE_SERVICE_ACCOUNT: json }
      const { response, body } = await callApp('/api/settings', putInit(NEW_URL), config)
      expect(response.status).toBe(503)
      refusals.push(JSON.parse(body).error)
    }
    expect(refusals).toEqual([
      expect.stringMatching(/not valid JSON/),
      expect.stringMatching(/client_email and private_key/),
    ])
    expect((await db.state()).requests).toEqual([])
  })
})

describe('/update against RTDB', () => {
  it('prefills the form with the stored address read fresh from the database', async () => {
    const db = await newDatabase({ secrets: [SECRET], data: { settings: { view3dUrl: NEW_URL } } })
    const { response, body } = await callApp('/update', { headers: { Cookie: ADMIN_COOKIE } }, withSecret(db))
    expect(response.status).toBe(200)
    expect(body).toContain(`value="${NEW_URL.replace(/&/g, '&amp;')}"`)
  })
})
