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
 *    renders the whole page first would). Median of --runs. Beside each, the LCP the site's own
 *    field reporter sent for the same view (issue 62: it must agree with the browser's within 10 %),
 *    with `--cpu` slowing these pages too.
 *
 *   npm run nav [-- --runs 5] [--cpu 4] [--no-build] [--json FILE]
 *
 * Headless Chromium prerenders with its defaults (no flag needed; see the README).
 */
import { removeSpeculationRules, recordClicks, paintAfterClick } from './nav/in-page.mjs'
import { startDistance, firstVisit } from './nav/distance.mjs'
import { writeFileSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { browserPath } from '../tests/support/browser-path.ts'
import { CdpBrowser } from '../tests/support/cdp-tab.ts'
import { parseArgs } from '../scripts/lib/routes.mjs'
import { serveSnapshot, startGzipProxy } from '../scripts/lib/serve.mjs'
import { snapshotBuild } from '../scripts/lib/snapshot.mjs'
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

const round = (ms) => Math.round(ms)

async function main() {
  const snapshot = snapshotBuild({ build: !args['no-build'] })
  // Clicks measured with no field reporter loading; every first visit measured by it, so each one's
  // beacon is read beside the browser's own LCP.
  const server = await serveSnapshot(snapshot, { gzip: true, vars: { VITALS_DEFAULT_SHARE: '0' } })
  const measured = await serveSnapshot(snapshot, { gzip: true, vars: { VITALS_DEFAULT_SHARE: '100' } })
  const buffered = await startGzipProxy(measured.workerUrl, { buffer: true })
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
        ['streamed', measured.url],
        ['buffered', buffered.url],
      ]) {
        const distance = await startDistance(origin, rtt)
        try {
          for (const path of ['/', '/about-us']) {
            const runs = []
            for (let i = 0; i < RUNS; i++)
              runs.push(await firstVisit(browser, distance.url + path, { cpu: CPU_SLOWDOWN }))
            report.distant.push({
              rtt,
              path,
              mode,
              ttfb: round(median(runs.map((r) => r.ttfb))),
              fcp: round(median(runs.map((r) => r.fcp))),
              lcp: round(median(runs.map((r) => r.lcp))),
              fieldLcp: round(median(runs.map((r) => r.fieldLcp))),
              // The field beacon against the browser's own entry, view by view: the largest gap.
              fieldGap: Math.max(...runs.map((r) => Math.abs(r.fieldLcp - r.lcp) / r.lcp)),
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
    await measured.stop()
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
      ['RTT', 'page', 'HTML', 'TTFB ms', 'FCP ms', 'LCP ms', 'field beacon LCP ms', 'largest gap'],
      report.distant.map((r) => [
        `${r.rtt} ms`,
        r.path,
        r.mode,
        r.ttfb,
        r.fcp,
        r.lcp,
        r.fieldLcp,
        `${(r.fieldGap * 100).toFixed(1)} %`,
      ]),
    ),
  )
  if (typeof args.json === 'string') writeFileSync(args.json, JSON.stringify(report, null, 2))
}

await main()
