/**
 * CPU cost of rendering the home page in workerd: renderToReadableStream of the full document
 * (the tree render.tsx streams), drained completely, at 1×, 2× and 4× the home page's sections;
 * /about-us beside two landing pages composed from the site's sections (issue 45);
 * for comparison, serving it from the page cache (joining the cached pieces with a nonce); and
 * whole requests through the worker's Hono app: a page cache hit, a miss (render, stream, store;
 * locally the Cache API read and write also take this isolate's time), and /robots.txt.
 *
 * Timing: renders run back to back in batches; the clock is read after a KV read (I/O) at both
 * ends of a batch, because deployed Workers advance timers only on I/O (locally workerd's clock
 * runs, with 1 ms resolution). Per-render time = (batch time − one KV read) / batch size; the
 * figure is the median over batches. Nothing else runs in the isolate meanwhile, so this is CPU
 * time of the render (plus the machine's noise).
 */
import { applyD1Migrations, createExecutionContext, env, type D1Migration } from 'cloudflare:test'
import { Fragment, type ReactNode } from 'react'
import { renderToReadableStream } from 'react-dom/server'
import { expect, inject, it } from 'vitest'
import { RenderContext } from '../../src/components/RenderContext'
import { homePage as homePageOf } from '../../src/pages/HomePage'
import type { PageModule } from '../../src/schemas/page-module'
import { pageRenders } from './pages'
import { NONCE, renderState as state, SITE } from './state'

const homePage = homePageOf(SITE)
import { SiteDocument } from '../../src/pages/SiteDocument'
import type { Bindings } from '../../src/env'
import {
  cacheWhileStreaming,
  pageBody,
  pageCacheKey,
  readCachedPage,
} from '../../src/server/platform/render/page-cache'
import { PageMemory } from '../../src/server/platform/render/page-memory'
import { TrafficBuffer, TrafficCounter } from '../../src/server/traffic/services/traffic'
import { D1TrafficStore } from '../../src/server/traffic/storage/traffic'
import { servicesFor } from '../../src/server/isolate'
import { app } from '../../src/worker'
import { experimentRows } from './experiments'
import { BATCHES, measure, tick } from './timing'

const PERSON =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36'
const GERMAN_HIT = 'request GET /de/ (page cache hit, counted: a person)'
const PERSON_HEADERS = { 'User-Agent': PERSON, Accept: 'text/html', 'CF-Connecting-IP': '203.0.113.8' }

function tree(copies: number, page: PageModule = homePage, path = '/'): ReactNode {
  const Page = page.Page
  return (
    <RenderContext.Provider value={state()}>
      <SiteDocument meta={page.meta} path={path}>
        {Array.from({ length: copies }, (_, i) => (
          <Fragment key={i}>
            <Page />
          </Fragment>
        ))}
      </SiteDocument>
    </RenderContext.Provider>
  )
}

async function render(copies: number, page?: PageModule, path?: string): Promise<string> {
  const stream = await renderToReadableStream(tree(copies, page, path), { nonce: NONCE })
  return new Response(stream).text()
}

it('measures the home page render', async () => {
  const { DB, TEST_MIGRATIONS } = env as unknown as { DB: D1Database; TEST_MIGRATIONS: D1Migration[] }
  await applyD1Migrations(DB, TEST_MIGRATIONS)
  const results = []
  // The very first render of this isolate (JIT still cold): what a cold start pays once.
  await tick()
  const coldStart = performance.now()
  const coldHtml = await render(1)
  await tick()
  const coldMs = performance.now() - coldStart
  results.push({
    what: 'first render in a fresh isolate (1×)',
    copies: 1,
    htmlBytes: new TextEncoder().encode(coldHtml).length,
    medianMs: coldMs,
    minMs: coldMs,
    maxMs: coldMs,
    batches: 1,
    batchSize: 1,
  })
  for (const copies of [1, 2, 4]) {
    const html = await render(copies)
    const stats = await measure(Math.max(2, Math.round(16 / copies)), () => render(copies))
    results.push({
      what: `render ${copies}× home sections`,
      copies,
      htmlBytes: new TextEncoder().encode(html).length,
      ...stats,
    })
  }

  // A landing page costs what a hand-built page of its size costs (issue 45): bench/render-cost/pages.tsx.
  results.push(...(await pageRenders(SITE, (page, path) => render(1, page, path))))

  // The cached path: one render stored, then each request only joins the pieces with its nonce.
  const key = pageCacheKey({ path: '/', status: 200, origin: 'https://example.com', viewerUrl: 'x' })
  const stream = await renderToReadableStream(tree(1), { nonce: NONCE })
  const memory = new PageMemory()
  const visitor = cacheWhileStreaming(stream, {
    memory,
    key,
    origin: 'https://example.com',
    status: 200,
    slots: { nonce: NONCE },
    shareAtEdge: false,
    isClean: () => true,
  })
  await new Response(visitor).text()
  await tick()
  const cached = await readCachedPage(memory, key, 'https://example.com')
  expect(cached).toBeDefined()
  const hit = await measure(200, async () => pageBody(cached!, { nonce: 'cmVxdWVzdC1ub25jZS0xMjM0' }))
  results.push({
    what: 'cached page body (1× home)',
    copies: 1,
    htmlBytes: pageBody(cached!, { nonce: NONCE }).length,
    ...hit,
  })

  // Whole requests through the worker's Hono app (security headers, viewer URL, cookies, routing),
  // in this isolate: what our code costs per request, without wrangler's local plumbing.
  const bindings = env as unknown as Bindings
  const request = async (url: string, headers: Record<string, string> = {}, env: Bindings = bindings) => {
    const res = await app.fetch(new Request(url, { headers }), env, createExecutionContext())
    return res.text()
  }
  // A page cache miss needs a key no request has made, and the key holds SITE_ORIGIN, not the
  // request's host: each miss gets an env of its own origin, whose services are built here, before
  // the timing, so the row times the render and the store, not the composition root.
  const MISSES = 1 + 3 + BATCHES * 8
  const missEnvs = Array.from({ length: MISSES }, (_, i) => ({
    ...bindings,
    SITE_ORIGIN: `https://m${i}.example.com`,
  }))
  for (const [i, missEnv] of missEnvs.entries())
    await request(`https://m${i}.example.com/robots.txt`, {}, missEnv)
  // The edge count (traffic/services/traffic.ts): one person's view buffered, the added CPU of a counted
  // request; and the batch write, per view, which runs later in waitUntil, once per 5 s at most.
  const counter = new TrafficCounter(new D1TrafficStore(bindings.DB), new TrafficBuffer(), {
    flushEveryMs: 60_000,
  })
  const person = new Headers({ 'User-Agent': PERSON, Accept: 'text/html', 'CF-Connecting-IP': '203.0.113.7' })
  const noWait = { waitUntil: () => {} }
  const viewRequest = {
    method: 'GET',
    url: 'https://example.com/?utm_campaign=x',
    status: 200,
    headers: person,
    country: 'GB',
  }
  counter.record(viewRequest, null, noWait)
  const counted = await measure(500, async () =>
    counter.record(viewRequest, 'https://www.google.com/', noWait),
  )
  results.push({
    what: 'count a page view (buffered; no I/O on the request)',
    copies: 1,
    htmlBytes: 0,
    ...counted,
  })
  await counter.flush()
  const written = await measure(1, async () => {
    for (let i = 0; i < 200; i++) counter.record(viewRequest, null, noWait)
    await counter.flush()
  })
  results.push({
    what: 'write 200 buffered views to D1 (per view, in waitUntil)',
    copies: 1,
    htmlBytes: 0,
    ...written,
    medianMs: written.medianMs / 200,
    minMs: written.minMs / 200,
    maxMs: written.maxMs / 200,
  })

  // The studio's freshness check on every page view (studio/services/content.ts): the content stamp as
  // this isolate holds it (re-read from the Cache API at most once a second), no D1 round trip.
  const { content } = servicesFor(bindings).studio
  await content.current()
  const fresh = await measure(500, () => content.current())
  results.push({ what: 'studio content check per view (stamp in memory)', copies: 1, htmlBytes: 0, ...fresh })

  const sameEnv = () => bindings
  const medians = new Map<string, number>()
  for (const [what, make, headers, envOf] of [
    ['request GET /robots.txt (no render)', () => 'https://example.com/robots.txt', {}, sameEnv],
    ['request GET / (page cache hit, not counted: no user agent)', () => 'https://example.com/', {}, sameEnv],
    [
      'request GET / (page cache hit, counted: a person)',
      () => 'https://example.com/',
      PERSON_HEADERS,
      sameEnv,
    ],
    // Issue 61: the German home, cached, for the same person (no Accept-Language: no banner).
    [GERMAN_HIT, () => 'https://example.com/de/', PERSON_HEADERS, sameEnv],
    // A new origin each time is a new cache key: render, stream and store, as on a first visit.
    [
      'request GET / (page cache miss: render and store)',
      (i: number) => `https://m${i}.example.com/`,
      {},
      (i: number) => missEnvs[i]!,
    ],
  ] as const) {
    let i = 0
    const once = () => {
      const n = i++
      return request(make(n), headers, envOf(n))
    }
    const html = await once()
    const stats = await measure(what.includes('miss') ? 8 : 50, once)
    medians.set(what, stats.medianMs)
    results.push({ what, copies: 1, htmlBytes: new TextEncoder().encode(html).length, ...stats })
  }

  const ratio = medians.get(GERMAN_HIT)! / medians.get('request GET / (page cache hit, counted: a person)')!
  results.push({
    what: 'German /de/ over English / (cached, counted; a ratio, not ms)',
    ...{ copies: 1, htmlBytes: 0, batches: 1, batchSize: 1 },
    ...{ medianMs: ratio, minMs: ratio, maxMs: ratio },
  })

  // Experiments: the same hit with one running, per version, and the hit rate (./experiments.ts).
  results.push(...(await experimentRows(bindings, request)))

  const res = await fetch(inject('renderCostCollector'), {
    method: 'POST',
    body: JSON.stringify({ results }),
  })
  expect(res.status).toBe(204)
})
