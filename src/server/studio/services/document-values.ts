/**
 * A studio document's values and editions against the repository's copy (its defaults): what
 * each root holds by default, what an edition makes of it, and the edition that gives a value.
 * An edition holds only the fields that differ from the repository's copy.
 */
import { applyEdition, changedFields, type Edition, valueAt } from '../../../lib/edition'
import { localeWords } from '../../../content/locales'
import { localeOfDocument } from '../../../lib/locale-documents'
import { kindModule } from '../kinds'
import type { Result } from '../../../lib/result'
import type { DocumentRow } from '../storage/content'
import type { ContentDefaults } from './content-build'
import type { HomeLayoutEntry } from '../../../schemas/home-layout'
import { HOME_LAYOUT_DOCUMENT as HOME_LAYOUT } from '../../../content/documents'

/**
 * The repository's copy of each root of a document (a post's as `post`, a landing page's as
 * `page`: undefined when the repository has none), or undefined for an unknown document.
 */
export function defaultsOf(defaults: ContentDefaults, doc: string): Record<string, unknown> | undefined {
  return kindModule(doc).defaults(defaults, doc)
}

/** Each root's value under an edition (the repository's copy where it sets nothing); undefined for an unknown document. */
export function valuesOf(
  defaults: ContentDefaults,
  doc: string,
  edition: Edition,
): Record<string, unknown> | undefined {
  const base = defaultsOf(defaults, doc)
  if (!base) return undefined
  // A locale's home sections: its words read at the English layout's fields (kinds/layout-locale.ts).
  const words =
    localeOfDocument(doc)?.source === HOME_LAYOUT && defaults.layoutWords
      ? defaults.layoutWords(base['home.layout'] as HomeLayoutEntry[], edition)
      : edition
  const tree = applyEdition(kindModule(doc).tree?.(defaults, doc) ?? base, words)
  return Object.fromEntries(Object.keys(base).map((root) => [root, valueAt(tree, root)]))
}

/** The edition that gives these values: each field that differs from the repository's copy. */
export function editionOf(
  defaults: ContentDefaults,
  doc: string,
  value: Record<string, unknown>,
): Edition | undefined {
  const base = defaultsOf(defaults, doc)
  if (!base) return undefined
  const edition: Edition = {}
  for (const root of Object.keys(base)) Object.assign(edition, changedFields(base[root], value[root], root))
  return edition
}

/**
 * Lends the defaults the repository copy of a locale edition's locale (`home-hero@de`), loaded once
 * per isolate (its own chunk) and kept in the isolate's defaults: what the console's editor, history
 * and checks apply a locale's edition to. The site's pages never need it (locale-content.ts). For a
 * kind whose translation is written over its published English (a landing page, `page:nrf-2027@de`),
 * it lends that English as published now, read again each time (it may have been published since);
 * so does the home's sections' translation, over the English layout as published now.
 */
export async function lendLocale(
  defaults: ContentDefaults,
  doc: string,
  row: (source: string) => Promise<Result<DocumentRow | null>>,
): Promise<void> {
  const locale = localeOfDocument(doc)
  if (locale && kindModule(doc).overPublished) {
    const read = await row(locale.source)
    if (!read.ok) return
    // Taken off the site, or never published (a console page's draft only, with no repository copy
    // beneath: its values hold no page), there is nothing to translate yet.
    const published = read.value?.published ?? {}
    const value = read.value?.unpublished ? undefined : valuesOf(defaults, locale.source, published)
    // Its own chunk (the form tree it walks), loaded with the first translation of a page.
    const { lentEnglish } = await import('../kinds/page-locale')
    defaults.published = { ...defaults.published, [locale.source]: lentEnglish(value) }
    return
  }
  if (!locale) return
  if (!defaults.translations?.[locale.code]) {
    const { copy } = await localeWords(locale.code)
    if (copy) defaults.translations = { ...defaults.translations, [locale.code]: copy }
  }
  // The home's sections are translated over the English layout as published now (kinds/layout-locale.ts).
  const lent = defaults.translations?.[locale.code]
  if (locale.source !== HOME_LAYOUT || !lent) return
  const read = await row(HOME_LAYOUT)
  if (!read.ok) return
  const english = valuesOf(defaults, HOME_LAYOUT, read.value?.published ?? {})?.['home.layout']
  // Its own chunk (the form tree it walks), loaded with the first translation of the home's sections.
  const { layoutToTranslate, layoutWords } = await import('../kinds/layout-locale')
  defaults.layoutWords = layoutWords
  const layout = layoutToTranslate(lent, english as HomeLayoutEntry[])
  defaults.translations = { ...defaults.translations, [locale.code]: layout }
}
