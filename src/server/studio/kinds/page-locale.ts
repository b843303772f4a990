/**
 * A landing page's edition in another locale (`page:<slug>@de`, docs/locales.md "Which pages are in
 * which locale"): only its words are written twice. In the studio its values are the English page as
 * published with every text field emptied (a field not translated yet reads missing) and the
 * translation's words over them; on the site those words are laid over the live English page, at its
 * text fields only, so pictures, links, field types, required flags and limits stay the English
 * page's whatever the edition holds.
 */
import { applyEdition, valueAt, withValueAt, type Edition } from '../../../lib/edition'
import { documentOf, kindOf } from '../../../lib/document-kinds'
import { localeOfDocument } from '../../../lib/locale-documents'
import { textFields } from '../../../lib/translation-fields'
import {
  pageDocumentSchema,
  type ComposedPage,
  type ComposedPageDraft,
} from '../../../schemas/composed-pages'
import { compilePage } from '../services/composed-pages'
import { compiled } from './compile'
import { compiledErrors } from './issues'
import type { BuildInput, ContentDefaults } from './types'

const textPaths = (page: ComposedPageDraft) => textFields(pageDocumentSchema, { page }).map(([path]) => path)

/** The English page with its words emptied: what a translation starts from. */
export function withoutWords(page: ComposedPageDraft | undefined): ComposedPageDraft | undefined {
  if (!page) return undefined
  let tree = { page }
  for (const path of textPaths(page)) tree = withValueAt(tree, path, '')
  return tree.page
}

/** The English page with a translation's words at its text fields; a field without words keeps the English. */
export function pageInWords(english: ComposedPageDraft, translated: unknown): ComposedPageDraft {
  let tree = { page: english }
  for (const path of textPaths(english)) {
    const words = valueAt({ page: translated }, path)
    if (typeof words === 'string' && words.trim()) tree = withValueAt(tree, path, words)
  }
  return tree.page
}

/** What the console lends a page's translation (ContentDefaults.published): its English values, and those without words. */
export function lentEnglish(value: Record<string, unknown> | undefined) {
  const page = value?.page as ComposedPageDraft | undefined
  return page && { value: { page }, withoutWords: { page: withoutWords(page) } }
}

/** The English page a locale edition is written over, as the console lent it (undefined: not on the site). */
const englishOf = (defaults: ContentDefaults, doc: string) =>
  defaults.published?.[localeOfDocument(doc)!.source]?.value.page as ComposedPageDraft | undefined

/**
 * Why a translation cannot be saved: the page as it would show (the English with these words) must
 * pass the page's schema, so a German label too long, or two German labels alike, is refused beside
 * its field. A draft may leave fields empty: the publish gate asks for them (translation-desk.ts).
 */
export async function localeProblems(
  defaults: ContentDefaults,
  doc: string,
  value: Record<string, unknown>,
): Promise<Record<string, string>> {
  const english = englishOf(defaults, doc)
  if (!english) return {}
  return compiledErrors('page', await compilePage(pageInWords(english, value.page)))
}

/** Each locale's published landing pages: a live locale edition over its live English page. */
export async function localePagesOf({ live, memo, rejected }: BuildInput, pages: readonly ComposedPage[]) {
  const found: Record<string, ComposedPage[]> = {}
  for (const [doc, edition] of live.editions) {
    const locale = localeOfDocument(doc)
    // An edition without words (History's first entry restored) is no German page: never English under lang="de".
    if (!locale || kindOf(locale.source) !== 'page' || live.hidden.has(doc) || !Object.keys(edition).length)
      continue
    const english = pages.find((page) => documentOf('page', page.slug) === locale.source)
    if (!english) continue
    const { html: _html, publishedAt: _at, ...draft } = english
    const words = applyEdition({ page: withoutWords(draft) }, edition as Edition).page
    const result = await compiled(pageInWords(draft, words), memo, true)
    if (!('page' in result)) {
      rejected.push({ doc, fields: Object.keys(edition) })
      continue
    }
    ;(found[locale.code] ??= []).push({ ...result.page, publishedAt: live.publishedAt?.get(doc) })
  }
  return found
}
