/**
 * Images as the browser takes them, on the production build: a built raster picks AVIF at a width
 * that fits the screen, and the brand strip never shows an empty slot while it scrolls. A library
 * photo lays out beside its text, and picking it in the editor brings its alt text at once.
 */
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { home } from '../../src/content/home'
import type { PageSection } from '../../src/schemas/composed-pages'
import {
  DESKTOP,
  MOBILE,
  adminPageForSetup,
  openAdminPage,
  openPage,
  sharedBrowser,
  uploadLibraryPicture,
} from './browser'
import { publishLandingPage } from './landing-pages'
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

describe('a library photo in a "Picture with text" section', () => {
  const SLUG = 'library-photo-layout'
  const sides = ['picture right', 'picture left'] as const

  beforeAll(async () => {
    const { page, close } = await adminPageForSetup(browser())
    await uploadLibraryPicture(page, baseUrl, {
      name: 'booth.png',
      alt: 'Our booth at the fair',
      width: 1500,
      height: 1000,
    })
    const src = /\/media\/library\/[0-9a-f]{16}-1500x1000\.png/.exec(await page.content())?.[0]
    expect(src).toBeDefined()
    const image = { src: src!, alt: 'Our booth at the fair', width: 1500, height: 1000 }
    const sections: PageSection[] = sides.map((side) => ({
      pictureText: {
        title: `Our booth, ${side}`,
        text: home.storeBuilder.text,
        image,
        side,
        tone: 'plain',
        ctas: [],
      },
    }))
    await publishLandingPage(page, {
      slug: SLUG,
      title: 'Library photo layout',
      description: 'A landing page whose Picture with text sections show a photo of the media library.',
      search: 'hidden',
      sections: [
        { intro: { title: 'Library photo layout', text: 'Two sections follow.', ctas: [] } },
        ...sections,
      ],
    })
    await close()
  })

  /** Each section's text column and picture, as laid out. */
  async function boxes(page: Page) {
    return page.locator('.split').evaluateAll((grids) =>
      grids.map((grid) => {
        const box = (el: Element | null) => {
          const r = el!.getBoundingClientRect()
          return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width }
        }
        return {
          grid: box(grid),
          text: box(grid.querySelector('.split-text')),
          img: box(grid.querySelector('img')),
        }
      }),
    )
  }

  it('shows the photo beside its text, in the grid’s first row, at 1280 px', async () => {
    const { page, problems } = await openPage(browser(), { viewport: DESKTOP })
    await page.goto(`${baseUrl}/${SLUG}`)
    const laid = await boxes(page)
    expect(laid).toHaveLength(2)
    laid.forEach(({ grid, text, img }, i) => {
      const where = sides[i]
      // Both start at the top of the grid: the picture is not pushed a row down.
      expect(Math.abs(img.top - grid.top), where).toBeLessThan(1)
      expect(Math.abs(text.top - grid.top), where).toBeLessThan(1)
      expect(img.width, where).toBeGreaterThan(grid.width / 3)
      if (where === 'picture right') expect(img.left, where).toBeGreaterThanOrEqual(text.right)
      else expect(img.right, where).toBeLessThanOrEqual(text.left)
    })
    expect(problems).toEqual([])
  })

  it('brings its alt text into the editor’s field as it is picked, unless the author typed their own', async () => {
    const { page, problems } = await openAdminPage(browser())
    await page.goto(`${baseUrl}/admin/pages/${SLUG}`)
    const card = page.locator('.picture-card', { hasText: 'Our booth at the fair' })
    const alt = page.locator('[name="page.image.alt"]')
    expect(await alt.inputValue()).toBe('')
    await card.locator('[name="page.image.src"]').check()
    expect(await alt.inputValue()).toBe('Our booth at the fair')
    // Words of the author's own stay, whatever is picked after them.
    await alt.fill('Our stand, seen from the door')
    await page.locator('[name="page.image.src"][value=""]').check()
    await card.locator('[name="page.image.src"]').check()
    expect(await alt.inputValue()).toBe('Our stand, seen from the door')
    expect(problems).toEqual([])
  })

  it('stacks the photo under its text at 390 px', async () => {
    const { page } = await openPage(browser(), { viewport: MOBILE })
    await page.goto(`${baseUrl}/${SLUG}`)
    const laid = await boxes(page)
    expect(laid).toHaveLength(2)
    for (const { text, img } of laid) {
      expect(img.top).toBeGreaterThanOrEqual(text.bottom)
      expect(Math.abs(img.left - text.left)).toBeLessThan(1)
      expect(img.width).toBeGreaterThan(300)
    }
  })
})
