/**
 * Landing pages made through the console's forms, for the browser tests that audit them: the
 * signed-in admin's page posts New landing page, then the editor's form with every field of the value
 * (tests/support/form-fields.ts), pressing Save and publish now.
 */
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { pageDocumentSchema, type ComposedPageDraft } from '../../src/schemas/composed-pages'
import { schemaAt } from '../../src/lib/schema-walk'
import { formFieldsOf } from '../support/form-fields'
import { baseUrl } from './server'

/** How a browser marks a post from a console page of this site. */
const SAME_ORIGIN = { Origin: baseUrl, 'Sec-Fetch-Site': 'same-origin', Referer: `${baseUrl}/admin` }

/** Makes the page at `/<value.slug>` (New landing page, blank) and publishes `value` through its editor. */
export async function publishLandingPage(page: Page, value: ComposedPageDraft): Promise<void> {
  const { slug } = value
  const created = await page.request.post(`${baseUrl}/admin/pages/new`, {
    form: { slug, start: 'blank' },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  })
  expect(created.status()).toBe(303)
  const editor = `${baseUrl}/admin/pages/${slug}`
  const drawn = await (await page.request.get(editor)).text()
  const version = /name="@version" value="(\d+)"/.exec(drawn)?.[1]
  expect(version).toBeDefined()
  const fields = formFieldsOf(schemaAt(pageDocumentSchema, 'page')!, value, 'page')
  const published = await page.request.post(editor, {
    form: { ...fields, '@version': version!, _op: 'publish' },
    headers: SAME_ORIGIN,
    maxRedirects: 0,
  })
  expect(published.status(), await published.text()).toBe(303)
}
