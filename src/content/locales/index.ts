/**
 * Every locale's words (lib/locales.ts holds the rows): the chrome each page shares (the interface
 * words, the header's navigation, who we are), and each locale's copy but the default's, whose
 * copy is the studio's (the content service serves it with its live editions). TypeScript refuses
 * a row of LOCALES without its words here. The default locale's copy stays the repository's and the
 * spec's; another locale's copy has the same shape (schemas/site-copy.ts), held to it by
 * tests/unit/locales.test.ts. Another locale's words load with its first page (a chunk of their
 * own, out of the worker's entry: docs/locales.md); only the banner's and switcher's few words of
 * each locale are always at hand, since any page may offer any locale.
 */
import type { DEFAULT_LOCALE, LocaleCode } from '../../lib/locales'
import type { LocaleChrome, UiCopy } from '../../schemas/copy'
import type { SiteCopy } from '../../schemas/site-copy'
import { nav } from '../nav'
import { site } from '../site'
import { ui } from '../ui'
import { languages as deLanguages } from './de/languages'

/** A locale's words: its chrome, and its copy unless it is the default's (the studio's). */
export interface LocaleWords {
  chrome: LocaleChrome
  copy?: SiteCopy
}

type Loader = () => Promise<LocaleWords>

const loaders: Record<string, Loader> = {
  en: async () => ({ chrome: { ui, nav, site } }),
  de: async () => {
    const de = await import('./de')
    return {
      chrome: {
        ui: de.ui,
        nav: de.nav,
        site: de.site,
        contact: de.contact,
        posts: de.posts,
        notFound: de.notFound,
      },
      copy: de.copy,
    }
  },
} satisfies Record<LocaleCode, Loader> & Record<Exclude<LocaleCode, typeof DEFAULT_LOCALE>, Loader>

/** The banner's words of each locale, in its own language (any page may offer any locale). */
const offers: Record<string, UiCopy['languages']> = {
  en: ui.languages,
  de: deLanguages,
} satisfies Record<LocaleCode, UiCopy['languages']>

const loaded = new Map<string, Promise<LocaleWords>>()

/** A locale's words, loaded once per isolate; the default's for a code without any. */
export function localeWords(code: string): Promise<LocaleWords> {
  let words = loaded.get(code)
  if (!words) loaded.set(code, (words = (loaders[code] ?? loaders.en!)()))
  return words
}

/** The banner's and switcher's words of `code`, in that language. */
export function offerWords(code: string): UiCopy['languages'] {
  return offers[code] ?? ui.languages
}

/** Gives a locale added for a test (lib/locales.ts addLocaleForTest) its words; gives back their removal. */
export function addLocaleWordsForTest(code: string, words: LocaleWords): () => void {
  loaders[code] = async () => words
  offers[code] = words.chrome.ui.languages
  return () => {
    delete loaders[code]
    delete offers[code]
    loaded.delete(code)
  }
}
