/**
 * A translator on the production build, in Chromium (issue 61, "Done when"): invited with German,
 * they sign in with a passkey, open the home hero's German edition from the site copy's list, take
 * Workers AI's suggestion for the headline (the stand-in worker, support/workers-ai-config.ts),
 * edit it and mark it done; an editor publishes German. A visitor whose browser asks for German is
 * offered it by the banner on `/`, follows it to `/de/`, reads the translator's headline, sends the
 * form with an empty field and reads the German message, then sends a lead, which its lead page and
 * the traffic report's Languages call German. One browser context per person, reused throughout.
 */
import { describe, expect, it } from 'vitest'
import { machineWords } from '../worker/support/workers-ai'
import {
  PERSON_AGENT,
  POLL,
  openPage,
  sharedBrowser,
  signInWithPassword,
  untilFormIsOldEnough,
  waitForIsland,
} from './browser'
import { docsImage, invite } from './people'
import { baseUrl } from './server'

const browser = sharedBrowser()
// WebAuthn (the invitees' passkeys) needs a secure origin: localhost is one, 127.0.0.1 is not.
const origin = baseUrl.replace('127.0.0.1', 'localhost')
const run = Date.now().toString(36)
const HEADLINE = `Online so nah am Laden wie möglich ${run}`
const VISITOR = { name: `Greta Besucherin ${run}`, email: `greta.${run}@example.com`, phone: '+49 30 901820' }

describe('a translator’s German, from the suggestion to a German lead', () => {
  it(
    'is suggested, edited, marked done and published; a German visitor is offered it and sends a German lead',
    { timeout: 180_000 },
    async () => {
      const admin = await openPage(browser())
      await signInWithPassword(admin.page, origin)
      const tess = await invite(browser(), admin.page, origin, {
        name: `Tess Translator ${run}`,
        role: 'translator',
        languages: ['German'],
      })
      const eddie = await invite(browser(), admin.page, origin, {
        name: `Eddie Editor ${run}`,
        role: 'editor',
      })

      // The translator: the site copy's list opens each part in German.
      const { page } = tess
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Site copy' }).click()
      await page.getByRole('link', { name: 'Home: hero', exact: true }).click()
      await page.waitForURL('**/admin/content/home-hero@de')
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('German: Home: hero')
      expect(await page.getByRole('button', { name: 'Publish German' }).count()).toBe(0)

      const row = page.getByRole('group', { name: 'Hero › Title' })
      const english = await row.locator('.translation-source p:not(.translation-side)').first().innerText()
      await row.getByRole('button', { name: 'Suggest a translation of Hero › Title' }).click()
      await page.getByText('Suggestion saved as a machine translation').waitFor()
      expect(await page.getByRole('status').innerText()).toContain(
        '1 of 1 fields now hold a machine suggestion',
      )
      // The row names the field; its box is named by its language, framed like every console field.
      const headline = row.getByRole('textbox', { name: 'German' })
      expect(await headline.evaluate((box) => getComputedStyle(box).borderTopStyle)).toBe('solid')
      expect(await headline.inputValue()).toBe(machineWords(english))
      expect(await row.locator('.translation-status').innerText()).toBe('Machine translation')
      // Every field's row is the form's full width, English and German halves alike, whatever their words.
      const widths = await page
        .locator('.translation-row')
        .evaluateAll((rows) => rows.map((row) => Math.round(row.getBoundingClientRect().width)))
      expect(new Set(widths).size).toBe(1)
      await docsImage(page, 'translation-editor.desktop.png', { at: row, phoneToo: true })

      // Their own words over the machine's, typed.
      await headline.click()
      await page.keyboard.press('ControlOrMeta+a')
      await page.keyboard.type(HEADLINE)
      const status = row.getByRole('combobox', { name: 'Status after saving' })
      // Tab from the words to the status, and its first letter picks Done, as a keyboard user does.
      await page.keyboard.press('Tab')
      expect(await status.evaluate((element) => element === document.activeElement)).toBe(true)
      await page.keyboard.press('d')
      expect(await status.inputValue()).toBe('done')
      await page.getByRole('button', { name: 'Save draft' }).click()
      await page.getByText('Translation saved as a draft').waitFor()
      expect(await headline.inputValue()).toBe(HEADLINE)
      expect(await row.locator('.translation-status').innerText()).toBe('Done')
      expect(await page.locator('.translation-progress').innerText()).toBe('German: 100 % done')

      // The editor publishes German.
      await eddie.page.goto(`${origin}/admin/content/home-hero@de`)
      await eddie.page.getByRole('button', { name: 'Publish German' }).click()
      await eddie.page.getByText('Translation published').waitFor()

      // A visitor whose browser prefers German: the banner on /, then /de/ with the translator's headline.
      const visitor = await openPage(browser(), {
        locale: 'de-DE',
        userAgent: PERSON_AGENT,
        extraHTTPHeaders: { 'CF-Connecting-IP': '198.51.100.161' },
      })
      const site = visitor.page
      await site.goto(`${origin}/`)
      const banner = site.getByText('Diese Seite gibt es auch auf Deutsch.')
      expect(await banner.isVisible()).toBe(true)
      await docsImage(site, 'german-banner.desktop.png', { phoneToo: true })
      await site.getByRole('link', { name: 'Auf Deutsch lesen' }).click()
      await site.waitForURL(`${origin}/de/`)
      expect(await site.getByRole('heading', { level: 1 }).innerText()).toBe(HEADLINE)

      const form = site.locator('#sec-contact')
      await form.scrollIntoViewIfNeeded()
      await waitForIsland(site, 'ContactForm')
      await form.getByLabel('Name').fill(VISITOR.name)
      await form.getByLabel('E-Mail').fill(VISITOR.email)
      await form.getByLabel('Anfrage').fill('Ein 3D-Showroom für unsere Schuhe.')
      await form.getByRole('button', { name: 'Senden' }).click()
      await form.getByText('Bitte geben Sie Ihre Telefonnummer an').waitFor()
      await form.getByLabel('Telefon').fill(VISITOR.phone)
      await untilFormIsOldEnough(form)
      await form.getByLabel('Telefon').press('Enter')
      await site.getByText('Ihre Nachricht wurde gesendet. Vielen Dank!').first().waitFor()

      // Its lead page and the traffic report say German.
      await admin.page.goto(`${origin}/admin/leads?q=${encodeURIComponent(VISITOR.email)}`)
      await admin.page.getByRole('link', { name: VISITOR.name, exact: true }).click()
      await admin.page.waitForURL('**/admin/leads/*')
      expect(await admin.page.getByRole('main').innerText()).toMatch(/Language\s+German/)
      const germanRow = async () => {
        await admin.page.goto(`${origin}/admin/traffic?days=7`)
        const row = admin.page.getByRole('table', { name: 'Languages' }).getByRole('row', { name: /^German/ })
        if (!(await row.count())) return { views: 0, leads: 0 }
        const [, views, , leads] = (await row.innerText()).split('\t').map((cell) => Number(cell.trim()))
        return { views: views!, leads: leads! }
      }
      // The view and the lead are written within a few seconds of being counted (batched at the edge).
      const counted = async () => {
        const { views, leads } = await germanRow()
        return views >= 1 && leads >= 1 ? 'a German view and lead' : `${views} views, ${leads} leads`
      }
      await expect.poll(counted, POLL).toBe('a German view and lead')
      for (const person of [admin, tess, eddie, visitor]) expect(person.problems).toEqual([])
    },
  )
})
