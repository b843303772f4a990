/**
 * A translator (schemas/roles.ts) translates in their own locales only (docs/locales.md): a
 * translation's address in any other answers 403 with the console's page, naming who may (admins
 * and editors translate every locale). Read after allow('translate').
 */
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { adminCopy } from '../../../content/admin'
import { localeOfDocument } from '../../../lib/locale-documents'
import { DEFAULT_LOCALE, localeRow } from '../../../lib/locales'
import { log } from '../../../lib/log'
import { fillTemplate } from '../../../lib/template'
import { forbiddenPage } from '../../../pages/admin/ForbiddenPage'
import type { AppEnv } from '../../app-env'
import { adminFrame } from '../../people/http'

/** A locale's name in the console's English ("German"). */
export const languageOf = (code: string): string =>
  (adminCopy.translations.languages as Record<string, string>)[code] ?? code

export const inTheirLocale = createMiddleware<AppEnv>(async (c, next) => {
  const person = c.var.admin!
  // A translation's address names its document (home-hero@de); an agency file's, its locale (xliff/de).
  const code = localeOfDocument(c.req.param('id') ?? '')?.code ?? c.req.param('code') ?? ''
  if (person.role !== 'translator' || person.locales?.includes(code)) return next()
  log.warn('admin', 'refused: not one of the translator’s locales', { adminId: person.id, locale: code })
  const needs = fillTemplate(adminCopy.translations.forbidden, { language: languageOf(code) })
  return c.render(forbiddenPage({ ...(await adminFrame(c)), needs }), { status: 403 })
})

/** A locale edition's address under its part (/admin/content, /admin/posts): the document's id, `@`, a locale's code. */
export const TRANSLATION_AT = '/:id{[a-z0-9-]+@[a-z]{2,3}}'

/** The document a part's address names by its id (the copy's whole name, a post's slug). */
export type DocumentAt = (id: string) => string

/**
 * The translation the address names (its id read by `documentAt`), with the desk that read it (the
 * editor's and Suggest's); null for none (a 404).
 */
export async function translationAt(c: Context<AppEnv>, documentAt: DocumentAt) {
  const locale = localeOfDocument(documentAt(c.req.param('id') ?? ''))
  if (!locale || locale.code === DEFAULT_LOCALE || !localeRow(locale.code)) return null
  const desk = await c.var.services.studio.translations()
  const sheet = await desk.sheet(locale.source, locale.code)
  if (!sheet.ok) throw new Error(sheet.error.message)
  return sheet.value && { desk, sheet: sheet.value }
}
