/**
 * The site's content as a page in a locale draws it (docs/locales.md): the posts and landing pages
 * as they are; the copy the default locale's (the studio's English), or another locale's repository
 * copy (content/locales/) with that locale's live editions applied (`content.translations`, each
 * field checked by the translation's schema: one that no longer fits is left out, its repository
 * words show), its home's sections the English layout's in the locale's words. A page in another locale keys its cache on the whole stamp; the default's on
 * `pageStamp`, which a locale's publish does not move.
 */
import type { LocaleWords } from '../../../content/locales'
import { log } from '../../../lib/log'
import { translatedCopySchema, type SiteContent } from '../../../schemas/site-copy'
import { HOME_LAYOUT_DOCUMENT as HOME_LAYOUT } from '../../../content/documents'
import { buildCopy } from '../kinds/copy'
import type { Rejected } from '../kinds/types'

/** Per isolate: each content's version in a locale, built once (the content changes with the stamp). */
const inLocale = new WeakMap<SiteContent, Map<LocaleWords, SiteContent>>()

export async function contentInLocale(
  content: SiteContent,
  words: LocaleWords,
  locale: string,
): Promise<SiteContent> {
  if (!words.copy) return content
  let known = inLocale.get(content)
  if (!known) inLocale.set(content, (known = new Map()))
  let localized = known.get(words)
  if (localized) return localized
  const editions = new Map(Object.entries(content.translations?.[locale] ?? {}))
  const rejected: Rejected[] = []
  // The home's sections are the English layout's, in the locale's words (kinds/layout-locale.ts,
  // a chunk of its own: only a home with a section added from the library has words to lay over).
  const english = content.copy.home.layout
  const layout = english.every((entry) => 'home' in entry)
    ? english
    : (await import('../kinds/layout-locale')).localeLayout(english, editions.get(HOME_LAYOUT))
  editions.delete(HOME_LAYOUT)
  const built = editions.size ? buildCopy(words.copy, editions, rejected, translatedCopySchema) : words.copy
  const copy = { ...built, home: { ...built.home, layout } }
  for (const { doc, fields } of rejected)
    log.warn('content', 'published edition left out: it no longer fits', { doc: `${doc}@${locale}`, fields })
  known.set(words, (localized = { ...content, copy, pageStamp: content.stamp }))
  return localized
}
