/**
 * `npm run audit`: Lighthouse (mobile and desktop, median of N runs), axe-core and the W3C Nu HTML
 * checker on every public route of the production worker served by workerd, plus the byte
 * budgets. Writes reports/audit.json and reports/audit.md; exits 1 when a budget breaks.
 *
 *   npm run audit                                        # build; every route; 3 runs; mobile + desktop
 *   npm run audit -- --routes /,/about-us --runs 1       # a quick check
 *   npm run audit -- --no-build --form-factors mobile    # reuse dist/, mobile only
 *   npm run audit -- --skip lighthouse                   # only axe, HTML validity and bytes
 *   npm run audit -- --realistic-media                   # big photos in the media pipeline (below)
 *
 * --realistic-media (issues 12 and 22) generates photos that compress like real ones (a 5640 × 3172
 * hero of about 15 MB, the others 1680 × 1050 to 2560 × 1600; tests/tools/realistic-media.mjs, into
 * git-ignored reports/realistic-media), builds with them in place of the hero poster, the suite and
 * blog cards and /blog-1's figure (XR_MEDIA_OVERLAY), and audits that build, mobile only unless
 * --form-factors says otherwise; the report goes to reports/audit-realistic.{json,md}. Every audit
 * also reports the image bytes of each route at 390 px, before the first scroll and in all.
 *
 * The worker runs under `wrangler dev` (uncompressed) behind a local gzip proxy, because
 * Cloudflare compresses HTML, CSS and JS at the edge: Lighthouse then sees production-like
 * transfer sizes. Lighthouse applies its own simulated throttling on top (mobile default).
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { desktopConfig } from 'lighthouse'
import { chromium } from 'playwright-core'
import { FIRST_VIEW_IMAGE_BUDGET, measureImageBytes } from './lib/image-bytes.mjs'
import { browserPath } from '../support/browser-path.ts'
import { byteBudgetFailures, loadManifest, pageBytes } from './lib/page-bytes.mjs'
import { discoverRoutes, listArg, parseArgs } from './lib/routes.mjs'
import { serveSnapshot } from './lib/serve.mjs'
import { snapshotBuild, snapshotBuilds } from './lib/snapshot.mjs'
import { kb, markdownTable, median } from './lib/table.mjs'
import { generateRealisticMedia, REALISTIC_MEDIA_DIR } from './realistic-media.mjs'

const CHROME_PATH = browserPath()
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage']
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

/** Budgets of issues 6 and 12 for Lighthouse (mobile performance and LCP; the other categories on both forms). */
const LH_BUDGETS = { mobilePerformance: 98, mobileLcpMs: 2500, otherCategories: 100, cls: 0, tbtMs: 50 }

const args = parseArgs(process.argv.slice(2))
const realistic = Boolean(args['realistic-media'])
const runs = Number(args.runs ?? 3)
const formFactors = listArg(args['form-factors']) ?? (realistic ? ['mobile'] : ['mobile', 'desktop'])
const skip = new Set(listArg(args.skip) ?? [])
const reportName = realistic ? 'audit-realistic' : 'audit'

const snapshot = realistic ? await realisticSnapshot() : snapshotBuild({ build: !args['no-build'] })
const server = await serveSnapshot(snapshot, { gzip: true })
const work = mkdtempSync(join(tmpdir(), 'xr-audit-'))
try {
  const discovered = await discoverRoutes(server.url)
  const routes = listArg(args.routes) ?? discovered.routes
  const manifestInfo = loadManifest(snapshot.client)
  const failures = []

  /** @type {Record<string, any>} */
  const report = {}
  for (const route of routes) {
    // A crawler user agent gets the complete document (what the validator should see).
    const res = await fetch(server.workerUrl + route, { headers: { 'User-Agent': 'xr-audit-bot' } })
    const html = await res.text()
    if (res.status !== 200) failures.push(`${route}: HTTP ${res.status}`)
    const bytes = pageBytes(html, snapshot.client, manifestInfo)
    failures.push(...byteBudgetFailures(route, bytes))
    writeFileSync(join(work, fileNameFor(route)), html)
    report[route] = { status: res.status, bytes, lighthouse: {}, axe: [], html: { errors: [], warnings: 0 } }
  }

  if (!skip.has('vnu')) {
    console.error('• W3C Nu HTML checker…')
    const messages = runVnu(routes.map((route) => join(work, fileNameFor(route))))
    for (const route of routes) {
      const mine = messages.filter((m) => String(m.url ?? '').endsWith('/' + fileNameFor(route)))
      const errors = mine.filter((m) => m.type === 'error' || m.type === 'non-document-error')
      report[route].html = {
        errors: errors.map((m) => `line ${m.lastLine ?? '?'}: ${m.message}`),
        warnings: mine.filter((m) => m.subType === 'warning').length,
      }
      for (const error of report[route].html.errors) failures.push(`${route}: HTML error ${error}`)
    }
  }

  if (!skip.has('axe')) {
    console.error('• axe-core…')
    const results = await runAxe(server.url, routes)
    for (const route of routes) {
      report[route].axe = results[route] ?? []
      for (const v of report[route].axe)
        failures.push(`${route}: axe ${v.viewport} ${v.id} (${v.impact}) ×${v.nodes}`)
    }
  }

  if (!skip.has('images')) {
    console.error('• image bytes at 390 px…')
    const images = await measureImageBytes(server.url, routes, {
      executablePath: CHROME_PATH,
      args: CHROME_FLAGS,
    })
    for (const route of routes) {
      report[route].images = images[route]
      if (route === '/' && (images[route]?.firstView ?? 0) > FIRST_VIEW_IMAGE_BUDGET)
        failures.push(`/: ${kb(images[route]?.firstView ?? 0)} KB of images before the first scroll > 350 KB`)
      if ((images[route]?.heroPosterRequests ?? 0) > 1)
        failures.push(`${route}: the hero poster was fetched ${images[route]?.heroPosterRequests} times`)
    }
  }

  if (!skip.has('lighthouse')) {
    for (const route of routes) {
      for (const formFactor of formFactors) {
        const samples = []
        for (let run = 1; run <= runs; run++) {
          console.error(`• Lighthouse ${formFactor} ${route} (run ${run}/${runs})…`)
          samples.push(await withRetries(() => runLighthouse(server.url + route, formFactor)))
        }
        const summary = summarise(samples)
        report[route].lighthouse[formFactor] = summary
        failures.push(...lighthouseFailures(route, formFactor, summary))
      }
    }
  }

  const markdown = renderMarkdown(routes, report, {
    runs,
    formFactors,
    skip,
    source: args.routes ? '--routes' : discovered.source,
    realistic,
  })
  console.log('\n' + markdown)
  mkdirSync('reports', { recursive: true })
  const meta = {
    date: new Date().toISOString(),
    runs,
    formFactors,
    lighthouse: '13.5.0',
    chrome: chromeVersion(),
  }
  writeFileSync(
    `reports/${reportName}.json`,
    JSON.stringify({ ...meta, realistic, routes: report, failures }, null, 2),
  )
  writeFileSync(
    `reports/${reportName}.md`,
    `# Audit${realistic ? ' (realistic media)' : ''}\n\n${markdown}\n`,
  )
  if (failures.length) {
    console.log('\nBUDGET BROKEN:\n- ' + failures.join('\n- '))
    process.exitCode = 1
  } else console.log('\nAll budgets met.')
} finally {
  await server.stop()
  snapshot.remove()
  rmSync(work, { recursive: true, force: true })
}

/**
 * The realistic photos, then a build that shows them (and the normal build after it, so dist/ is
 * left as other tools expect it).
 */
async function realisticSnapshot() {
  await generateRealisticMedia(REALISTIC_MEDIA_DIR)
  const overlay = join(process.cwd(), REALISTIC_MEDIA_DIR)
  const { realistic: built, site } = snapshotBuilds([
    { name: 'realistic', env: { XR_MEDIA_OVERLAY: overlay } },
    { name: 'site' },
  ])
  site?.remove()
  if (!built) throw new Error('no realistic build')
  return built
}

/** @param {string} route */
function fileNameFor(route) {
  return (route === '/' ? 'home' : route.replace(/^\//, '').replace(/[^\w-]+/g, '_')) + '.html'
}

/** @param {string[]} files */
function runVnu(files) {
  const jar = 'node_modules/vnu-jar/build/dist/vnu.jar'
  const out = execFileSync(
    'java',
    ['-jar', jar, '--format', 'json', '--stdout', '--exit-zero-always', ...files],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  )
  return /** @type {{ messages: any[] }} */ (JSON.parse(out)).messages
}

/**
 * axe-core's default rules (WCAG A/AA and best practices) on each route, desktop and mobile
 * viewports, after islands have hydrated. The page's CSP is bypassed only to inject axe.
 * @param {string} baseUrl
 * @param {string[]} routes
 */
async function runAxe(baseUrl, routes) {
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS })
  /** @type {Record<string, { viewport: string, id: string, impact: string, nodes: number, help: string, targets: string[] }[]>} */
  const results = {}
  try {
    for (const [viewport, size] of [
      ['desktop', { width: 1280, height: 800 }],
      ['mobile', { width: 390, height: 844 }],
    ]) {
      const context = await browser.newContext({ viewport: size, bypassCSP: true, reducedMotion: 'reduce' })
      for (const route of routes) {
        const page = await context.newPage()
        await page.goto(baseUrl + route, { waitUntil: 'load' })
        if (await page.$('[data-island]')) {
          await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 }).catch(() => undefined)
        }
        await page.addScriptTag({ content: axeSource })
        const violations = await page.evaluate(async () => {
          // Runs in the page, where axe was just injected.
          const result = await globalThis.axe.run(globalThis.document, { resultTypes: ['violations'] })
          return result.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            nodes: v.nodes.length,
            targets: v.nodes.slice(0, 3).map((n) => String(n.target)),
          }))
        })
        ;(results[route] ??= []).push(...violations.map((v) => ({ viewport, ...v })))
        await page.close()
      }
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return results
}

/**
 * One Lighthouse run in a fresh Chromium (Lighthouse resets storage, but a fresh browser keeps
 * runs independent of each other).
 * @param {string} url
 * @param {string} formFactor
 */
async function runLighthouse(url, formFactor) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS })
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
      formFactor === 'desktop' ? desktopConfig : undefined,
    )
    if (!result) throw new Error('Lighthouse returned no result')
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
    const numeric = (id) => lhr.audits[id]?.numericValue ?? NaN
    /** @type {any[]} */
    const requests = lhr.audits['network-requests']?.details?.items ?? []
    const transfer = (type) =>
      requests.filter((r) => r.resourceType === type).reduce((n, r) => n + (r.transferSize ?? 0), 0)
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id)
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
      tbtMs: numeric('total-blocking-time'),
      siMs: numeric('speed-index'),
      jsBytes: transfer('Script'),
      cssBytes: transfer('Stylesheet'),
      htmlBytes: transfer('Document'),
      totalBytes: requests.reduce((n, r) => n + (r.transferSize ?? 0), 0),
      requests: requests.length,
      failingAudits: failing,
    }
  } finally {
    chrome.kill()
  }
}

/**
 * Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP); such a
 * run is repeated rather than counted.
 * @template T
 * @param {() => Promise<T>} attempt
 * @returns {Promise<T>}
 */
async function withRetries(attempt, tries = 3) {
  for (let i = 1; ; i++) {
    try {
      return await attempt()
    } catch (error) {
      if (i >= tries) throw error
      console.error(`  retrying after: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
}

/** Median of every figure over the runs; failing audits from any run. */
function summarise(samples) {
  /** @type {Record<string, any>} */
  const out = { runs: samples.length }
  for (const key of Object.keys(samples[0] ?? {})) {
    if (key === 'failingAudits') out[key] = [...new Set(samples.flatMap((s) => s.failingAudits))]
    else out[key] = median(samples.map((s) => s[key]))
  }
  return out
}

function lighthouseFailures(route, formFactor, s) {
  const failures = []
  const where = `${route} (${formFactor})`
  if (formFactor === 'mobile' && s.performance < LH_BUDGETS.mobilePerformance)
    failures.push(`${where}: Performance ${s.performance} < ${LH_BUDGETS.mobilePerformance}`)
  for (const [key, label] of [
    ['accessibility', 'Accessibility'],
    ['bestPractices', 'Best Practices'],
    ['seo', 'SEO'],
  ]) {
    if (s[key] < LH_BUDGETS.otherCategories)
      failures.push(`${where}: ${label} ${s[key]} (${s.failingAudits.join(', ')})`)
  }
  if (formFactor === 'mobile' && s.lcpMs > LH_BUDGETS.mobileLcpMs)
    failures.push(`${where}: LCP ${Math.round(s.lcpMs)} ms > ${LH_BUDGETS.mobileLcpMs} ms`)
  if (s.cls > LH_BUDGETS.cls) failures.push(`${where}: CLS ${s.cls.toFixed(3)} > 0`)
  if (s.tbtMs > LH_BUDGETS.tbtMs)
    failures.push(`${where}: TBT ${Math.round(s.tbtMs)} ms > ${LH_BUDGETS.tbtMs} ms`)
  return failures
}

function renderMarkdown(routes, report, { runs, formFactors, skip, source, realistic }) {
  const parts = []
  if (!skip.has('lighthouse')) {
    const rows = []
    for (const route of routes) {
      for (const formFactor of formFactors) {
        const s = report[route].lighthouse[formFactor]
        if (!s) continue
        rows.push([
          route,
          formFactor,
          s.performance,
          s.accessibility,
          s.bestPractices,
          s.seo,
          Math.round(s.fcpMs),
          Math.round(s.lcpMs),
          s.cls.toFixed(3),
          Math.round(s.tbtMs),
          kb(s.jsBytes),
          kb(s.cssBytes),
          kb(s.htmlBytes),
          s.requests,
        ])
      }
    }
    parts.push(
      `Lighthouse 13.5 (median of ${runs} run${runs === 1 ? '' : 's'}; mobile = default simulated throttling, desktop = desktop preset; served gzip like the edge):\n`,
      markdownTable(
        [
          'route',
          'form',
          'Perf',
          'A11y',
          'BP',
          'SEO',
          'FCP ms',
          'LCP ms',
          'CLS',
          'TBT ms',
          'JS KB',
          'CSS KB',
          'HTML KB',
          'requests',
        ],
        rows,
      ),
      '\nJS/CSS/HTML KB = bytes transferred (gzip, with headers) as Lighthouse recorded them.\n',
    )
  }
  parts.push(
    `Bytes the page loads (gzip level 6 of the built files), images at 390 px (3x) before the first scroll and after scrolling to the end${realistic ? ', with the realistic photos' : ''}, and checks:\n`,
    markdownTable(
      [
        'route',
        'JS KB',
        'CSS KB',
        'HTML KB',
        'img KB first view',
        'img KB total',
        'islands',
        'axe violations',
        'HTML errors',
        'HTML warnings',
      ],
      routes.map((route) => {
        const r = report[route]
        return [
          route,
          kb(r.bytes.jsGzip),
          kb(r.bytes.cssGzip),
          kb(r.bytes.htmlGzip),
          r.images ? kb(r.images.firstView) : 'skipped',
          r.images ? kb(r.images.total) : 'skipped',
          r.bytes.islands.join(' ') || '-',
          skip.has('axe') ? 'skipped' : r.axe.length,
          skip.has('vnu') ? 'skipped' : r.html.errors.length,
          skip.has('vnu') ? 'skipped' : r.html.warnings,
        ]
      }),
    ),
    `\nRoutes from ${source}.`,
  )
  return parts.join('\n')
}

function chromeVersion() {
  try {
    return execFileSync(CHROME_PATH, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
  } catch {
    return 'unknown'
  }
}
