/**
 * Quality bar for every page, landing pages of every section type included, in Debian Chromium
 * on the production build: axe-core finds no WCAG violation, exactly one h1, no horizontal scroll from 320 px up, the W3C Nu HTML checker
 * finds no error, and the main content renders with JavaScript disabled. The `ar` right-to-left
 * fixture (a locale the site does not ship, tests/support/rtl-locale.tsx) passes axe at 1280 and 390 px.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminCopy } from '../../src/content/admin'
import { ErrorPage } from '../../src/pages/ErrorPage'
import { FORM_TOKEN_FIELD } from '../../src/schemas/contact-fields'
import { FORM_TOKEN_MIN_AGE_MS, servedAtOf } from '../../src/server/leads/services/form-token'
import { LANDING_TEMPLATES } from '../../src/content/landing-templates'
import { EVERY_SECTION_PAGE, EVERY_SECTION_SLUG } from '../support/landing-fixture'
import { PUBLIC_ROUTES } from '../support/routes'
import { arAboutUsPage } from '../support/rtl-locale'
import {
  DESKTOP,
  launchBrowser,
  MOBILE,
  newTestContext,
  signInWithPassword,
  uploadLibraryPicture,
  waitForHydration,
} from './browser'
import { stoppedHeroExperiment } from './experiment'
import { publishLandingPage } from './landing-pages'
import { baseUrl } from './server'

const NOT_FOUND = '/no-such-page'
/** Landing pages made in beforeAll: one of every section type but the Headline, and the blank one (the Headline). */
const EVERY_SECTION = `/${EVERY_SECTION_SLUG}`
const BLANK_LANDING = '/blank-landing'
/** An invitation link that is unknown, expired or used: its page answers 410. */
const INVITE_GONE = '/admin/invite/no-such-invitation'
/** Every page a visitor can reach: the public routes, the 404 page and the console's sign-in pages. */
/** Two German pages (docs/locales.md), which this browser's English Accept-Language shows with the banner offering English. */
const GERMAN = ['/de/', '/de/about-us']
const ROUTES = [
  ...PUBLIC_ROUTES,
  ...GERMAN,
  EVERY_SECTION,
  BLANK_LANDING,
  NOT_FOUND,
  '/admin/sign-in',
  INVITE_GONE,
]
/** The admin console, audited signed in; the lead pages stand for two leads posted in beforeAll. */
const SPAM_LEAD_PAGE = '/admin/leads/<spam>'
const LEAD_PAGE = '/admin/leads/<lead>'
const EXPERIMENT_PAGE = '/admin/experiments/<stopped>'
const ADMIN_ROUTES = [
  '/admin',
  '/admin/settings',
  '/admin/leads',
  SPAM_LEAD_PAGE,
  LEAD_PAGE,
  '/admin/traffic',
  '/admin/speed',
  '/admin/team',
  '/admin/activity',
  '/admin/account',
  '/admin/content',
  '/admin/content/home-hero',
  '/admin/content/home-hero/history',
  // The German edition beside its English (the translation editor, docs/locales.md).
  '/admin/content/home-hero@de',
  '/admin/posts',
  '/admin/posts/new',
  '/admin/posts/blog-1',
  '/admin/pages',
  '/admin/pages/new',
  `/admin/pages/${EVERY_SECTION_SLUG}`,
  `/admin/pages/${EVERY_SECTION_SLUG}/unpublish`,
  '/admin/media',
  '/admin/redirects',
  '/admin/experiments',
  EXPERIMENT_PAGE,
  '/update',
]
const leadPaths = new Map<string, string>()
/** Each viewport with a motion preference: desktop as most visitors, mobile with reduced motion. */
const VIEWPORTS = [
  ['desktop', { viewport: DESKTOP, reducedMotion: 'no-preference' }],
  ['mobile', { viewport: MOBILE, reducedMotion: 'reduce' }],
] as const satisfies readonly (readonly [string, BrowserContextOptions])[]
const NARROWEST = { width: 320, height: 640 }

const AXE_SOURCE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8')
const VNU_JAR = 'node_modules/vnu-jar/build/dist/vnu.jar'

let browser: Browser
/** The admin's session, signed in once through the password form: every console page opens with it. */
let adminState: BrowserContextOptions['storageState']

beforeAll(async () => {
  browser = await launchBrowser()
  const signIn = await browser.newContext({ viewport: DESKTOP })
  const admin = await signIn.newPage()
  await signInWithPassword(admin)
  adminState = await signIn.storageState()
  await publishLandingPage(admin, EVERY_SECTION_PAGE)
  await publishLandingPage(admin, {
    ...LANDING_TEMPLATES.blank,
    // The template's own title and description are starter text, which the publish gate refuses.
    title: 'A blank landing page',
    description: 'A landing page made from the blank template: its headline and the contact form.',
    slug: BLANK_LANDING.slice(1),
  })
  // A library that holds a picture, as it does in use: its thumbnail must not move the page as it loads.
  await uploadLibraryPicture(admin, baseUrl, {
    name: 'quality.png',
    alt: 'A blue square',
    width: 640,
    height: 480,
  })
  leadPaths.set(EXPERIMENT_PAGE, await stoppedHeroExperiment(browser, admin))
  await signIn.close()
  const lead = {
    name: 'Quality Check',
    email: 'quality@example.com',
    phone: '+44 20 7946 0958',
    inquiry: 'Axe.',
  }
  const post = async (body: Record<string, unknown>) => {
    const posted = await fetch(baseUrl + '/api/contact', {
      method: 'POST',
      // An address of its own: the contact rate limit counts per client (contact.test.ts).
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.41' },
      body: JSON.stringify(body),
    })
    expect(posted.status).toBe(202)
    return `/admin/leads/${((await posted.json()) as { id: string }).id}`
  }
  // Without the form's token: spam, whose page lists its reasons and offers Not spam.
  leadPaths.set(SPAM_LEAD_PAGE, await post(lead))
  // With the token of a form served on the home page, once a person could have filled it: a lead.
  const home = await (await fetch(baseUrl + '/')).text()
  const token = new RegExp(`name="${FORM_TOKEN_FIELD}" value="([^"]+)"`).exec(home)?.[1] ?? ''
  const postable = servedAtOf(token) + FORM_TOKEN_MIN_AGE_MS
  expect(postable).toBeGreaterThan(0)
  while (Date.now() < postable) await new Promise((resolve) => setTimeout(resolve, 100))
  leadPaths.set(LEAD_PAGE, await post({ ...lead, [FORM_TOKEN_FIELD]: token }))
})
afterAll(async () => {
  await browser?.close()
})

/**
 * Pages kept open between checks that open them with the same options: a check then costs Chromium
 * a navigation (0.07–0.12 CPU-seconds for a light page) instead of a new context, tab and renderer
 * (0.21–0.25), and this file makes 150 of them beside the other browser tests on 2 cores. The
 * checks run side by side (Vitest's maxConcurrency, 5), so each takes a page no other check holds;
 * a check that fails leaves its page's context closed rather than handed on, so the next check
 * never starts from what went wrong. A new document starts with no state but the context's own
 * (cookies, storage), which no check here changes.
 */
const idlePages = new Map<string, { page: Page; beforeVisit: () => void }[]>()

/**
 * Runs `check` on a page opened with `options`, an idle one if there is one. `prepare` runs once,
 * when a page is made, and returns what the page needs before each check's navigation.
 */
async function withPage(
  options: BrowserContextOptions,
  check: (page: Page) => Promise<void>,
  prepare?: (page: Page) => Promise<() => void>,
): Promise<void> {
  const key = JSON.stringify(options)
  const pool = idlePages.get(key) ?? []
  idlePages.set(key, pool)
  let held = pool.pop()
  if (!held) {
    const page = await (await newTestContext(browser, options)).newPage()
    held = { page, beforeVisit: (await prepare?.(page)) ?? (() => {}) }
  }
  held.beforeVisit()
  try {
    await check(held.page)
  } catch (error) {
    await held.page.context().close()
    throw error
  }
  pool.push(held)
}

/** Closes the pages a group of checks kept open: a page left on a page in motion would go on drawing it. */
async function closeIdlePages(): Promise<void> {
  const pages = [...idlePages.values()].flat()
  idlePages.clear()
  await Promise.all(pages.map(({ page }) => page.context().close()))
}

/** Loads a page as a visitor sees it: network settled and, where there are widgets, hydrated. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(baseUrl + path, { waitUntil: 'networkidle' })
  if (await page.locator('[data-island]').count()) await waitForHydration(page)
}

interface AxeViolation {
  id: string
  impact: string
  help: string
  nodes: { target: string[] }[]
}

/** axe-core (already added to the page) over the whole document: it ran over real content, and found nothing. */
async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<unknown> } }).axe
    const results = (await axe.run(document, { resultTypes: ['violations'] })) as {
      violations: AxeViolation[]
      passes: unknown[]
    }
    return {
      rulesPassed: results.passes.length,
      found: results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
      })),
    }
  })
  // Proof that axe ran over real content, then the verdict.
  expect(violations.rulesPassed).toBeGreaterThan(10)
  expect(violations.found).toEqual([])
}

interface LayoutShift {
  value: number
  hadRecentInput: boolean
  sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
}

/** Runs in the page before its scripts: the layout shifts not caused by user input, with what moved. */
function recordLayoutShifts() {
  const target = window as unknown as { layoutShifts: { value: number; moved: string[] }[] }
  target.layoutShifts = []
  const box = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}x${r.height}`
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as LayoutShift[]) {
      if (entry.hadRecentInput) continue
      const moved = entry.sources.map(
        (source) =>
          `${(source.node as Element | undefined)?.outerHTML?.slice(0, 120) ?? source.node?.nodeName}: ` +
          `${box(source.previousRect)} -> ${box(source.currentRect)}`,
      )
      target.layoutShifts.push({ value: entry.value, moved })
    }
  }).observe({ type: 'layout-shift', buffered: true })
}

/**
 * Holds every image response until the page has first painted, as on a slow network: a picture
 * whose box is not reserved (width and height, or a fixed size) then moves the page every time,
 * not only when the machine is busy enough for the picture to arrive late. Returns what re-arms the
 * hold before the page's next navigation. A routed page has no HTTP cache (Playwright turns it off),
 * so every document fetches its pictures again and each one is held.
 */
async function holdImagesUntilFirstPaint(page: Page): Promise<() => void> {
  let firstPaint!: Promise<void>
  let painted!: () => void
  const arm = () => {
    firstPaint = new Promise<void>((resolve) => (painted = resolve))
  }
  arm()
  await page.exposeFunction('firstPaintSeen', () => painted())
  await page.addInitScript(() => {
    const report = (window as unknown as { firstPaintSeen: () => void }).firstPaintSeen
    new PerformanceObserver((list) => {
      if (list.getEntries().length) void report()
    }).observe({ type: 'paint', buffered: true })
  })
  await page.route(
    (url) => /\.(avif|webp|png|jpe?g|svg|gif)$/.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() === 'image') await firstPaint
      await route.continue()
    },
  )
  return arm
}

// The checks run side by side (Vitest's maxConcurrency, 5), each on a page no other holds: one after
// another, this file took 449 s of the browser step's 713.
describe.each(VIEWPORTS)('on %s', (_name, screen) => {
  afterAll(closeIdlePages)
  it.concurrent.each([...ROUTES, ...ADMIN_ROUTES])(
    '%s: axe finds no violations, one h1, no layout shift or horizontal scroll',
    async (path) => {
      // The CSP would block the injected axe script; it is bypassed for this audit context only.
      const signedIn = ADMIN_ROUTES.includes(path) ? { storageState: adminState } : {}
      // A German page seen by an English browser: with the banner that offers it in English.
      const english = GERMAN.includes(path) ? { locale: 'en-US' } : {}
      await withPage(
        { ...screen, bypassCSP: true, ...signedIn, ...english },
        async (page) => {
          await visit(page, leadPaths.get(path) ?? path)
          expect(await page.locator('h1').count()).toBe(1)
          expect(await page.locator('.locale-offer').count()).toBe(GERMAN.includes(path) ? 1 : 0)
          // Media reserve their box and fonts are local, so nothing moves while the page loads.
          const shifts = await page.evaluate(
            () => (window as unknown as { layoutShifts: unknown[] }).layoutShifts,
          )
          expect(shifts).toEqual([])
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
          expect(overflow).toBeLessThanOrEqual(0)
          // The site's name stays on one line beside the language switcher (it wrapped at 390 px).
          const brand = page.locator('.site-header .brand')
          if (await brand.count())
            expect(
              await brand.evaluate((link) => link.scrollHeight <= link.querySelector('img')!.height + 1),
            ).toBe(true)

          await page.addScriptTag({ content: AXE_SOURCE })
          await expectNoAxeViolations(page)
          // A public page at the narrowest phone, on this page narrowed rather than loaded again.
          if (screen.viewport === MOBILE && ROUTES.includes(path)) await expectNoScrollAt(page, NARROWEST)
        },
        async (page) => {
          await page.addInitScript(recordLayoutShifts)
          return holdImagesUntilFirstPaint(page)
        },
      )
    },
  )
})

/**
 * Narrows (or widens) a loaded page to `size`, expects no horizontal scroll there, and gives it its
 * size back for the page's next check: CSS lays the page out again for the new width, which costs
 * a fraction of loading it anew.
 */
async function expectNoScrollAt(page: Page, size: { width: number; height: number }): Promise<void> {
  const before = page.viewportSize()!
  await page.setViewportSize(size)
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }))
  expect(widths.viewport).toBe(size.width)
  expect(widths.document).toBeLessThanOrEqual(widths.viewport)
  await page.setViewportSize(before)
}

describe('the `ar` right-to-left fixture (issue 61)', () => {
  it('is drawn right to left with the site’s stylesheet, and axe finds nothing at 1280 and at 390 px', async () => {
    // The page as the worker would draw it in an `ar` locale with this build's assets, answered at an
    // address of the served site, so its stylesheet, fonts and pictures come from the production build.
    const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8'))
    const html = arAboutUsPage(manifest, baseUrl)
    const context = await newTestContext(browser, { viewport: DESKTOP, bypassCSP: true })
    try {
      const page = await context.newPage()
      await page.route(baseUrl + '/ar/about-us', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
      )
      await page.goto(baseUrl + '/ar/about-us', { waitUntil: 'networkidle' })
      const drawn = await page.evaluate(() => {
        // The stylesheet's rules, those inside its layers and media queries included.
        const count = (rules: CSSRuleList): number =>
          [...rules].reduce(
            (n, rule) => n + 1 + ('cssRules' in rule ? count(rule.cssRules as CSSRuleList) : 0),
            0,
          )
        return {
          dir: document.documentElement.dir,
          lang: document.documentElement.lang,
          direction: getComputedStyle(document.querySelector('main')!).direction,
          rules: [...document.styleSheets].reduce((n, sheet) => n + count(sheet.cssRules), 0),
          h1: document.querySelector('h1')?.textContent,
        }
      })
      expect(drawn).toMatchObject({ dir: 'rtl', lang: 'ar', direction: 'rtl', h1: 'من نحن' })
      expect(drawn.rules, 'the build’s stylesheet applied').toBeGreaterThan(100)
      await page.addScriptTag({ content: AXE_SOURCE })
      await expectNoAxeViolations(page)
      await page.setViewportSize(MOBILE)
      await page.waitForFunction((width) => window.innerWidth === width, MOBILE.width)
      await expectNoAxeViolations(page)
    } finally {
      await context.close()
    }
  })
})

describe('W3C Nu HTML checker', () => {
  interface VnuMessage {
    type: string
    subType?: string
    url: string
    message: string
    extract?: string
    lastLine?: number
  }
  const files = new Map<string, string>()
  let messages: VnuMessage[] = []
  let dir = ''

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'xr-vnu-'))
    // The HTML exactly as the worker serves it, checked in one Java run.
    for (const path of ROUTES) {
      const html = await (await fetch(baseUrl + path)).text()
      const file = join(dir, (path === '/' ? 'home' : path.slice(1).replace(/\W+/g, '-')) + '.html')
      writeFileSync(file, html)
      files.set(path, file)
    }
    // The error page cannot be reached on the production build, so it is rendered here.
    const errorFile = join(dir, 'error-page.html')
    const error = createElement(ErrorPage, {
      status: 500,
      message: 'Boom',
      stack: 'Error: Boom\n    at test',
    })
    writeFileSync(errorFile, '<!DOCTYPE html>' + renderToStaticMarkup(error))
    files.set('error page', errorFile)
    // A page with a known error, to prove the checker runs and its reports reach the right file.
    const canaryFile = join(dir, 'canary.html')
    writeFileSync(
      canaryFile,
      '<!DOCTYPE html><html lang="en"><head><title>c</title></head><body><li>x</body></html>',
    )
    files.set('canary', canaryFile)

    const run = spawnSync('java', ['-jar', VNU_JAR, '--format', 'json', '--stdout', ...files.values()], {
      encoding: 'utf8',
      maxBuffer: 32 * 1024 * 1024,
    })
    if (run.error) throw run.error
    messages = (JSON.parse(run.stdout) as { messages: VnuMessage[] }).messages
  }, 120_000)

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  const errorsIn = (name: string) =>
    messages
      .filter((m) => m.type === 'error' && decodeURIComponent(new URL(m.url).pathname) === files.get(name))
      .map((m) => `line ${m.lastLine}: ${m.message} ${m.extract ?? ''}`.trim())

  it('checked every page', () => {
    expect(files.size).toBe(ROUTES.length + 2)
    // A non-document error means a file was not checked at all.
    expect(messages.filter((m) => m.type === 'non-document-error')).toEqual([])
    expect(errorsIn('canary').length).toBeGreaterThan(0)
  })

  it.each([...ROUTES, 'error page'])('%s has no errors', (path) => {
    expect(errorsIn(path)).toEqual([])
  })
})

/** Text that proves the main content rendered, per route (spec wording where it has one). */
const MAIN_CONTENT: Record<string, { h1: string | RegExp; text: string[] }> = {
  '/': { h1: /\S/, text: [] },
  '/about-us': {
    h1: 'About Us',
    text: ['Mission Statement', 'Vision Statement', 'Our Story', 'Founder and CEO'],
  },
  '/try-on': { h1: 'AR Try On', text: ['Necklace', 'T-shirt', 'Earring', 'Shoes', 'Lipstick'] },
  '/de/': { h1: 'So nah am echten Einkaufserlebnis, wie es online geht', text: ['Warum wir?'] },
  '/de/about-us': { h1: 'Über uns', text: ['Unsere Mission', 'Zur Startseite'] },
  '/gaming': { h1: 'Gamified Experience', text: ['Quiz Game', 'Memory Match Challenge'] },
  '/try': { h1: /\S/, text: ['Schedule a call'] },
  '/blog': { h1: 'Blog', text: ['XR Store: Information and Benefits', 'Back to home'] },
  '/blog-1': { h1: 'XR Store: Information and Benefits', text: ['Back to home'] },
  '/blog-2': { h1: 'Leveraging Immersive Storytelling', text: ['Back to home'] },
  '/blog-3': { h1: 'Future of Shopping: GenZ and GenAlpha Buyer preferences', text: ['Back to home'] },
  '/privacy-policy': { h1: 'Privacy Policy', text: ['April 04, 2025'] },
  '/terms-and-conditions': { h1: 'Terms and Conditions', text: ['April 04, 2025'] },
  '/cancellation-and-refunds': { h1: 'Cancellation and Refunds', text: ['April 04, 2025'] },
  '/refund-policy': { h1: 'Refund Policy', text: ['April 04, 2025'] },
  '/shipping-policy': { h1: 'Shipping Policy', text: ['April 04, 2025'] },
  [EVERY_SECTION]: { h1: /\S/, text: ['What brands measured', 'Questions brands ask us', 'Schedule call'] },
  [BLANK_LANDING]: { h1: 'A new page', text: ['Schedule call'] },
  [NOT_FOUND]: { h1: 'Oops! Page not found', text: ['Return to Home'] },
  '/admin/sign-in': {
    h1: 'Sign in',
    text: ['User name', 'Password', 'Signing in with a passkey needs JavaScript.'],
  },
  [INVITE_GONE]: {
    h1: adminCopy.invite.gone.heading,
    text: [adminCopy.invite.gone.text],
  },
}

/** The main content with JavaScript off, read at the page's present width. */
async function expectMainContent(page: Page, path: string): Promise<void> {
  const main = page.locator('main')
  const h1 = main.getByRole('heading', { level: 1 })
  await h1.waitFor({ state: 'visible' })
  expect(await h1.textContent()).toMatch(MAIN_CONTENT[path]!.h1)
  const mainText = await main.innerText()
  for (const text of MAIN_CONTENT[path]!.text) expect(mainText).toContain(text)
  // Videos show their poster instead of playing.
  for (const video of await main.locator('video').all()) {
    await video.waitFor({ state: 'visible' })
    expect(await video.getAttribute('poster')).toMatch(/^\/media\//)
  }
}

describe('with JavaScript disabled', () => {
  afterAll(closeIdlePages)
  // Loaded on a phone (reduced motion, as VIEWPORTS has it), then read again widened to the desktop:
  // one load for both widths.
  it.concurrent.each(ROUTES)('%s renders its main content on mobile and desktop', async (path) => {
    await withPage({ viewport: MOBILE, javaScriptEnabled: false }, async (page) => {
      await page.goto(baseUrl + path)
      await expectMainContent(page, path)
      // The desktop as most visitors have it: motion allowed (VIEWPORTS).
      await page.setViewportSize(DESKTOP)
      await page.emulateMedia({ reducedMotion: 'no-preference' })
      try {
        expect(await page.evaluate(() => window.innerWidth)).toBe(DESKTOP.width)
        await expectMainContent(page, path)
      } finally {
        await page.setViewportSize(MOBILE)
        await page.emulateMedia({ reducedMotion: 'reduce' })
      }
    })
  })
})
