/**
 * The site header in Debian Chromium on the production build: dropdowns by click, hover and
 * keyboard with aria-expanded, Escape and click-outside, the mobile menu and its sub-lists,
 * anchors that close the menus and land on their home section (also from another page), and the
 * same menus working with JavaScript disabled.
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { external } from '../../src/content/external'
import { DESKTOP, sharedBrowser, MOBILE, openPage, waitForHydration } from './browser'
import { baseUrl } from './server'

const browser = sharedBrowser()

/**
 * Waits until the page shows section `id` at the top, just below the fixed header, with its hash
 * in the URL. Polled from here (not waitForFunction) so it also works with JavaScript disabled.
 */
async function landsOn(page: Page, id: string): Promise<void> {
  const deadline = Date.now() + 10_000
  let last: unknown
  for (;;) {
    last = await page.evaluate((id) => {
      const target = document.getElementById(id)
      const header = document.querySelector('.site-header')
      if (!target || !header) return { missing: true }
      return {
        hash: location.hash,
        top: Math.round(target.getBoundingClientRect().top),
        headerBottom: Math.round(header.getBoundingClientRect().bottom),
      }
    }, id)
    const state = last as { hash?: string; top?: number; headerBottom?: number }
    if (
      state.hash === '#' + id &&
      state.top !== undefined &&
      state.headerBottom !== undefined &&
      state.top >= state.headerBottom - 1 &&
      state.top <= state.headerBottom + 40
    ) {
      break
    }
    if (Date.now() > deadline) throw new Error(`did not land on #${id}: ${JSON.stringify(last)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  expect(new URL(page.url()).pathname).toBe('/')
}

const expanded = (toggle: Locator) => toggle.getAttribute('aria-expanded')
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')

describe('desktop header with its script (home page)', () => {
  async function home() {
    const observed = await openPage(browser(), { viewport: DESKTOP })
    await observed.page.goto(baseUrl + '/')
    await waitForHydration(observed.page)
    const nav = observed.page.getByRole('navigation', { name: 'Main' })
    return { ...observed, nav }
  }

  it('opens a dropdown by click, flips aria-expanded, and closes it with Escape (focus back on its button)', async () => {
    const { page, nav, problems } = await home()
    const ecommerce = nav.getByRole('button', { name: 'eCommerce' })
    const storeBuilder = nav.getByRole('link', { name: 'Store Builder' })
    expect(await expanded(ecommerce)).toBe('false')
    await storeBuilder.waitFor({ state: 'hidden' })

    await ecommerce.click()
    expect(await expanded(ecommerce)).toBe('true')
    await storeBuilder.waitFor({ state: 'visible' })
    await page.mouse.move(0, 700) // away from the menu, so hover does not keep it shown

    await storeBuilder.focus()
    await page.keyboard.press('Escape')
    expect(await expanded(ecommerce)).toBe('false')
    await storeBuilder.waitFor({ state: 'hidden' })
    expect(await focusedText(page)).toBe('eCommerce')
    expect(problems).toEqual([])
  })

  it('toggles with Enter and Space, keeps one dropdown open at a time, and closes on a click outside', async () => {
    const { page, nav } = await home()
    const ecommerce = nav.getByRole('button', { name: 'eCommerce' })
    const features = nav.getByRole('button', { name: 'Features' })
    await ecommerce.focus()
    await page.keyboard.press('Enter')
    expect(await expanded(ecommerce)).toBe('true')
    await page.keyboard.press('Space')
    expect(await expanded(ecommerce)).toBe('false')

    await page.keyboard.press('Enter')
    await features.focus()
    await page.keyboard.press('Space')
    expect(await expanded(features)).toBe('true')
    expect(await expanded(ecommerce)).toBe('false')
    const viewIn3d = nav.getByRole('link', { name: /^View in 3D/ })
    expect(await viewIn3d.getAttribute('href')).toBe(external.defaultViewerUrl)
    expect(await viewIn3d.getAttribute('target')).toBe('_blank')
    expect(await nav.getByRole('link', { name: 'AR Try On' }).getAttribute('href')).toBe('/try-on')
    expect(await nav.getByRole('link', { name: 'Gamified Experience' }).getAttribute('href')).toBe('/gaming')

    await page.mouse.click(640, 600)
    expect(await expanded(features)).toBe('false')
  })

  it('opens a dropdown on hover', async () => {
    const { nav } = await home()
    await nav.getByRole('button', { name: 'Features' }).hover()
    await nav.getByRole('link', { name: 'AR Try On' }).waitFor({ state: 'visible' })
  })

  it('closes the menu when an anchor is chosen and scrolls to its section', async () => {
    const { page, nav } = await home()
    const ecommerce = nav.getByRole('button', { name: 'eCommerce' })
    await ecommerce.click()
    await nav.getByRole('link', { name: 'Virtual Showrooms' }).click()
    expect(await expanded(ecommerce)).toBe('false')
    await landsOn(page, 'virtual-showrooms-section')

    await nav.getByRole('link', { name: 'Contact us' }).click()
    await landsOn(page, 'sec-contact')
  })

  it('shows the Login button opening the dashboard in a new tab, and a visible focus ring', async () => {
    const { page, nav } = await home()
    const login = nav.getByRole('link', { name: /^Login/ })
    expect(await login.getAttribute('href')).toBe(external.dashboard)
    expect(await login.getAttribute('target')).toBe('_blank')
    await page.keyboard.press('Tab') // skip link
    await page.keyboard.press('Tab') // logo
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element)
      return { width: parseFloat(style.outlineWidth), style: style.outlineStyle }
    })
    expect(outline.style).not.toBe('none')
    expect(outline.width).toBeGreaterThanOrEqual(2)
  })
})

describe('mobile header with its script (home page)', () => {
  it('opens the menu and a sub-list; choosing an anchor closes the menu and lands on the section', async () => {
    const { page, problems } = await openPage(browser(), { viewport: MOBILE })
    await page.goto(baseUrl + '/')
    await waitForHydration(page)
    await page.getByRole('navigation', { name: 'Main' }).waitFor({ state: 'hidden' })
    const toggle = page.getByRole('button', { name: /menu/i })
    expect(await expanded(toggle)).toBe('false')

    await toggle.click()
    expect(await expanded(toggle)).toBe('true')
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await menu.waitFor({ state: 'visible' })
    const features = menu.getByRole('button', { name: 'Features' })
    await features.click()
    expect(await expanded(features)).toBe('true')
    await menu.getByRole('link', { name: 'AR Try On' }).waitFor({ state: 'visible' })

    const ecommerce = menu.getByRole('button', { name: 'eCommerce' })
    await ecommerce.click()
    await menu.getByRole('link', { name: 'Digital Twins' }).click()
    expect(await expanded(toggle)).toBe('false')
    await menu.waitFor({ state: 'hidden' })
    await landsOn(page, 'digital-twins-section')

    // Escape closes the menu and returns focus to the toggle.
    await toggle.click()
    await menu.getByRole('link', { name: 'Home' }).focus()
    await page.keyboard.press('Escape')
    expect(await expanded(toggle)).toBe('false')
    expect(await focusedText(page)).toBe('Menu')
    expect(problems).toEqual([])
  })

  it('has no horizontal scroll at 320 px with the menu open', async () => {
    const { page } = await openPage(browser(), { viewport: { width: 320, height: 640 } })
    await page.goto(baseUrl + '/')
    await waitForHydration(page)
    await page.getByRole('button', { name: /menu/i }).click()
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'eCommerce' }).click()
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
  })
})

describe('from a page without any script (/about-us)', () => {
  it('loads no JavaScript, yet its dropdown opens and an anchor goes home to the section', async () => {
    const { page } = await openPage(browser(), { viewport: DESKTOP })
    const scripts: string[] = []
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url())
    })
    await page.goto(baseUrl + '/about-us', { waitUntil: 'networkidle' })
    expect(scripts).toEqual([])

    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.locator('summary', { hasText: 'eCommerce' }).click()
    await nav.getByRole('link', { name: 'Shopify Development' }).click()
    await landsOn(page, 'shopify-development-section')
  })

  it('on mobile, opens the menu and its sub-list natively and reaches a home section', async () => {
    const { page } = await openPage(browser(), { viewport: MOBILE })
    await page.goto(baseUrl + '/about-us', { waitUntil: 'networkidle' })
    await page.locator('summary', { hasText: 'Menu' }).click()
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await menu.locator('summary', { hasText: 'eCommerce' }).click()
    await menu.getByRole('link', { name: 'Store Builder' }).click()
    await landsOn(page, 'store-builder-section')
  })
})

describe.each([
  ['on', true],
  ['off', false],
] as const)('desktop dropdowns on pages without any script, JavaScript %s', (_state, javaScriptEnabled) => {
  const MENUS = [
    ['eCommerce', 'Store Builder'],
    ['Features', 'AR Try On'],
  ] as const

  /** Presses Tab until the focused element's text is `text` (a page has fewer than 30 stops before it). */
  async function tabTo(page: Page, text: string): Promise<void> {
    for (let i = 0; i < 30 && (await focusedText(page)) !== text; i++) await page.keyboard.press('Tab')
    expect(await focusedText(page)).toBe(text)
  }

  it.each(['/about-us', '/privacy-policy'])(
    '%s opens each dropdown on hover and on keyboard focus, in CSS',
    async (path) => {
      const { page } = await openPage(browser(), { viewport: DESKTOP, javaScriptEnabled })
      const scripts: string[] = []
      page.on('request', (req) => {
        if (req.resourceType() === 'script') scripts.push(req.url())
      })
      await page.goto(baseUrl + path, { waitUntil: 'networkidle' })
      const nav = page.getByRole('navigation', { name: 'Main' })

      for (const [menu, firstLink] of MENUS) {
        const link = nav.getByRole('link', { name: firstLink })
        await link.waitFor({ state: 'hidden' })
        await nav.locator('summary', { hasText: menu }).hover()
        await link.waitFor({ state: 'visible' })
        await page.mouse.move(640, 700) // off the menu: it closes again
        await link.waitFor({ state: 'hidden' })
      }

      // Keyboard: focus on a toggle opens its menu, Tab walks into it, leaving it closes it.
      const [[ecommerce, storeBuilder], [features, arTryOn]] = MENUS
      await tabTo(page, ecommerce)
      await nav.getByRole('link', { name: storeBuilder }).waitFor({ state: 'visible' })
      await page.keyboard.press('Tab')
      expect(await focusedText(page)).toBe(storeBuilder)
      await tabTo(page, features)
      await nav.getByRole('link', { name: storeBuilder }).waitFor({ state: 'hidden' })
      await nav.getByRole('link', { name: arTryOn }).waitFor({ state: 'visible' })
      expect(scripts).toEqual([])
    },
  )
})

describe('with JavaScript disabled (home page)', () => {
  it.each([
    ['desktop', DESKTOP, 'Main'],
    ['mobile', MOBILE, 'Mobile'],
  ] as const)(
    'on %s the menus open and /#id links land on their sections',
    async (_name, viewport, navName) => {
      const { page } = await openPage(browser(), { viewport, javaScriptEnabled: false })
      await page.goto(baseUrl + '/')
      if (navName === 'Mobile') await page.locator('summary', { hasText: 'Menu' }).click()
      const nav = page.getByRole('navigation', { name: navName })
      await nav.locator('summary', { hasText: 'eCommerce' }).click()
      const link = nav.getByRole('link', { name: '3D Product Creation' })
      await link.waitFor({ state: 'visible' })
      await link.click()
      await landsOn(page, '3d-product-creation-section')

      // From another page, a header anchor goes home and lands on its section.
      await page.goto(baseUrl + '/about-us')
      if (navName === 'Mobile') await page.locator('summary', { hasText: 'Menu' }).click()
      await nav.getByRole('link', { name: 'Real Estate' }).click()
      await landsOn(page, 'real-estate-section')
    },
  )
})
