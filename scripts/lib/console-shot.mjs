/**
 * The README's pictures of console pages: signing in with the offline admin's password, and a
 * full-page shot saved as a palette PNG.
 */
import { rmSync } from 'node:fs'
import { chromium } from 'playwright-core'
import sharp from 'sharp'
import { browserPath } from '../../tests/support/browser-path.ts'
import { wranglerTree } from './proc-tree.mjs'
import { OFFLINE_VARS, serveSnapshot } from './serve.mjs'
import { snapshotBuild } from './snapshot.mjs'

/**
 * A console shot's stage: the production build (rebuilt unless `build` is false) served with a
 * local state of its own, that state's folder (to seed its D1 with sample rows) and a Chromium.
 * `shoot` runs on it; the server, the browser, the state and the build's copy are gone afterwards,
 * whatever happens.
 * @param {{ build: boolean }} options
 * @param {(stage: { server: { url: string }, persistDir: string, browser: import('playwright-core').Browser }) => Promise<void>} shoot
 */
export async function withShotStage({ build }, shoot) {
  const snapshot = snapshotBuild({ build })
  const server = await serveSnapshot(snapshot, { keepState: true })
  const persistDir = wranglerTree(new URL(server.url).port)?.persistDir
  const browser = await chromium.launch({
    executablePath: browserPath(),
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--hide-scrollbars'],
  })
  try {
    if (!persistDir) throw new Error('could not find the worker’s local state')
    await shoot({ server, persistDir, browser })
  } finally {
    await browser.close()
    await server.stop()
    if (persistDir) rmSync(persistDir, { recursive: true, force: true })
    snapshot.remove()
  }
}

/**
 * Signs `page` in to the console at `base` as the offline admin; resolves on the overview.
 * @param {import('playwright-core').Page} page
 * @param {string} base
 */
export async function signInAsAdmin(page, base) {
  await page.goto(base + '/admin/sign-in')
  await page.getByLabel('User name').fill(OFFLINE_VARS.ADMIN_USERNAME)
  await page.getByLabel('Password', { exact: true }).fill(OFFLINE_VARS.ADMIN_PASSWORD)
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/admin'),
    page.getByRole('button', { name: 'Sign in', exact: true }).click(),
  ])
}

/**
 * The whole page as a palette PNG: a screenshot of flat colours loses nothing and is a fraction of the size.
 * @param {import('playwright-core').Page} page
 * @param {string} file
 */
export async function savePageShot(page, file) {
  await sharp(await page.screenshot({ fullPage: true }))
    .png({ palette: true, quality: 90, effort: 10 })
    .toFile(file)
  console.log(`• ${file}`)
}
