/**
 * Images as the browser takes them, on the production build: a built raster picks AVIF at a width
 * that fits the screen, and the brand strip never shows an empty slot while it scrolls.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DESKTOP, MOBILE, openPage, sharedBrowser } from './browser'
import { baseUrl } from './server'

const browser = sharedBrowser()

/** The figure's image once loaded: what the browser chose and how wide it shows it. */
async function loadedFigure(page: Page) {
  const img = page.locator('.prose-figure img')
  await img.scrollIntoViewIfNeeded()
  await page.waitForFunction(() => {
    const el = document.querySelector<HTMLImageElement>('.prose-figure img')
    return el?.complete && el.naturalWidth > 0
  })
  return img.evaluate((el: HTMLImageElement) => ({
    currentSrc: el.currentSrc,
    shownWidth: el.getBoundingClientRect().width,
    dpr: window.devicePixelRatio,
    candidates: (el.parentElement?.querySelector('source[type="image/avif"]')?.getAttribute('srcset') ?? '')
      .split(', ')
      .map((c) => Number(c.split(' ')[1]?.replace('w', ''))),
  }))
}

describe.each([
  ['mobile', MOBILE, 1],
  ['mobile at 3x', MOBILE, 3],
  ['desktop', DESKTOP, 1],
] as const)('a built picture on %s', (_name, viewport, deviceScaleFactor) => {
  it('is fetched as AVIF at one of the two widths around the size it is shown at', async () => {
    const { page, problems } = await openPage(browser(), { viewport, deviceScaleFactor })
    const types: string[] = []
    page.on('response', (res) => {
      if (new URL(res.url()).pathname.startsWith('/assets/product-in-3d-'))
        types.push(res.headers()['content-type'] ?? '')
    })
    await page.goto(baseUrl + '/blog-1')
    const figure = await loadedFigure(page)
    const chosen = Number(/-(\d+)\.avif$/.exec(figure.currentSrc)?.[1])
    expect(figure.currentSrc).toMatch(/\/assets\/product-in-3d-[0-9a-f]{10}-\d+\.avif$/)
    expect(types).toEqual(['image/avif'])
    // The browser takes the narrowest width that covers the shown size in device pixels, or the
    // one just below it when that is close enough: never a far bigger file than the screen needs.
    const needed = figure.shownWidth * figure.dpr
    const covering = figure.candidates.find((w) => w >= needed) ?? figure.candidates.at(-1)!
    const below = figure.candidates.filter((w) => w < covering).at(-1)
    expect([below, covering]).toContain(chosen)
    expect(figure.shownWidth).toBeLessThanOrEqual(viewport.width)
    // Hashed names never change content, so the browser may keep them for a year (public/_headers).
    const cached = await page.request.get(figure.currentSrc)
    expect(cached.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(problems).toEqual([])
  })
})

describe('the brand strip', () => {
  it.each([
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const)('never shows a blank logo slot as it scrolls (%s)', async (_name, viewport) => {
    const { page } = await openPage(browser(), { viewport })
    await page.goto(baseUrl + '/', { waitUntil: 'load' })
    const strip = page.locator('.marquee')
    // Every copy of every logo is there once the page has loaded, before anything scrolls.
    const logos = await strip
      .locator('img')
      .evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((img) => img.complete && img.naturalWidth > 0))
    expect(logos).toHaveLength(72)
    expect(logos.filter((shown) => !shown)).toEqual([])
    // Then, at points along the 35 s loop, each slot inside the visible strip shows its logo.
    for (const share of [0, 0.2, 0.45, 0.7, 0.95]) {
      const blank = await strip.evaluate((marquee, at) => {
        const track = marquee.querySelector('.marquee-track')!
        for (const animation of track.getAnimations()) {
          animation.pause()
          animation.currentTime = at * 35_000
        }
        const box = marquee.getBoundingClientRect()
        return [...marquee.querySelectorAll('img')]
          .filter((img) => {
            const r = img.getBoundingClientRect()
            return r.right > box.left && r.left < box.right
          })
          .filter((img) => !(img.complete && img.naturalWidth > 0)).length
      }, share)
      expect(blank, `at ${share * 100}% of the loop`).toBe(0)
    }
  })
})
