/**
 * The /update admin page in Chromium on the production build: sign-in, saving through the
 * island (a form post to /update asking for JSON, so the history says "via update") with its
 * toasts, the plain form post without JavaScript, and the new address reaching the header's
 * "View in 3D" link on the next page load.
 */
import { describe, expect, it } from 'vitest'
import {
  sharedBrowser,
  openAdminPage,
  openPage,
  restoreViewerUrlAfterAll,
  slowVisitor,
  SLOW_TEST,
  waitForIsland,
  viewIn3dHrefs,
  waitForHydration,
} from './browser'
import { E2E_ADMIN } from './global-setup'
import { baseUrl } from './server'

const browser = sharedBrowser()
restoreViewerUrlAfterAll()

describe('/update', () => {
  it('sends a browser without a session to the sign-in page, and back to /update once signed in', async () => {
    const { page } = await openPage(browser())
    await page.goto(baseUrl + '/update')
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/admin/sign-in?next=%2Fupdate')
    await page.getByLabel('User name').fill(E2E_ADMIN.username)
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password)
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/update'),
      page.getByRole('button', { name: 'Sign in', exact: true }).click(),
    ])
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Update 3D Viewer URL')
  })

  it('saves a new address with the island, shows the toast, and the next page links to it', async () => {
    const { page, problems } = await openAdminPage(browser())
    const response = await page.goto(baseUrl + '/update')
    expect(response?.status()).toBe(200)
    await waitForHydration(page)
    expect(await page.title()).toBe('Update 3D Viewer URL')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Update 3D Viewer URL')

    const newUrl = `https://viewer.example.org/3d/?model=models/e2e-${Date.now()}.glb`
    const field = page.getByRole('textbox', { name: '3D viewer URL' })
    await field.fill(newUrl)

    // Hold the save until the button has been seen in its saving state.
    let releaseSave: () => void = () => {}
    const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve))
    await page.route('**/update', async (route) => {
      if (route.request().method() === 'POST') await saveHeld
      await route.continue()
    })
    await page.getByRole('button', { name: 'Update URL' }).click()
    const saving = page.getByRole('button', { name: 'Updating...' })
    await saving.waitFor()
    expect(await saving.isDisabled()).toBe(true)
    releaseSave()

    const toast = page.locator('[data-sonner-toast]')
    await toast.filter({ hasText: 'URL Updated' }).waitFor()
    expect(await toast.textContent()).toContain(
      'The 3D viewer URL has been updated successfully in Firebase.',
    )
    expect(await page.getByRole('button', { name: 'Update URL' }).isEnabled()).toBe(true)

    await page.goto(baseUrl + '/')
    const hrefs = await viewIn3dHrefs(page)
    expect(hrefs.length).toBeGreaterThan(0)
    expect(hrefs).toEqual(hrefs.map(() => newUrl))

    await page.goto(baseUrl + '/update')
    expect(await field.inputValue()).toBe(newUrl)
    // The console's history names the door the change came through.
    await page.goto(baseUrl + '/admin/settings')
    const change = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: newUrl, exact: true }) })
    expect(await change.getByRole('cell').nth(1).textContent()).toBe(`${E2E_ADMIN.username} via update`)
    expect(problems).toEqual([])
  })

  it(
    'keeps and saves an address typed before the form’s script arrives (slow connection, slow phone)',
    SLOW_TEST,
    async () => {
      const { page, problems } = await openAdminPage(browser())
      const slow = await slowVisitor(page)
      await page.goto(baseUrl + '/update', { waitUntil: 'commit' })
      const newUrl = `https://viewer.example.org/slow/?model=models/e2e-${Date.now()}.glb`
      const field = page.getByRole('textbox', { name: '3D viewer URL' })
      await field.fill(newUrl)
      expect(slow.held()).toBeGreaterThan(0)
      expect(await page.locator('[data-island][data-hydrating]').count()).toBe(0)
      slow.release()
      await waitForIsland(page, 'UpdateForm')
      expect(await field.inputValue()).toBe(newUrl)
      await page.getByRole('button', { name: 'Update URL' }).click()
      await page.locator('[data-sonner-toast]').filter({ hasText: 'URL Updated' }).waitFor()

      await page.goto(baseUrl + '/')
      const hrefs = await viewIn3dHrefs(page)
      expect(hrefs.length).toBeGreaterThan(0)
      expect(hrefs).toEqual(hrefs.map(() => newUrl))
      expect(problems).toEqual([])
    },
  )

  it('shows "Update Failed" and the reason when the server refuses the address', async () => {
    const { page } = await openAdminPage(browser())
    await page.goto(baseUrl + '/update')
    await waitForHydration(page)
    const before = await page.getByRole('textbox', { name: '3D viewer URL' }).inputValue()
    // A valid URL for the browser's type="url" check, refused by the server.
    await page.getByRole('textbox', { name: '3D viewer URL' }).fill('javascript:alert(1)')
    await page.getByRole('button', { name: 'Update URL' }).click()
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Update Failed' })
    await toast.waitFor()
    expect(await toast.textContent()).toContain('There was an error updating the URL. Please try again.')
    await page.getByText('must start with https:// or http://').waitFor({ state: 'visible' })

    await page.goto(baseUrl + '/update')
    expect(await page.getByRole('textbox', { name: '3D viewer URL' }).inputValue()).toBe(before)
  })

  it('works without JavaScript: the form posts and the page reports the outcome', async () => {
    const { page } = await openAdminPage(browser(), { javaScriptEnabled: false })
    await page.goto(baseUrl + '/update')
    const newUrl = `https://viewer.example.org/no-js/?model=models/e2e-${Date.now()}.glb`
    await page.getByRole('textbox', { name: '3D viewer URL' }).fill(newUrl)
    await Promise.all([
      page.waitForURL('**/update?status=updated'),
      page.getByRole('button', { name: 'Update URL' }).click(),
    ])
    const notice = page.getByRole('status')
    expect(await notice.textContent()).toContain('URL Updated')
    expect(await page.getByRole('textbox', { name: '3D viewer URL' }).inputValue()).toBe(newUrl)

    await page.goto(baseUrl + '/')
    const hrefs = await viewIn3dHrefs(page)
    expect(hrefs.length).toBeGreaterThan(0)
    expect(hrefs).toEqual(hrefs.map(() => newUrl))
  })
})
