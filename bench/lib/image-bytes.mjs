/**
 * Image bytes a phone downloads per route, in Chromium: before the first scroll (the page loaded
 * and the network settled at 390 × 844 CSS px, 3 device pixels per px like the phones of that
 * width), then in all after scrolling through the page to its end. Sizes are the encoded bodies
 * as transferred (SVG gzip through the audit's proxy; AVIF and WebP as they are).
 */
import { chromium } from 'playwright-core'

export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
}

/** Issue 12: images before the first scroll on / at 390 px. */
export const FIRST_VIEW_IMAGE_BUDGET = 350 * 1024

/**
 * @typedef {{ firstView: number, total: number, firstViewFiles: string[], heroPosterRequests: number }} ImageBytes
 * @param {string} baseUrl
 * @param {string[]} routes
 * @param {{ executablePath: string, args: string[] }} launch
 * @returns {Promise<Record<string, ImageBytes>>}
 */
export async function measureImageBytes(baseUrl, routes, launch) {
  const browser = await chromium.launch(launch)
  /** @type {Record<string, ImageBytes>} */
  const results = {}
  try {
    for (const route of routes) {
      const context = await browser.newContext(PHONE)
      const page = await context.newPage()
      /** @type {{ url: string, bytes: number }[]} */
      const images = []
      page.on('requestfinished', async (request) => {
        if (request.resourceType() !== 'image') return
        const sizes = await request.sizes().catch(() => null)
        images.push({ url: new URL(request.url()).pathname, bytes: sizes?.responseBodySize ?? 0 })
      })
      await page.goto(baseUrl + route, { waitUntil: 'load' })
      await page.waitForLoadState('networkidle')
      const firstView = images.slice()
      const height = await page.evaluate(() => globalThis.document.documentElement.scrollHeight)
      for (let y = PHONE.viewport.height; y < height; y += PHONE.viewport.height) {
        await page.evaluate((top) => globalThis.scrollTo(0, top), y)
        await page.waitForLoadState('networkidle')
      }
      const sum = (list) => list.reduce((n, image) => n + image.bytes, 0)
      results[route] = {
        firstView: sum(firstView),
        total: sum(images),
        firstViewFiles: firstView.map((image) => `${image.url} ${image.bytes}`),
        // The hero poster is preloaded and shown from one srcset: one request, never two widths.
        heroPosterRequests: images.filter((image) => /\/(assets|media\/home)\/hero[-.]/.test(image.url))
          .length,
      }
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return results
}
