/**
 * A translation agency's file in a browser (docs/locales.md, "Working with a translation agency"):
 * with JavaScript off on a phone, the German is downloaded from the content list, a target is edited
 * as the agency would, the file is checked (its change shown, nothing written) and applied; and the
 * check page, as every console page, is axe-clean at 1280 and 390 px with no sideways scroll.
 */
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { DESKTOP, MOBILE, openAdminPage, sharedBrowser } from './browser'
import { baseUrl } from './server'

const browser = sharedBrowser()
const AXE_SOURCE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8')
const LIST = `${baseUrl}/admin/content?needs=de`

/** The German as the agency's file, downloaded from the list's link, with the hero's title changed. */
async function agencyFile(page: Page, title: string): Promise<string> {
  await page.goto(LIST)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download for a translation agency (XLIFF)' }).click(),
  ])
  const text = readFileSync((await download.path())!, 'utf8')
  const target = /(<unit id="home\.hero\.title">[\s\S]*?<target xml:lang="de">)[^<]*(<\/target>)/
  expect(text).toMatch(target)
  return text.replace(target, `$1${title}$2`)
}

/** Uploads the file through the list's form and waits for the check page. */
async function check(page: Page, text: string) {
  await page.goto(LIST)
  await page.getByLabel('The file the agency sent back').setInputFiles({
    name: 'site-copy-de.xlf',
    mimeType: 'application/xliff+xml',
    buffer: Buffer.from(text),
  })
  await page.getByRole('button', { name: 'Check the file' }).click()
  await page.getByRole('heading', { level: 1, name: 'German: what the agency’s file would change' }).waitFor()
}

describe('a translation agency’s file', () => {
  it('is downloaded, checked and applied without JavaScript on a phone', async () => {
    const { page } = await openAdminPage(browser(), { viewport: MOBILE, javaScriptEnabled: false })
    const text = await agencyFile(page, 'Ein Titel vom Übersetzungsbüro &amp; Co.')
    await check(page, text)
    await expect.poll(() => page.locator('main').innerText()).toContain('1 to change')
    await page.getByRole('button', { name: 'Apply 1 change' }).click()
    await page.getByText('The agency’s file was applied').waitFor()
    await page.goto(`${baseUrl}/admin/content/home-hero@de`)
    // The German draft now holds the agency's words, the reference read as the character it names.
    expect(await page.locator('[name="t.home.hero.title"]').inputValue()).toBe(
      'Ein Titel vom Übersetzungsbüro & Co.',
    )
  })

  it.each([
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ])('its check page is axe-clean on a %s, with no sideways scroll', async (_name, viewport) => {
    const { page } = await openAdminPage(browser(), { viewport, bypassCSP: true })
    await check(page, await agencyFile(page, `Ein Titel für ${viewport.width} px`))
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.addScriptTag({ content: AXE_SOURCE })
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run: (d: Document) => Promise<{ violations: { id: string }[] }> } }
      ).axe
      return (await axe.run(document)).violations.map((v) => v.id)
    })
    expect(violations).toEqual([])
  })
})
