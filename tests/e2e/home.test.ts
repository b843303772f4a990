/**
 * The home page in Debian Chromium on the production build: clean hydration, the store carousel
 * and the testimonial slider (wrap-around, counter, distance styling, 500 ms transition), the
 * brand strip animation, reduced motion, video fade-in, the XR tile's viewer link, Learn More
 * scrolling to the form, and the same content usable with JavaScript disabled.
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { brands } from '../../src/content/brands'
import { external } from '../../src/content/external'
import { home } from '../../src/content/home'
import { DESKTOP, sharedBrowser, MOBILE, openPage, POLL, waitForHydration } from './browser'
import { baseUrl } from './server'

const browser = sharedBrowser()

async function openHome(viewport = DESKTOP, reducedMotion: 'reduce' | 'no-preference' = 'no-preference') {
  const observed = await openPage(browser(), { viewport, reducedMotion })
  await observed.page.goto(baseUrl + '/')
  await waitForHydration(observed.page)
  return observed
}

const carouselOf = (page: Page) => page.getByRole('region', { name: 'Demo stores' })
const testimonialsOf = (page: Page) => page.getByRole('region', { name: 'What our clients say' })

/** Title of the active (centre) store and the inline scale/opacity of each item, in list order. */
async function carouselState(carousel: Locator) {
  return carousel.locator('li.carousel-item').evaluateAll((items) => ({
    active: items.find((li) => li.getAttribute('aria-current') === 'true')?.querySelector('.carousel-title')
      ?.textContent,
    scale: items.map((li) => Number((li as HTMLElement).style.getPropertyValue('--scale'))),
    opacity: items.map((li) => Number((li as HTMLElement).style.opacity)),
  }))
}

describe.each([
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const)('home page on %s', (_name, viewport) => {
  it('hydrates without console warnings or errors', async () => {
    const { page, problems } = await openHome(viewport)
    // Scroll through, so every lazy image and video starts.
    const height = await page.evaluate(() => document.body.scrollHeight)
    for (let y = 0; y < height; y += 700) await page.evaluate((y) => window.scrollTo(0, y), y)
    await page.waitForLoadState('networkidle')
    expect(problems).toEqual([])
  })

  it('cycles the store carousel round with Previous and Next, scaling and fading by distance', async () => {
    const { page } = await openHome(viewport)
    const carousel = carouselOf(page)
    await carousel.scrollIntoViewIfNeeded()
    const previous = carousel.getByRole('button', { name: 'Previous', exact: true })
    const next = carousel.getByRole('button', { name: 'Next', exact: true })

    // Vero Italy in the centre; Pixel Pals and Zelviano to its right, Digitron and Deyga to its left.
    expect(await carouselState(carousel)).toEqual({
      active: 'Vero Italy',
      scale: [1, 0.85, 0.7, 0.7, 0.85],
      opacity: [1, 0.7, 0.4, 0.4, 0.7],
    })
    await previous.click()
    expect((await carouselState(carousel)).active).toBe('Deyga')
    await next.click()
    await next.click()
    expect((await carouselState(carousel)).active).toBe('Pixel Pals')
    for (let i = 0; i < 4; i++) await next.click()
    expect((await carouselState(carousel)).active).toBe('Vero Italy')

    const transition = await carousel
      .locator('li.carousel-item')
      .first()
      .evaluate((li) => getComputedStyle(li).transitionDuration)
    expect(transition.split(',').map((d) => d.trim())).toEqual(['0.5s', '0.5s'])

    // All five stores are visible links to their demo sites, opening in a new tab.
    const links = carousel.getByRole('link')
    expect(await links.count()).toBe(5)
    for (const link of await links.all()) {
      await link.waitFor({ state: 'visible' })
      expect(await link.getAttribute('target')).toBe('_blank')
    }
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(
      Object.values(external.stores),
    )
  })

  it('wraps the testimonial slider and reads (4/4) reviews after Previous from (1/4)', async () => {
    const { page } = await openHome(viewport)
    const slider = testimonialsOf(page)
    await slider.scrollIntoViewIfNeeded()
    const counter = slider.getByText(/^\(\d\/4\) reviews$/)
    expect(await counter.textContent()).toBe('(1/4) reviews')
    await slider.getByText('Priya Nair').waitFor({ state: 'visible' })

    await slider.getByRole('button', { name: 'Previous', exact: true }).click()
    expect(await counter.textContent()).toBe('(4/4) reviews')
    await slider.getByText('Lucas Romano').waitFor({ state: 'visible' })
    await slider.getByText('Priya Nair').waitFor({ state: 'hidden' })

    const next = slider.getByRole('button', { name: 'Next', exact: true })
    await next.click()
    expect(await counter.textContent()).toBe('(1/4) reviews')
    for (let i = 0; i < 3; i++) await next.click()
    expect(await counter.textContent()).toBe('(4/4) reviews')

    const box = await slider.locator('.testimonial-box').boundingBox()
    expect(box?.height).toBe(280)
  })
})

describe('testimonial box', () => {
  const reviews = home.why.testimonials
  const longest = reviews.reduce((a, b) => (b.text.length > a.text.length ? b : a))

  it.each([390, 768, 1280])(
    'is 280 px tall at %i px with the longest quote, which scrolls inside rather than growing it',
    async (width) => {
      const { page } = await openHome({ width, height: 900 })
      const slider = testimonialsOf(page)
      await slider.scrollIntoViewIfNeeded()
      const next = slider.getByRole('button', { name: 'Next', exact: true })
      for (let i = 0; i < reviews.indexOf(longest); i++) await next.click()
      await slider.getByText(longest.name).waitFor({ state: 'visible' })
      const box = slider.getByRole('region', { name: 'Current review' })
      expect((await box.boundingBox())?.height).toBe(280)
      // Screen readers get the whole quote from the box.
      expect(await box.ariaSnapshot()).toContain(longest.text)

      // Even a quote far longer than any in the content keeps the box at 280 px: it scrolls inside,
      // and the box takes keyboard focus, so the end of the quote is reachable without a mouse.
      await box.locator('.testimonial:not([hidden]) blockquote p').evaluate((p) => {
        p.textContent = (p.textContent ?? '').repeat(8)
      })
      expect((await box.boundingBox())?.height).toBe(280)
      expect(await box.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)
      await box.focus()
      await page.keyboard.press('End')
      await expect.poll(() => box.evaluate((el) => el.scrollTop), POLL).toBeGreaterThan(0)
    },
  )
})

describe('home page motion', () => {
  it('scrolls the 12 brand logos in a 35 s linear infinite loop and fades videos in over 0.5 s', async () => {
    const { page } = await openHome()
    const strip = page.getByRole('region', { name: 'Brands that sell with us' })
    const names = await strip
      .getByRole('img')
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')))
    expect(names).toEqual(brands.map((b) => b.name))
    const animation = await strip.locator('.marquee-track').evaluate((el) => {
      const s = getComputedStyle(el)
      return [s.animationName, s.animationDuration, s.animationTimingFunction, s.animationIterationCount]
    })
    expect(animation).toEqual(['marquee', '35s', 'linear', 'infinite'])

    const hero = page.locator('.hero video')
    await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('.hero video')
      return video?.dataset.loaded === 'true' && !video.paused
    })
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.hero video')!).opacity === '1')
    expect(await hero.evaluate((v) => getComputedStyle(v).transitionDuration)).toBe('0.5s')
    expect(await hero.evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.playsInline, v.preload])).toEqual(
      [true, true, true, 'none'],
    )
  })

  it('stops the brand strip, the carousel transition and autoplay under prefers-reduced-motion', async () => {
    const { page } = await openHome(DESKTOP, 'reduce')
    const track = page.locator('.marquee-track')
    expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toBe('none')
    const item = carouselOf(page).locator('li.carousel-item').first()
    expect(await item.evaluate((li) => getComputedStyle(li).transitionDuration)).toBe('0s')
    // Still fully usable.
    await carouselOf(page).getByRole('button', { name: 'Next', exact: true }).click()
    expect((await carouselState(carouselOf(page))).active).toBe('Pixel Pals')
    expect(await page.locator('.hero video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true)
  })
  it('pauses every video and the brand strip with "Pause animations", and remembers it', async () => {
    const { page } = await openHome()
    const toggle = page.getByRole('button', { name: 'Pause animations' })
    expect(await toggle.getAttribute('aria-pressed')).toBe('false')
    await page.waitForFunction(() => !document.querySelector<HTMLVideoElement>('.hero video')?.paused)

    await toggle.click()
    expect(await toggle.getAttribute('aria-pressed')).toBe('true')
    expect(await page.locator('.hero video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true)
    const playState = () =>
      page.locator('.marquee-track').evaluate((el) => getComputedStyle(el).animationPlayState)
    expect(await playState()).toBe('paused')

    // Scrolling other videos into view does not start them, and the choice survives a reload.
    await page.locator('.xr-tile video').first().scrollIntoViewIfNeeded()
    expect(
      await page
        .locator('.xr-tile video')
        .first()
        .evaluate((v: HTMLVideoElement) => v.paused),
    ).toBe(true)
    await page.reload()
    await waitForHydration(page)
    expect(await page.getByRole('button', { name: 'Pause animations' }).getAttribute('aria-pressed')).toBe(
      'true',
    )
    expect(await playState()).toBe('paused')

    await page.getByRole('button', { name: 'Pause animations' }).click()
    expect(await playState()).toBe('running')
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.waitForFunction(() => !document.querySelector<HTMLVideoElement>('.hero video')?.paused)
  })
})

describe('home page links', () => {
  it('points the View in 3D tile at the viewer, and Learn More scrolls to the contact form', async () => {
    const { page } = await openHome()
    const tile = page.getByRole('main').getByRole('link', { name: /^View in 3D/ })
    expect(await tile.getAttribute('href')).toBe(external.defaultViewerUrl)
    expect(await tile.getAttribute('target')).toBe('_blank')
    const arrows = page.locator('.xr-tile .tile-arrow')
    expect(await arrows.count()).toBe(4)

    await page.getByRole('link', { name: 'Learn More about Amazon Services' }).click()
    await page.waitForFunction(() => {
      const form = document.getElementById('sec-contact')!.getBoundingClientRect()
      return location.hash === '#sec-contact' && form.top >= 0 && form.top < 120
    })
  })
})

describe('home page with JavaScript disabled', () => {
  it('lists every store and every review, with no dead buttons on show', async () => {
    const { page } = await openPage(browser(), { viewport: MOBILE, javaScriptEnabled: false })
    await page.goto(baseUrl + '/')
    const carousel = carouselOf(page)
    const links = carousel.getByRole('link')
    expect(await links.count()).toBe(5)
    for (const link of await links.all()) expect(await link.getAttribute('href')).toMatch(/^https:\/\//)
    await carousel.getByRole('button', { name: 'Next' }).waitFor({ state: 'hidden' })

    const reviews = page.getByRole('region', { name: 'All reviews' })
    for (const name of ['Priya Nair', 'Daniel Brooks', 'Meera Iyer', 'Lucas Romano']) {
      await reviews.getByText(name).scrollIntoViewIfNeeded()
      await reviews.getByText(name).waitFor({ state: 'visible' })
    }
    // The hero poster shows instead of a transparent video.
    expect(await page.locator('.hero video').evaluate((v) => getComputedStyle(v).opacity)).toBe('1')
  })
})
