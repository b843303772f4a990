import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { external } from '../../src/content/external'
import { posts as articles } from '../../src/content/pages/blog'
import { legalDocuments } from '../../src/content/pages/legal'
import { DESKTOP, sharedBrowser, MOBILE, openPage } from './browser'
import { baseUrl } from './server'

const browser = sharedBrowser()

/** Answers every request that leaves the local site, so new-tab links can be followed offline. */
async function stubExternalSites(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => !url.href.startsWith(baseUrl),
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>external</title>' }),
  )
}

/** Clicks a link and returns the URL of the tab it opened. */
async function urlOfNewTab(page: Page, click: () => Promise<void>): Promise<string> {
  const [popup] = await Promise.all([page.context().waitForEvent('page'), click()])
  try {
    await popup.waitForLoadState('domcontentloaded')
    return popup.url()
  } finally {
    await popup.close()
  }
}

describe('About Us', () => {
  it('shows the three cards and the founder, opens the profile in a new tab and links back home', async () => {
    const { page, problems } = await openPage(browser())
    await stubExternalSites(page.context())
    await page.goto(baseUrl + '/about-us')
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('About Us')
    for (const card of ['Mission Statement', 'Vision Statement', 'Our Story']) {
      await page.getByRole('heading', { name: card, level: 2 }).waitFor({ state: 'visible' })
    }
    const story = page.getByRole('region', { name: 'Our Story' })
    await story.getByText('Founder and CEO', { exact: true }).waitFor({ state: 'visible' })
    const profile = story.getByRole('link', { name: /LinkedIn/ })
    expect(await urlOfNewTab(page, () => profile.click())).toBe(external.founderProfile)

    // The stub is for the profile only: while DevTools intercepts requests, Chromium aborts the
    // page's view transition ("ViewTransition opt-in disabled"), which no visitor meets.
    await page.context().unrouteAll()
    await page.getByRole('link', { name: 'Back to home' }).click()
    await page.waitForURL(baseUrl + '/')
    expect(problems).toEqual([])
  })
})

describe.each([
  ['/try-on', 5, Object.values(external.arLenses)],
  ['/gaming', 2, Object.values(external.games)],
] as const)('%s', (path, count, targets) => {
  it.each([
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const)(
    `plays each of the ${count} muted looping videos once in view, fading it in (%s)`,
    async (_name, viewport) => {
      // In motion, as a visitor who has not asked for less: videos play only then.
      const { page, problems } = await openPage(browser(), { viewport, reducedMotion: 'no-preference' })
      await page.goto(baseUrl + path)
      const videos = page.locator('main video')
      expect(await videos.count()).toBe(count)
      for (let i = 0; i < count; i++) {
        const video = videos.nth(i)
        await video.scrollIntoViewIfNeeded()
        await video.evaluate(
          (el: HTMLVideoElement) =>
            new Promise<void>((resolve, reject) => {
              const deadline = Date.now() + 10_000
              const check = () => {
                if (!el.paused && el.readyState >= 2 && getComputedStyle(el).opacity === '1') resolve()
                else if (Date.now() > deadline) reject(new Error(`video ${el.currentSrc} did not start`))
                else requestAnimationFrame(check)
              }
              check()
            }),
        )
        const state = await video.evaluate((el: HTMLVideoElement) => ({
          muted: el.muted,
          loop: el.loop,
          playsInline: el.playsInline,
          poster: el.poster,
          transition: getComputedStyle(el).transitionDuration,
        }))
        expect(state).toMatchObject({ muted: true, loop: true, playsInline: true, transition: '0.5s' })
        const poster = await page.request.get(state.poster)
        expect(poster.status()).toBe(200)
        expect(poster.headers()['content-type']).toBe('image/webp')
      }
      expect(problems).toEqual([])
    },
  )

  it('opens each "Try it now" in a new tab at its own external address', async () => {
    const { page } = await openPage(browser())
    await stubExternalSites(page.context())
    await page.goto(baseUrl + path)
    const links = page.getByRole('link', { name: /^Try it now/ })
    expect(await links.count()).toBe(count)
    const opened: string[] = []
    for (let i = 0; i < count; i++) opened.push(await urlOfNewTab(page, () => links.nth(i).click()))
    expect(opened).toEqual(targets)
  })

  it('loads only the small enhance script, not React', async () => {
    const { page } = await openPage(browser())
    const scripts: string[] = []
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname)
    })
    await page.goto(baseUrl + path, { waitUntil: 'networkidle' })
    expect(scripts).toHaveLength(1)
    expect(scripts[0]).toMatch(/^\/assets\/enhance-[\w-]+\.js$/)
  })
})

describe('/try-on benefits', () => {
  it('shows four benefits under each item and six benefit cards', async () => {
    const { page } = await openPage(browser())
    await page.goto(baseUrl + '/try-on')
    const items = page.locator('main article')
    expect(await items.count()).toBe(5)
    for (let i = 0; i < 5; i++) expect(await items.nth(i).locator('li').count()).toBe(4)
    const cards = page.getByRole('region', { name: 'Why brands add AR try-on' }).getByRole('listitem')
    expect(await cards.count()).toBe(6)
  })
})

describe('/try', () => {
  it('explains the demo and its call to action lands on the contact section of the home page', async () => {
    const { page } = await openPage(browser())
    await page.goto(baseUrl + '/try')
    await page.getByRole('link', { name: 'Schedule a call' }).click()
    await page.waitForURL(baseUrl + '/#sec-contact')
    await page.waitForFunction(() => {
      const box = document.getElementById('sec-contact')?.getBoundingClientRect()
      return box !== undefined && box.top < window.innerHeight && box.bottom > 0
    })
  })
})

describe('articles and legal pages', () => {
  const pages = [
    ...articles.map((a) => ({ path: `/${a.slug}`, title: a.title, date: undefined })),
    ...legalDocuments.map((d) => ({ path: `/${d.slug}`, title: d.title, date: 'April 04, 2025' })),
  ]

  it.each(pages)('$path shows its title, and "Back to home" goes home', async ({ path, title, date }) => {
    const { page } = await openPage(browser(), { viewport: MOBILE })
    await page.goto(baseUrl + path)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title)
    if (date) await page.getByText(`Effective date: ${date}`).waitFor({ state: 'visible' })
    await page.getByRole('link', { name: 'Back to home' }).click()
    await page.waitForURL(baseUrl + '/')
  })
})

describe('pages without videos or widgets', () => {
  const paths = [
    '/about-us',
    '/try',
    ...articles.map((a) => `/${a.slug}`),
    ...legalDocuments.map((d) => `/${d.slug}`),
  ]

  it.each(paths)('%s downloads no JavaScript at all', async (path) => {
    const { page } = await openPage(browser())
    let scriptBytes = 0
    const scripts: string[] = []
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return
      scripts.push(res.url())
      scriptBytes += (await res.body()).length
    })
    await page.goto(baseUrl + path, { waitUntil: 'networkidle' })
    expect(scripts).toEqual([])
    expect(scriptBytes).toBe(0)
  })
})

describe('404 page', () => {
  it('answers 404 with "Oops! Page not found", and Return to Home goes home', async () => {
    const { page } = await openPage(browser())
    const res = await page.goto(baseUrl + '/definitely/not/here')
    expect(res?.status()).toBe(404)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Oops! Page not found')
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await page.waitForURL(baseUrl + '/')
  })
})

describe('keyboard and entry position', () => {
  it('reaches "Back to home" with Tab and shows a visible focus ring', async () => {
    const { page } = await openPage(browser())
    await page.goto(baseUrl + '/privacy-policy')
    let focused = ''
    for (let i = 0; i < 40 && focused !== 'Back to home'; i++) {
      await page.keyboard.press('Tab')
      focused = await page.evaluate(() => document.activeElement?.textContent?.replace('←', '').trim() ?? '')
    }
    expect(focused).toBe('Back to home')
    const outline = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!)
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) }
    })
    expect(outline.style).not.toBe('none')
    expect(outline.width).toBeGreaterThanOrEqual(2)
  })

  it('starts each page at the top, even when arriving from far down another page', async () => {
    const { page } = await openPage(browser())
    await page.goto(baseUrl + '/terms-and-conditions')
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
    await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click()
    await page.waitForURL(baseUrl + '/privacy-policy')
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
  })
})
