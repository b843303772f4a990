/**
 * Instant navigation in Debian Chromium on the production build: a link the visitor hovers is
 * prerendered by the page's Speculation Rules and the click shows it (activationStart > 0); the
 * console and /update are never candidates; the cross-document view transition runs, and not
 * under reduced motion. Prerender progress is read from the DevTools protocol's Preload domain,
 * so the test waits on the browser's own report, not on time.
 */
import type { CDPSession, Page } from 'playwright-core'
import { describe, expect, it, onTestFinished } from 'vitest'
import { browserPath } from '../support/browser-path'
import { CdpBrowser } from '../support/cdp-tab'
import { openPage, POLL, sharedBrowser } from './browser'
import { baseUrl } from './server'

const browser = sharedBrowser()

interface PreloadLog {
  /** Every URL the page's rules made a prerender candidate of. */
  candidates: Set<string>
  /** URLs whose prerender reached Ready. */
  ready: Set<string>
}

async function watchPreloading(page: Page): Promise<{ cdp: CDPSession; log: PreloadLog }> {
  const cdp = await page.context().newCDPSession(page)
  const log: PreloadLog = { candidates: new Set(), ready: new Set() }
  cdp.on('Preload.preloadingAttemptSourcesUpdated', (event) => {
    for (const source of event.preloadingAttemptSources) log.candidates.add(new URL(source.key.url).pathname)
  })
  cdp.on('Preload.prerenderStatusUpdated', (event) => {
    if (event.status === 'Ready') log.ready.add(new URL(event.key.url).pathname)
  })
  await cdp.send('Preload.enable')
  return { cdp, log }
}

describe('speculation rules in the browser', () => {
  it('prerenders a header link on hover, and the click shows the prerendered page', async () => {
    // Playwright's sessions keep Chromium from prerendering; see tests/support/cdp-tab.ts.
    const cdp = await CdpBrowser.launch(browserPath(), ['--window-size=1280,800'])
    onTestFinished(() => cdp.close())
    const tab = await cdp.newTab()
    const ready = new Set<string>()
    cdp.on('Preload.prerenderStatusUpdated', (event) => {
      if (event.status === 'Ready') ready.add(new URL(event.key.url).pathname)
    })
    await tab.send('Preload.enable')
    await tab.send('Emulation.setDeviceMetricsOverride', {
      width: 1280,
      height: 800,
      deviceScaleFactor: 1,
      mobile: false,
    })
    await tab.navigate(baseUrl + '/')
    await tab.hover('.nav-desktop a[href="/about-us"]')
    await cdp.waitFor(() => ready.has('/about-us'), POLL.timeout)
    await tab.click('.nav-desktop a[href="/about-us"]')
    await tab.waitForShown('/about-us')
    const shown = await tab.evaluate<{ activationStart: number; heading: string }>(`(() => ({
      activationStart: performance.getEntriesByType('navigation')[0].activationStart,
      heading: document.querySelector('h1')?.textContent ?? '',
    }))()`)
    expect(shown.activationStart).toBeGreaterThan(0)
    expect(shown.heading).not.toBe('')
  })

  it('never makes a candidate of the console, /update, the APIs or a new-tab link', async () => {
    const { page } = await openPage(browser())
    await page.goto(baseUrl + '/')
    const { log } = await watchPreloading(page)
    // Links a page could carry one day; the rules must leave them alone whatever the page says.
    await page.evaluate(() => {
      const box = document.createElement('p')
      for (const [href, extra] of [
        ['/admin', ''],
        ['/admin/leads', ''],
        ['/update', ''],
        ['/api/settings', ''],
        ['/rss.xml', ''],
        ['/gaming', 'target'],
      ] as const) {
        const a = document.createElement('a')
        a.href = href
        a.textContent = href
        if (extra) a.target = '_blank'
        box.appendChild(a)
      }
      const main = document.querySelector('main')
      main?.insertBefore(box, main.firstChild)
    })
    await expect.poll(() => log.candidates.has('/about-us'), POLL).toBe(true)
    // The candidate list is recomputed for the new links; the control link below must be among
    // the candidates once more, after the injection, before the exclusions are judged.
    await page.evaluate(() => {
      const a = document.createElement('a')
      a.href = '/blog-1?after-injection'
      a.textContent = 'control'
      const main = document.querySelector('main')
      main?.insertBefore(a, main.firstChild)
    })
    await expect.poll(() => log.candidates.has('/blog-1'), POLL).toBe(true)
    for (const path of ['/admin', '/admin/leads', '/update', '/api/settings', '/rss.xml'])
      expect(log.candidates.has(path), path).toBe(false)
  })
})

describe('view transitions between pages', () => {
  /** Whether the page that a click on "About us" reveals came with a view transition. */
  async function revealedWithTransition(reducedMotion: 'reduce' | 'no-preference'): Promise<boolean> {
    const { page } = await openPage(browser(), { reducedMotion })
    await page.addInitScript(() => {
      addEventListener('pagereveal', (event) => {
        const reveal = event as Event & { viewTransition?: unknown }
        document.documentElement.dataset.revealTransition = String(Boolean(reveal.viewTransition))
      })
    })
    await page.goto(baseUrl + '/')
    await page.locator('.nav-desktop a[href="/about-us"]').first().click()
    await page.waitForURL(baseUrl + '/about-us')
    const mark = page.locator('html[data-reveal-transition]')
    await mark.waitFor({ state: 'attached', timeout: POLL.timeout })
    return (await mark.getAttribute('data-reveal-transition')) === 'true'
  }

  it('cross-fades to the next page', async () => {
    expect(await revealedWithTransition('no-preference')).toBe(true)
  })

  it('does not animate under reduced motion', async () => {
    expect(await revealedWithTransition('reduce')).toBe(false)
  })
})

describe('early hints on the production build', () => {
  it('/ names its stylesheet and its hero poster in Link, as the page itself preloads them', async () => {
    const res = await fetch(baseUrl + '/')
    const html = await res.text()
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1]
    const poster = /<link[^>]*fetchPriority="high"[^>]*>/.exec(html)?.[0] ?? ''
    const link = res.headers.get('Link') ?? ''
    expect(link.startsWith(`<${stylesheet}>; rel=preload; as=style, `)).toBe(true)
    const srcSet = /imageSrcSet="([^"]+)"/.exec(poster)?.[1]
    // A raster poster (realistic media) is preloaded by srcset; the placeholder SVG by address.
    if (srcSet) expect(link).toContain(`imagesrcset="${srcSet}"`)
    else
      expect(link).toContain(
        `<${/href="([^"]+)"/.exec(poster)?.[1]}>; rel=preload; as=image; fetchpriority=high`,
      )
    // And the browser, under the page's CSP, fetched both without a complaint.
    const { page, problems } = await openPage(browser())
    await page.goto(baseUrl + '/')
    expect(problems).toEqual([])
  })
})
