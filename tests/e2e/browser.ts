import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, onTestFinished } from 'vitest'
import { external } from '../../src/content/external'
import { FORM_TOKEN_FIELD } from '../../src/schemas/contact-fields'
import { FORM_TOKEN_MIN_AGE_MS, servedAtOf } from '../../src/server/leads/services/form-token'
import { testBrowserPath } from '../support/browser-path'
import { E2E_ADMIN } from './global-setup'
import { baseUrl } from './server'
import { hydrateEveryIsland } from '../../scripts/lib/hydration.mjs'

const CHROMIUM_FLAGS = [
  // Every scroll lands at once instead of animating frame by frame in software: with motion allowed,
  // the site's `scroll-behavior: smooth` and Playwright's own scrolls to what it clicks cost half the
  // browser's CPU in a scroll-and-audit probe (33 → 17 CPU-s). No test is about the animation.
  '--disable-smooth-scrolling',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]

export const DESKTOP = { width: 1280, height: 800 }

/** Headless Chromium says so in its user agent, and bots are never counted: this is a person's. */
export const PERSON_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36'

/** For expect.poll: how long a state may take to settle on a busy shared machine (not a speed check). */
export const POLL = { timeout: 15_000 }
export const MOBILE = { width: 390, height: 844 }

export function launchBrowser(): Promise<Browser> {
  const executablePath = testBrowserPath()
  // The headless shell is headless only; a whole browser runs in its new headless mode.
  const headless = executablePath.endsWith('headless-shell') ? [] : ['--headless=new']
  return chromium.launch({ executablePath, args: [...headless, ...CHROMIUM_FLAGS] })
}

/** One Chromium for a test file: launched before its tests and closed after them. */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('the browser starts in beforeAll')
    return browser
  }
}

export interface ObservedPage {
  page: Page
  /** Console warnings/errors and page errors seen so far. */
  problems: string[]
}

/**
 * What every test's browser context starts from: the desktop viewport, and reduced motion. A page
 * left in motion costs a third of a core for as long as it is open (the brand strip's endless
 * animation and the videos, composited in software on a machine with no GPU), which made the
 * browser tests CPU-bound on 2 cores. The tests about motion itself ask for 'no-preference'.
 */
export const CONTEXT_DEFAULTS = { viewport: DESKTOP, reducedMotion: 'reduce' } satisfies BrowserContextOptions

/** A browser context with CONTEXT_DEFAULTS under `options`. */
export function newTestContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({ ...CONTEXT_DEFAULTS, ...options })
}

/**
 * A fresh context and page that records console warnings, errors and uncaught exceptions. Call it
 * inside a test: the context (with the page and any tab it opened) closes when the test finishes,
 * passed or failed, so a failing test cannot leave a page behind.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<ObservedPage> {
  const context = await newTestContext(browser, options)
  onTestFinished(() => context.close())
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return { page, problems }
}

/**
 * A page signed in to the admin console (everything openPage gives, plus the admin's session).
 * Every browser test that needs the admin goes through here, so how one signs in lives in one
 * place: the password form, as a person fills it in.
 */
export async function openAdminPage(
  browser: Browser,
  options: BrowserContextOptions = {},
  origin: string = baseUrl,
): Promise<ObservedPage> {
  const observed = await openPage(browser, options)
  await signInWithPassword(observed.page, origin)
  return observed
}

/** Signs in on the console's sign-in page with the admin's password; resolves on the overview. */
export async function signInWithPassword(page: Page, origin: string = baseUrl): Promise<void> {
  await page.goto(new URL('/admin/sign-in', origin).href)
  await page.getByLabel('User name').fill(E2E_ADMIN.username)
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password)
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/admin'),
    page.getByRole('button', { name: 'Sign in', exact: true }).click(),
  ])
}

/**
 * Waits until the islands entry has hydrated every island (it sets html[data-hydrated]), bringing
 * those below the first screen into view first, since they hydrate only when near it.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await hydrateEveryIsland(page)
}

/** Every "View in 3D" link on the page (header dropdown, mobile menu, feature grid), open or not. */
export async function viewIn3dHrefs(page: Page): Promise<(string | null)[]> {
  const links = page.getByRole('link', { name: 'View in 3D', includeHidden: true })
  return Promise.all((await links.all()).map((link) => link.getAttribute('href')))
}

/**
 * Waits until the contact form in `scope` is as old as a person's post must be: the server keeps
 * a post made sooner after the form was served as spam (leads/services/form-token.ts). The condition is
 * the form's own signed serve time, read from its hidden field, against this machine's clock.
 */
export async function untilFormIsOldEnough(scope: Locator): Promise<void> {
  const token = await scope.locator(`input[name="${FORM_TOKEN_FIELD}"]`).getAttribute('value')
  const servedAt = servedAtOf(token ?? '')
  if (!Number.isFinite(servedAt)) throw new Error(`the form carries no form token: ${token}`)
  await expect
    .poll(() => Date.now() >= servedAt + FORM_TOKEN_MIN_AGE_MS, { timeout: 15_000, interval: 100 })
    .toBe(true)
}

/**
 * For a file whose tests change the viewer address: puts the site's default back after them. The
 * files a vitest worker runs share its server one after another, and the header and home tests
 * expect "View in 3D" at the default, whichever file ran before them.
 */
export function restoreViewerUrlAfterAll(): void {
  afterAll(async () => {
    const restored = await fetch(baseUrl + '/api/settings', {
      method: 'PUT',
      headers: {
        Authorization: `Basic ${btoa(`${E2E_ADMIN.username}:${E2E_ADMIN.password}`)}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ view3dUrl: external.defaultViewerUrl }),
    })
    expect(restored.status).toBe(200)
  })
}

/** A platform authenticator with user verification, as a phone's screen lock is. */
export async function addAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials as { signCount: number }[],
  }
}

/**
 * Uploads a plain picture of `width` × `height` to the media library on its page, as a person
 * does (the file chooser, the alt text, Upload); resolves once the library says so.
 */
export async function uploadLibraryPicture(
  page: Page,
  origin: string,
  picture: { name: string; alt: string; width: number; height: number },
): Promise<void> {
  await page.goto(`${origin}/admin/media`)
  const png = await sharp({
    create: {
      width: picture.width,
      height: picture.height,
      channels: 3,
      background: { r: 40, g: 90, b: 160 },
    },
  })
    .png()
    .toBuffer()
  await page
    .getByLabel('Picture', { exact: true })
    .setInputFiles({ name: picture.name, mimeType: 'image/png', buffer: png })
  await page.getByLabel('Alt text', { exact: true }).fill(picture.alt)
  await Promise.all([
    page.waitForURL(/notice=uploaded/),
    page.getByRole('button', { name: 'Upload' }).click(),
  ])
}

/** A slow visitor's test: its page runs on a 4× slower CPU, which a busy machine slows again. */
export const SLOW_TEST = { timeout: 120_000 }

/** How late a slow connection brings the page's scripts (issue 57: hall Wi-Fi, Fast 3G). */
export const SLOW_SCRIPT_MS = 4_000

/**
 * A visitor on a slow connection and a slow phone: the site's scripts (`/assets/*.js`) arrive
 * SLOW_SCRIPT_MS after the visit starts, and no sooner than the test calls `release` (so what the
 * test does first surely happens before any island hydrates); the CPU runs 4× slower. Call before
 * `goto`, which must not wait for the load event (`waitUntil: 'commit'`).
 */
export async function slowVisitor(page: Page): Promise<{ release: () => void; held: () => number }> {
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const arrival = new Promise((resolve) => setTimeout(resolve, SLOW_SCRIPT_MS))
  let held = 0
  await page.route('**/assets/*.js', async (route) => {
    held += 1
    await Promise.all([released, arrival])
    await route.continue()
  })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  return { release, held: () => held }
}

/**
 * Waits until the island `name` is live: hydrated, with its handlers attached (client/hydrate.tsx).
 * Unlike waitForHydration it scrolls nothing, so it suits a slow visitor's page, whose other islands
 * need not be woken; its default allows for the slowVisitor's throttled CPU on a busy machine.
 */
export async function waitForIsland(page: Page, name: string, timeout = 45_000): Promise<void> {
  await page.locator(`[data-island="${name}"][data-live]`).first().waitFor({ state: 'attached', timeout })
}

/** A signed-in admin's page for a file's beforeAll (openAdminPage belongs inside a test); close it after. */
export async function adminPageForSetup(
  browser: Browser,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await newTestContext(browser)
  const page = await context.newPage()
  await signInWithPassword(page)
  return { page, close: () => context.close() }
}
