/**
 * A campaign's form as the tests build one (issue 63): a landing page from the campaign template,
 * its contact section's questions set through the page's editor and published, and a visitor's
 * posts of it.
 */
import { SELF } from 'cloudflare:test'
import { expect } from 'vitest'
import type { SentForm } from '../../../src/schemas/campaign-form'
import { FORM_PAGE_FIELD } from '../../../src/schemas/campaign-form-rules'
import {
  adminPost,
  leadRecord,
  openEditor,
  ORIGIN,
  OWN_HEAD,
  postContact,
  postEditor,
  validContact,
  visibleText,
} from '../support'

export const SLUG = 'nrf-2027'
export const EDITOR = `/admin/pages/${SLUG}`

/** One field as the editor posts it: its type, label, need and its type's own inputs. */
export interface EditorField {
  type: string
  label: string
  need?: 'required' | 'optional'
  own?: Record<string, string>
}

export const FAIR: EditorField = {
  type: 'select',
  label: 'Which fair?',
  need: 'required',
  own: {
    'select.options.@count': '3',
    'select.options.0': 'NRF New York',
    'select.options.1': 'EuroShop',
    'select.options.2': 'Retail Expo',
  },
}
export const STORES: EditorField = {
  type: 'number',
  label: 'Stores you run',
  need: 'required',
  own: { 'number.lowest': '1', 'number.highest': '' },
}
export const WORDING = 'I agree that XR Stores may contact me about NRF 2027.'
export const CONSENT: EditorField = {
  type: 'consent',
  label: 'Consent',
  need: 'required',
  own: { 'consent.wording': WORDING },
}
export const CAMPAIGN: EditorField = {
  type: 'hidden',
  label: 'Campaign',
  own: { 'hidden.carries': 'utm_campaign' },
}
export const EVENT: EditorField = {
  type: 'hidden',
  label: 'Event',
  own: { 'hidden.carries': 'a fixed value', 'hidden.fixedValue': 'NRF 2027' },
}
export const FORM = [FAIR, STORES, CONSENT, CAMPAIGN, EVENT]

/** A good answer to FORM, by each field's posted name. */
export const answers = () => ({
  'f-which-fair': 'EuroShop',
  'f-stores-you-run': '12',
  'f-consent': 'yes',
})

/** The editor's fields with the contact section's questions set to `fields`. */
export async function withQuestions(fields: EditorField[], start?: Record<string, string>) {
  const form = start ?? (await openEditor(EDITOR)).fields
  const title = Object.keys(form).find((name) => /^page\.sections\.\d+\.contact\.title$/.test(name))
  expect(title, 'the campaign template has a contact form').toBeDefined()
  const base = title!.replace(/\.title$/, '.fields')
  for (const name of Object.keys(form)) if (name.startsWith(`${base}.`)) delete form[name]
  form[`${base}.@count`] = String(fields.length)
  for (const [i, field] of fields.entries()) {
    form[`${base}.${i}.@kind`] = field.type
    form[`${base}.${i}.label`] = field.label
    form[`${base}.${i}.help`] = ''
    form[`${base}.${i}.need`] = field.need ?? 'optional'
    for (const [key, value] of Object.entries(field.own ?? {})) form[`${base}.${i}.${key}`] = value
  }
  return form
}

/** The editor's fields with the contact section's own settings (`success`, `thanksPage`) set too. */
export function withSettings(form: Record<string, string>, settings: Record<string, string>) {
  const title = Object.keys(form).find((name) => /^page\.sections\.\d+\.contact\.title$/.test(name))!
  for (const [key, value] of Object.entries(settings)) form[title.replace(/title$/, key)] = value
  return form
}

/** A new landing page from the campaign template, published with `fields` as its form's questions. */
export async function publishForm(fields: EditorField[], settings: Record<string, string> = {}) {
  const created = await adminPost('/admin/pages/new', { slug: SLUG, start: 'campaign' })
  expect(created.response.status).toBe(303)
  const form = await withQuestions(fields, { ...(await openEditor(EDITOR)).fields, ...OWN_HEAD })
  const published = await postEditor(EDITOR, withSettings(form, settings), 'publish')
  expect(published.response.status, visibleText(published.body)).toBe(303)
}

/** A JSON post of the page's form, with the visit's landing cookie when given. */
export async function postForm(body: Record<string, unknown>, cookie?: string) {
  const response = await postContact(JSON.stringify({ [FORM_PAGE_FIELD]: SLUG, ...body }), {
    headers: { Referer: `${ORIGIN}/${SLUG}`, ...(cookie ? { Cookie: cookie } : {}) },
  })
  return {
    status: response.status,
    json: (await response.json()) as { id?: string; errors?: Record<string, string> },
  }
}

export const core = () => {
  const { name, email, time, formToken } = validContact()
  return { name, email, time, formToken }
}

/** The landing cookie of a visit that starts at the page from a campaign's link. */
export async function campaignVisit(campaign: string) {
  const landing = await SELF.fetch(`${ORIGIN}/${SLUG}?utm_source=fair&utm_campaign=${campaign}`)
  await landing.arrayBuffer()
  return landing.headers
    .getSetCookie()
    .find((c) => c.startsWith('__Host-landing='))!
    .split(';')[0]!
}

export const storedForm = async (id: string) => JSON.parse((await leadRecord(id))!.formFields!) as SentForm
