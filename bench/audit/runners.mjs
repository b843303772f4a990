/**
 * The audit's instruments: the Nu HTML checker, axe in Chromium, and Lighthouse (with retries),
 * each run against the served build (bench/audit.mjs runs them).
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { desktopConfig } from 'lighthouse'
import { chromium } from 'playwright-core'
import { browserPath } from '../../tests/support/browser-path.ts'
import { hydrateEveryIsland } from '../../scripts/lib/hydration.mjs'
export const CHROME_PATH = browserPath()
export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage']
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

/** @param {string} route */
export function fileNameFor(route) {
  return (route === '/' ? 'home' : route.replace(/^\//, '').replace(/[^\w-]+/g, '_')) + '.html'
}

/** @param {string[]} files */
export function runVnu(files) {
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
export async function runAxe(baseUrl, routes) {
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
        await hydrateEveryIsland(page)
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
export async function runLighthouse(url, formFactor) {
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
export async function withRetries(attempt, tries = 3) {
  for (let i = 1; ; i++) {
    try {
      return await attempt()
    } catch (error) {
      if (i >= tries) throw error
      console.error(`  retrying after: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
}

export function chromeVersion() {
  try {
    return execFileSync(CHROME_PATH, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
  } catch {
    return 'unknown'
  }
}
