/**
 * A landing page's German edition as the tests make one (docs/locales.md, "Which pages are in which
 * locale"): the campaign form's page (../leads/campaign-form-support.ts) published in English, and
 * its translation written in the translation editor at /admin/pages/<slug>@de, as a browser without
 * JavaScript posts it.
 */
import { expect } from 'vitest'
import { fieldKey } from '../../../src/schemas/campaign-form'
import { env, openEditor, postEditor, servicesOf } from '../support'
import { SLUG } from '../leads/campaign-form-support'

export const GERMAN_EDITOR = `/admin/pages/${SLUG}@de`
export const GERMAN_PAGE = `/de/${SLUG}`

const FORM_AT = 'page.sections.5.contact'
export const GERMAN_WORDING = 'Ich bin einverstanden, dass XR Stores mich zur NRF 2027 kontaktiert.'

/** The German words of the form's fields, by path; every other field gets "DE " before its English. */
export const GERMAN_FORM: Record<string, string> = {
  [`${FORM_AT}.form.labels.name`]: 'Ihr Name',
  [`${FORM_AT}.form.labels.email`]: 'Ihre E-Mail-Adresse',
  [`${FORM_AT}.fields.0.label`]: 'Welche Messe?',
  [`${FORM_AT}.fields.0.select.options.0`]: 'NRF in New York',
  [`${FORM_AT}.fields.0.select.options.1`]: 'EuroShop in Düsseldorf',
  [`${FORM_AT}.fields.0.select.options.2`]: 'Retail Expo in London',
  [`${FORM_AT}.fields.1.label`]: 'Wie viele Filialen betreiben Sie?',
  [`${FORM_AT}.fields.2.label`]: 'Einwilligung',
  [`${FORM_AT}.fields.2.consent.wording`]: GERMAN_WORDING,
  [`${FORM_AT}.fields.3.label`]: 'Kampagne',
  [`${FORM_AT}.fields.4.label`]: 'Veranstaltung',
}
export const CONSENT_WORDING_PATH = `${FORM_AT}.fields.2.consent.wording`
export const FAIR_LABEL_PATH = `${FORM_AT}.fields.0.label`

/** The German form's posted names: its German labels' (the page's own form asks in its words). */
export const GERMAN_KEYS = {
  fair: fieldKey('Welche Messe?'),
  stores: fieldKey('Wie viele Filialen betreiben Sie?'),
  consent: fieldKey('Einwilligung'),
}

/** Every English field of the translation, with its English words (read from the desk the editor reads). */
async function englishFields() {
  const desk = await servicesOf().studio.translations()
  const sheet = await desk.sheet(`page:${SLUG}`, 'de')
  if (!sheet.ok || !sheet.value) throw new Error('the page has no translation to write')
  return sheet.value.fields
}

/** The translation editor's form with every field translated and set to Done, but those `leaving` out. */
export async function translatedForm(leaving: string[] = []) {
  const { fields } = await openEditor(GERMAN_EDITOR)
  for (const { path, source } of await englishFields()) {
    if (!source.trim() || leaving.includes(path)) continue
    fields[`t.${path}`] = GERMAN_FORM[path] ?? `DE ${source}`.slice(0, 70)
    fields[`s.${path}`] = 'done'
  }
  return fields
}

/** Publishes the German edition with every field translated and done. */
export async function publishGerman() {
  const published = await postEditor(`${GERMAN_EDITOR}/publish`, await translatedForm(), 'publish')
  expect(published.response.status, published.body.slice(0, 400)).toBe(303)
}

/** A page's hreflang links: language → absolute address. */
export function hreflangs(html: string): Map<string, string> {
  const links = html.match(/<link rel="alternate" hrefLang="[^"]*" href="[^"]*"\/>/g) ?? []
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1]
  return new Map(links.map((tag) => [attr(tag, 'hrefLang')!, attr(tag, 'href')!]))
}

/** A document's row and how many revisions it has: what a publish of another must leave as it was. */
export async function documentTrace(doc: string) {
  const row = await env.DB.prepare(
    'SELECT published, revision, draft_version FROM content_documents WHERE doc = ?',
  )
    .bind(doc)
    .first()
  const revisions = await env.DB.prepare('SELECT count(*) AS n FROM content_revisions WHERE doc = ?')
    .bind(doc)
    .first('n')
  return { row, revisions }
}
