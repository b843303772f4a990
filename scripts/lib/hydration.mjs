/**
 * Waits until every island on the page has hydrated. An island below the first screen hydrates
 * only when it comes near the viewport (src/client/islands.tsx), so each one is brought into view,
 * as a visitor scrolling down would, until it is wanted; then the page goes back to where it was.
 * @param {import('playwright-core').Page} page
 * @param {number} [timeout]
 */
export async function hydrateEveryIsland(page, timeout = 15_000) {
  const islands = await page.locator('[data-island]').all()
  if (!islands.length) return
  const scrolled = await page.evaluate(() => globalThis.scrollY)
  for (const island of islands) {
    // The marker is display: contents; its first child has the box to scroll to.
    await island.evaluate((el) => el.firstElementChild?.scrollIntoView({ block: 'center' }))
    await page.waitForFunction((el) => el.hasAttribute('data-hydrating'), await island.elementHandle(), {
      timeout,
    })
  }
  await page.evaluate((y) => globalThis.scrollTo(0, y), scrolled)
  await page.waitForSelector('html[data-hydrated="true"]', { timeout })
}
