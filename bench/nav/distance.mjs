/**
 * A visitor far away: a local latency proxy (round trips per connection and per request), and a
 * first visit's TTFB, FCP and LCP through it.
 */
/* global requestAnimationFrame, requestIdleCallback, document -- run in the page */
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

/**
 * A first visit's TTFB, FCP and LCP (a fresh context: no cache, no open connection), read from the
 * browser's own entries, and the LCP the site's field reporter sent for the same view (the served
 * worker measures every view: VITALS_DEFAULT_SHARE 100). `cpu` slows the page's CPU (CDP), as
 * Lighthouse's mobile run does.
 */
export async function firstVisit(browser, url, { cpu = 1 } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    const page = await context.newPage()
    if (cpu > 1)
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu })
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1)
        if (last) sessionStorage.setItem('lcp', String(last.startTime))
      }).observe({ type: 'largest-contentful-paint', buffered: true })
    })
    const reporter = page.waitForResponse((res) => /\/assets\/vitals-[\w-]+\.js$/.test(res.url()))
    await page.goto(url, { waitUntil: 'load' })
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0)
    // LCP is final once the visitor acts; after load and a painted frame nothing larger comes here.
    const own = await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      const nav = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType('navigation')[0])
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]
      return {
        ttfb: nav.responseStart,
        fcp: fcp?.startTime ?? NaN,
        lcp: Number(sessionStorage.getItem('lcp')),
      }
    })
    // The visitor switches tabs: the reporter sends its beacon (headless Chromium hides no page itself).
    await reporter
    // The visitor presses a key (a trusted input, which ends LCP's observation: the synthetic hide
    // below is untrusted, and web-vitals rightly ignores it for that), then switches tabs; the
    // reporter's module runs in a task after it arrives and web-vitals reports in an idle period.
    const idle = () =>
      page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))))
    await idle()
    await page.keyboard.press('Shift')
    await idle()
    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/vitals')
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
    })
    const beacon = JSON.parse((await sent).postData() ?? '{}')
    return { ...own, fieldLcp: Number(beacon.metrics?.LCP ?? NaN) }
  } finally {
    await context.close()
  }
}
