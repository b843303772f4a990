#!/usr/bin/env node
/**
 * `npm run nav`: how fast the next page and a distant visitor's first page show, on the
 * production build (workerd via wrangler, behind the tools' gzip proxy), in Debian Chromium.
 *
 * 1. Click to paint. A phone (390 × 844, touch; the 4G round trip of Lighthouse, 150 ms, through
 *    the latency proxy below; `--cpu 4` adds Lighthouse's CPU slowdown) opens /, opens the menu,
 *    rests on a header link as a visitor does before tapping (until the browser reports the
 *    prerender ready, or 200 ms without rules), then clicks. Measured from the click to the new
 *    page's first contentful paint, counted from its activation when it was prerendered (as
 *    web-vitals does). Median of --runs (5), in three modes: as shipped (rules and the
 *    cross-fade), rules without the cross-fade (reduced motion emulated), and without rules
 *    (removed before the parser hands them over, by an init script: the switch only this tool
 *    uses). activationStart > 0 shows the click really showed a prerendered page; 0 means it fell
 *    back to a fetch. Every run starts with an empty HTTP cache, as a visitor's first click to that
 *    page does (HTML may be kept 60 s, so later runs would otherwise show the first run's copy).
 * 2. Distant visitors. TTFB, FCP and LCP of / and /about-us on a first visit at 150 and 300 ms
 *    round trip (a local latency proxy: two round trips per new connection, one per request;
 *    Chromium's network emulation did not delay these requests here), streamed as the worker sends it and
 *    fully buffered (a second proxy that holds each answer until it is complete, as a server that
 *    renders the whole page first would). Median of --runs.
 *
 *   npm run nav [-- --runs 5] [--cpu 4] [--no-build] [--json FILE]
 *
 * Headless Chromium prerenders with its defaults (no flag needed; see the README).
 */
/* global document, requestAnimationFrame, addEventListener, MutationObserver, HTMLScriptElement -- run in the page */
import { writeFileSync } from 'node:fs'
import { Agent, createServer, request as httpRequest } from 'node:http'
import { chromium } from 'playwright-core'
import { browserPath } from '../support/browser-path.ts'
import { CdpBrowser } from '../support/cdp-tab.ts'
import { parseArgs } from './lib/routes.mjs'
import { serveSnapshot, startGzipProxy } from './lib/serve.mjs'
import { snapshotBuild } from './lib/snapshot.mjs'
import { markdownTable, median } from './lib/table.mjs'

const args = parseArgs(process.argv.slice(2))
const RUNS = Number(args.runs ?? 5)
/** Lighthouse slows the CPU 4 ×; the measure is 4G only, so 1 unless asked (`--cpu 4`). */
const CPU_SLOWDOWN = Number(args.cpu ?? 1)
const trace = process.env.NAV_TRACE ? (...what) => console.error('  ·', ...what) : () => {}

/** Lighthouse's mobile 4G round trip, applied by the latency proxy (bandwidth is not limited). */
const MOBILE_4G_RTT = 150
/** With the rules and the cross-fade (as shipped), with the rules and no cross-fade, without rules. */
const MODES = [
  { name: 'rules, cross-fade', withRules: true, transitions: true },
  { name: 'rules, no cross-fade', withRules: true, transitions: false },
  { name: 'no rules, cross-fade', withRules: false, transitions: true },
]
const PHONE_METRICS = { width: 390, height: 844, deviceScaleFactor: 3, mobile: true }
/** The header's links to other pages: top level (About us) and the Features menu. */
const TARGETS = [
  { path: '/about-us', menu: null },
  { path: '/try-on', menu: 'features' },
  { path: '/gaming', menu: 'features' },
]
/** What a visitor's pause on a link lasts when nothing tells us the page is ready. */
const DWELL_MS = 200

/** Removes the page's Speculation Rules as the parser inserts them, before any link is hovered. */
function removeSpeculationRules() {
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node instanceof HTMLScriptElement && node.type === 'speculationrules') node.remove()
  }).observe(document, { childList: true, subtree: true })
}

/** In the page left behind: when the click happened, on the shared epoch clock. */
function recordClicks() {
  addEventListener(
    'click',
    (event) => localStorage.setItem('nav-click-at', String(performance.timeOrigin + event.timeStamp)),
    { capture: true },
  )
}

/** In the page shown: click to first contentful paint (from activation when prerendered). */
async function paintAfterClick() {
  const fcp = () => performance.getEntriesByName('first-contentful-paint')[0]
  while (!fcp()) await new Promise((resolve) => requestAnimationFrame(resolve))
  const entry = /** @type {PerformanceNavigationTiming & { activationStart: number }} */ (
    performance.getEntriesByType('navigation')[0]
  )
  const paintAt = performance.timeOrigin + Math.max(fcp()?.startTime ?? 0, entry.activationStart)
  const clickAt = Number(localStorage.getItem('nav-click-at'))
  const activatedAt = performance.timeOrigin + entry.activationStart
  return {
    ms: paintAt - clickAt,
    activationStart: entry.activationStart,
    toActivation: entry.activationStart > 0 ? activatedAt - clickAt : NaN,
  }
}

/**
 * One click from / to target.path in a fresh tab of the tab-attached Chromium (Playwright's
 * sessions would keep it from prerendering; see tests/support/cdp-tab.ts).
 */
async function clickToPaint(cdp, baseUrl, target, { withRules, transitions }) {
  const tab = await cdp.newTab()
  try {
    let ready = () => {}
    const prerendered = new Promise((resolve) => (ready = resolve))
    const off = cdp.on('Preload.prerenderStatusUpdated', (event) => {
      if (event.status === 'Ready' && new URL(event.key.url).pathname === target.path) ready(true)
    })
    await tab.send('Preload.enable')
    // Each run is a first visit: the pages are HTML the browser may keep for 60 s
    // (render.tsx HTML_CACHE_CONTROL), so a later run would show the last run's copy, not a fetch.
    await tab.send('Network.clearBrowserCache')
    await tab.send('Emulation.setDeviceMetricsOverride', { ...PHONE_METRICS })
    await tab.send('Emulation.setTouchEmulationEnabled', { enabled: true })
    await tab.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    if (!transitions)
      await tab.send('Emulation.setEmulatedMedia', {
        features: [{ name: 'prefers-reduced-motion', value: 'reduce' }],
      })
    await tab.send('Page.addScriptToEvaluateOnNewDocument', { source: `(${recordClicks})()` })
    if (!withRules)
      await tab.send('Page.addScriptToEvaluateOnNewDocument', { source: `(${removeSpeculationRules})()` })
    trace("await tab.navigate(baseUrl + '/')")
    await tab.navigate(baseUrl + '/')
    trace("await tab.click('.menu-toggle')")
    await tab.click('.menu-toggle')
    if (target.menu) await tab.click(`#mobile-menu button[aria-controls$="-${target.menu}"]`)
    const link = `#mobile-menu a[href="${target.path}"]`
    trace('await tab.hover(link)')
    await tab.hover(link)
    if (withRules) await Promise.race([prerendered, new Promise((resolve) => setTimeout(resolve, 15_000))])
    else await new Promise((resolve) => setTimeout(resolve, DWELL_MS))
    off()
    trace('await tab.click(link)')
    await tab.click(link)
    trace('await tab.waitForShown(target.path)')
    await tab.waitForShown(target.path)
    return await tab.evaluate(`(${paintAfterClick})()`)
  } finally {
    await tab.close()
  }
}

/** One measurement, tried a second time in a fresh tab when the first one failed (said on stderr). */
async function twice(measure) {
  try {
    return await measure()
  } catch (error) {
    console.error(`  ! ${error.message}; measuring again`)
    return measure()
  }
}

/**
 * A visitor `rtt` ms away: each new connection costs two round trips (TCP and TLS) before its
 * first request is read, and each request one more before the answer starts; bytes then flow
 * as the worker sends them (or, behind the buffering proxy, all at once).
 */
async function startDistance(upstream, rtt) {
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
async function firstVisit(browser, url) {
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

const round = (ms) => Math.round(ms)

async function main() {
  const snapshot = snapshotBuild({ build: !args['no-build'] })
  const server = await serveSnapshot(snapshot, { gzip: true })
  const buffered = await startGzipProxy(server.workerUrl, { buffer: true })
  const cdp = await CdpBrowser.launch(browserPath())
  const browser = await chromium.launch({
    executablePath: browserPath(),
    args: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--no-first-run'],
  })
  const report = { clickToPaint: [], distant: [] }
  try {
    console.error(`• click to paint, ${RUNS} runs per link and mode…`)
    // The 4G round trip through the latency proxy (Chromium's own emulation did not delay requests).
    const phone = await startDistance(server.url, MOBILE_4G_RTT)
    try {
      for (const target of TARGETS) {
        for (const mode of MODES) {
          const runs = []
          for (let i = 0; i < RUNS; i++)
            runs.push(await twice(() => clickToPaint(cdp, phone.url, target, mode)))
          report.clickToPaint.push({
            path: target.path,
            mode: mode.name,
            medianMs: round(median(runs.map((r) => r.ms))),
            prerendered: runs.filter((r) => r.activationStart > 0).length,
            runs: runs.length,
            activationStartMs: round(median(runs.map((r) => r.activationStart))),
            toActivationMs: round(median(runs.map((r) => r.toActivation))),
          })
        }
      }
    } finally {
      await phone.close()
    }
    console.error(`• distant visitors, ${RUNS} runs per cell…`)
    for (const rtt of [150, 300]) {
      for (const [mode, origin] of [
        ['streamed', server.url],
        ['buffered', buffered.url],
      ]) {
        const distance = await startDistance(origin, rtt)
        try {
          for (const path of ['/', '/about-us']) {
            const runs = []
            for (let i = 0; i < RUNS; i++) runs.push(await firstVisit(browser, distance.url + path))
            report.distant.push({
              rtt,
              path,
              mode,
              ttfb: round(median(runs.map((r) => r.ttfb))),
              fcp: round(median(runs.map((r) => r.fcp))),
              lcp: round(median(runs.map((r) => r.lcp))),
            })
          }
        } finally {
          await distance.close()
        }
      }
    }
  } finally {
    await browser.close()
    await cdp.close()
    await buffered.close()
    await server.stop()
    snapshot.remove()
  }

  console.log(
    `\nClick to paint (phone, ${MOBILE_4G_RTT} ms round trip, CPU ${CPU_SLOWDOWN} ×), median of`,
    RUNS,
  )
  console.log(
    markdownTable(
      [
        'link',
        'rules',
        'click → paint ms',
        'of which click → activation',
        'prerendered',
        'activationStart ms',
      ],
      report.clickToPaint.map((r) => [
        r.path,
        r.mode,
        r.medianMs,
        Number.isNaN(r.toActivationMs) ? '–' : r.toActivationMs,
        `${r.prerendered}/${r.runs}`,
        r.activationStartMs,
      ]),
    ),
  )
  for (const mode of MODES) {
    const medians = report.clickToPaint.filter((r) => r.mode === mode.name).map((r) => r.medianMs)
    console.log(`${mode.name}: median over every link ${round(median(medians))} ms`)
  }
  console.log('\nDistant visitors (first visit, desktop), median of', RUNS)
  console.log(
    markdownTable(
      ['RTT', 'page', 'HTML', 'TTFB ms', 'FCP ms', 'LCP ms'],
      report.distant.map((r) => [`${r.rtt} ms`, r.path, r.mode, r.ttfb, r.fcp, r.lcp]),
    ),
  )
  if (typeof args.json === 'string') writeFileSync(args.json, JSON.stringify(report, null, 2))
}

await main()
