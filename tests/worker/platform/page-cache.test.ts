/**
 * The page cache (src/server/platform/render/page-cache.ts): request-independent HTML is rendered once and then
 * served with each request's own CSP nonce; a new viewer URL, a contact flash or a per-request
 * page never gets someone else's HTML.
 */
import { createExecutionContext, SELF, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import {
  cacheWhileStreaming,
  pageBody,
  pageCacheKey,
  readCachedPage,
} from '../../../src/server/platform/render/page-cache'
import { PageMemory } from '../../../src/server/platform/render/page-memory'
import { judgeFormToken } from '../../../src/server/leads/services/form-token'
import { ADMIN_COOKIE, env, ORIGIN, postContact, putInit, uniqueIpv4, validContact } from '../support'
import { resetIsolate } from '../../../src/server/isolate'
import { app } from '../../../src/worker'

interface Fetched {
  status: number
  html: string
  nonce: string
  cache: string | null
}

async function get(path: string, headers: Record<string, string> = {}): Promise<Fetched> {
  const res = await SELF.fetch(ORIGIN + path, { headers })
  const html = await res.text()
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get('Content-Security-Policy') ?? '')?.[1] ?? ''
  return { status: res.status, html, nonce, cache: res.headers.get('X-Page-Cache') }
}

/** The copy is stored once the first response's stream completes; give its task a moment. */
async function getCached(path: string, headers: Record<string, string> = {}): Promise<Fetched> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const page = await get(path, headers)
    if (page.cache === 'hit') return page
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`${path} was never served from the page cache`)
}

/** The contact form's token: in its hidden field, and in the island's props. */
function formTokenIn(html: string): string {
  const field = /name="formToken" value="([^"]+)"/.exec(html)?.[1]
  expect(field).toMatch(/^[0-9a-z]+\.[\w-]{43}$/)
  expect(html).toContain(`"formToken":"${field}"`)
  return field!
}

/** Every nonce attribute in the HTML. */
const nonceAttributes = (html: string) => [...html.matchAll(/\snonce="([^"]*)"/g)].map((m) => m[1])

describe('the page cache', () => {
  it('serves the second request from cache: same HTML, its own nonce, matching its CSP, its own form token', async () => {
    const first = await get('/')
    expect(first.cache).toBe('miss')
    // A minute later, so the form token (the time the form was served) must differ.
    const realNow = Date.now.bind(Date)
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 60_000)
    const second = await getCached('/')
    const [firstToken, secondToken] = [formTokenIn(first.html), formTokenIn(second.html)]
    expect(
      parseInt(secondToken.split('.')[0]!, 36) - parseInt(firstToken.split('.')[0]!, 36),
    ).toBeGreaterThanOrEqual(60_000)
    expect(await judgeFormToken(secondToken, [env.FORM_TOKEN_SECRET!], realNow() + 65_000)).toBe('valid')
    expect(second.html).not.toContain(firstToken)

    expect(second.status).toBe(200)
    expect(second.nonce).toBeTruthy()
    expect(second.nonce).not.toBe(first.nonce)
    expect(second.html).not.toContain(first.nonce)
    const scriptNonces = nonceAttributes(second.html)
    expect(scriptNonces.length).toBeGreaterThan(0)
    expect(new Set(scriptNonces)).toEqual(new Set([second.nonce]))
    const neutral = (page: Fetched, token: string) =>
      page.html.replaceAll(page.nonce, 'NONCE').replaceAll(token, 'FORM_TOKEN')
    expect(neutral(second, secondToken)).toBe(neutral(first, firstToken))
  })

  it('caches each route separately', async () => {
    await get('/about-us')
    const about = await getCached('/about-us')
    const home = await get('/')
    expect(about.html).toContain('About Us')
    expect(home.html).not.toBe(about.html)
    expect(/<link rel="canonical" href="([^"]+)"/.exec(about.html)?.[1]).toBe(ORIGIN + '/about-us')
  })

  it('shares pages between isolates of a location through the Cache API', async () => {
    await get('/try-on') // a page with a script, so there is a nonce to carry over
    const warm = await getCached('/try-on')
    await resetIsolate() // as in a fresh isolate
    const fromEdge = await get('/try-on')
    expect(fromEdge.cache).toBe('hit')
    expect(fromEdge.html.replaceAll(fromEdge.nonce, 'N')).toBe(warm.html.replaceAll(warm.nonce, 'N'))
    expect(nonceAttributes(fromEdge.html).length).toBeGreaterThan(0)
    expect(new Set(nonceAttributes(fromEdge.html))).toEqual(new Set([fromEdge.nonce]))
  })

  it('fills the form token of a page shared through the Cache API with a fresh one of its own', async () => {
    await get('/')
    const warm = await getCached('/')
    await resetIsolate()
    const realNow = Date.now.bind(Date)
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 60_000)
    const fromEdge = await get('/')
    expect(fromEdge.cache).toBe('hit')
    const [warmToken, edgeToken] = [formTokenIn(warm.html), formTokenIn(fromEdge.html)]
    expect(edgeToken).not.toBe(warmToken)
    expect(await judgeFormToken(edgeToken, [env.FORM_TOKEN_SECRET!], realNow() + 65_000)).toBe('valid')
    const neutral = (page: Fetched, token: string) =>
      page.html.replaceAll(page.nonce, 'N').replaceAll(token, 'T')
    expect(neutral(fromEdge, edgeToken)).toBe(neutral(warm, warmToken))
  })

  it('keeps 404 pages with their status, all unknown paths in one entry (no key per made-up path)', async () => {
    await get('/no-such-page-for-cache')
    const again = await getCached('/no-such-page-for-cache')
    expect(again.status).toBe(404)
    expect(again.html).toContain('Oops! Page not found')
    expect(again.html).not.toContain('rel="canonical"') // no address to name, so nothing per path
    const other = await get(`/another-unknown-${crypto.randomUUID()}`)
    expect(other).toMatchObject({ status: 404, cache: 'hit' })
  })

  it('keys pages by their route: a percent-encoded variant shares the canonical entry and its HTML', async () => {
    await get('/about-us')
    const canonical = await getCached('/about-us')
    const variant = await get('/about%2Dus')
    expect(variant).toMatchObject({ status: 200, cache: 'hit' })
    expect(variant.html.replaceAll(variant.nonce, 'N')).toBe(canonical.html.replaceAll(canonical.nonce, 'N'))
    expect(/<link rel="canonical" href="([^"]+)"/.exec(variant.html)?.[1]).toBe(ORIGIN + '/about-us')
  })

  it('says nothing about itself in production (no X-Page-Cache header)', async () => {
    const ctx = createExecutionContext()
    const res = await app.request(ORIGIN + '/about-us', {}, { ...env, APP_ENV: undefined }, ctx)
    await res.text()
    await waitOnExecutionContext(ctx)
    expect(res.status).toBe(200)
    expect(res.headers.get('X-Page-Cache')).toBeNull()
  })

  it('renders fresh HTML with the new address once the viewer URL changes', async () => {
    await get('/')
    const before = await getCached('/')
    const newUrl = `https://viewer-${crypto.randomUUID()}.example.com/`
    const put = await SELF.fetch(ORIGIN + '/api/settings', putInit(newUrl))
    expect(put.status).toBe(200)

    const after = await get('/')
    expect(before.html).not.toContain(newUrl)
    expect(after.cache).toBe('miss')
    expect(after.html).toContain(newUrl)
    expect((await getCached('/')).html).toContain(newUrl)
  })

  it('bypasses the cache for a request carrying a contact flash, and never stores that page', async () => {
    await get('/')
    await getCached('/')
    const posted = await postContact(new URLSearchParams(validContact()).toString(), {
      contentType: 'application/x-www-form-urlencoded',
      ip: uniqueIpv4(),
    })
    expect(posted.status).toBe(303)
    const cookie = posted.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')

    const withFlash = await get('/', { Cookie: cookie })
    expect(withFlash.cache).toBe('bypass')
    expect(withFlash.html).toContain('Your message has been sent successfully!')

    const next = await get('/')
    expect(next.html).not.toContain('Your message has been sent successfully!')
  })

  it('never caches the admin page, whose content is per request', async () => {
    const first = await get('/update', { Cookie: ADMIN_COOKIE })
    const second = await get('/update', { Cookie: ADMIN_COOKIE })
    expect(first.status).toBe(200)
    expect([first.cache, second.cache]).toEqual(['bypass', 'bypass'])
  })
})

describe('storing a streamed render', () => {
  const NONCE = 'bm9uY2Utb2YtdGhlLWZpcnN0LXJlcXVlc3Q='
  const TOKEN = 'mfxk2h1c.Zm9ybS10b2tlbi1zaWduYXR1cmUtb2YtdGhlLWZpcnN0LXJlcQ'
  const HTML = `<html><script nonce="${NONCE}">a()</script><p>caf\u00e9 \u2603</p><input name="formToken" value="${TOKEN}"><script nonce="${NONCE}"></script></html>`

  /** The HTML in chunks of 7 bytes, so nonces and multi-byte characters straddle chunk borders. */
  function chunked(html: string): ReadableStream<Uint8Array> {
    const bytes = new TextEncoder().encode(html)
    let at = 0
    return new ReadableStream({
      pull(controller) {
        if (at >= bytes.length) return controller.close()
        controller.enqueue(bytes.slice(at, (at += 7)))
      },
    })
  }

  /**
   * Streams HTML through the cache as a render would: returns what the visitor received and,
   * once the background copy is done, what the cache holds for it.
   */
  async function streamThrough(clean: boolean) {
    const key = pageCacheKey({
      path: '/stream-' + crypto.randomUUID(),
      status: 200,
      origin: ORIGIN,
      viewerUrl: 'v',
    })
    const memory = new PageMemory()
    const ctx = createExecutionContext()
    const visitor = cacheWhileStreaming(chunked(HTML), {
      ...{ memory, ctx, key, origin: ORIGIN, status: 200, slots: { nonce: NONCE, formToken: TOKEN } },
      ...{ shareAtEdge: false, isClean: () => clean },
    })
    const received = await new Response(visitor).text()
    await waitOnExecutionContext(ctx) // the copy is stored in the background
    return { received, cached: await readCachedPage(memory, key, ORIGIN) }
  }

  it('passes the stream through unchanged and stores it with a slot at every nonce and form token', async () => {
    const { received, cached } = await streamThrough(true)
    expect(received).toBe(HTML)
    expect(cached).toBeDefined()
    expect(
      new TextDecoder().decode(pageBody(cached!, { nonce: 'other-nonce', formToken: 'other-token' })),
    ).toBe(HTML.replaceAll(NONCE, 'other-nonce').replaceAll(TOKEN, 'other-token'))
  })

  it('stores nothing when the render reported an error', async () => {
    const { received, cached } = await streamThrough(false)
    expect(received).toBe(HTML)
    expect(cached).toBeUndefined()
  })
})
