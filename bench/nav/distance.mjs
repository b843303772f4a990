/**
 * A visitor far away: a local latency proxy (round trips per connection and per request), and a
 * first visit's TTFB, FCP and LCP through it.
 */
/* global requestAnimationFrame -- run in the page */
import { Agent, createServer, request as httpRequest } from 'node:http'
/**
 * A visitor `rtt` ms away: each new connection costs two round trips (TCP and TLS) before its
 * first request is read, and each request one more before the answer starts; bytes then flow
 * as the worker sends them (or, behind the buffering proxy, all at once).
 */
export async function startDistance(upstream, rtt) {
  const target = new URL(upstream)
  const agent = new Agent({ keepAlive: true })
  const later = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
  const server = createServer(async (req, res) => {
    await later(rtt / 2)
    const forward = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent,
      },
      async (answer) => {
        await later(rtt / 2)
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    forward.on('error', () => res.destroy())
    req.pipe(forward)
  })
  server.on('connection', (socket) => {
    socket.pause()
    setTimeout(() => socket.resume(), 2 * rtt)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)))
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        agent.destroy()
        server.closeAllConnections()
        server.close(() => resolve(undefined))
      }),
  }
}

/** A first visit's TTFB, FCP and LCP (a fresh context: no cache, no open connection). */
export async function firstVisit(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    const page = await context.newPage()
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1)
        if (last) sessionStorage.setItem('lcp', String(last.startTime))
      }).observe({ type: 'largest-contentful-paint', buffered: true })
    })
    await page.goto(url, { waitUntil: 'load' })
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0)
    // LCP is final once the visitor acts; after load and a painted frame nothing larger comes here.
    return await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      const nav = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0])
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]
      return {
        ttfb: nav.responseStart,
        fcp: fcp?.startTime ?? NaN,
        lcp: Number(sessionStorage.getItem('lcp')),
      }
    })
  } finally {
    await context.close()
  }
}
