/**
 * The README's pictures of console pages: signing in with the offline admin's password, and a
 * full-page shot saved as a palette PNG.
 */
import sharp from 'sharp'
import { OFFLINE_VARS } from './serve.mjs'

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
