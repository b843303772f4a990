/**
 * A page of the site in a locale (lib/locales.ts, docs/locales.md): its copy (the default's is the
 * studio's, through the content service; another's the repository's, content/locales/) and the
 * chrome it shares; the addresses its links take are ./local-href.ts.
 */
import { useRenderState } from '../components/RenderContext'
import { localeChrome, localeCopy, type LocaleChrome } from '../content/locales'
import { DEFAULT_LOCALE } from '../lib/locales'
import type { SiteContent } from '../schemas/site-copy'

/** Test locales' words (tests/support/rtl-locale.ts), beside the site's own. */
const added = new Map<string, { chrome: LocaleChrome; copy: SiteContent['copy'] }>()

/** Gives a locale added for a test (lib/locales.ts addLocaleForTest) its words; gives back their removal. */
export function addLocaleWordsForTest(code: string, chrome: LocaleChrome, copy: SiteContent['copy']) {
  added.set(code, { chrome, copy })
  return () => void added.delete(code)
}

/** The words every page of `code` shares (the default's for a code without any). */
export function chromeOf(code: string): LocaleChrome {
  return (localeChrome as Record<string, LocaleChrome>)[code] ?? added.get(code)?.chrome ?? localeChrome.en
}

/** The words of the page being rendered's locale. */
export function useChrome(): LocaleChrome {
  return chromeOf(useRenderState().locale)
}

const inLocale = new WeakMap<SiteContent, Map<string, SiteContent>>()

/** The site's content as a page in `code` draws it: the posts and landing pages as they are, the copy the locale's. */
export function contentIn(content: SiteContent, code: string): SiteContent {
  if (code === DEFAULT_LOCALE) return content
  const copy = (localeCopy as Record<string, SiteContent['copy']>)[code] ?? added.get(code)?.copy
  if (!copy) return content
  let known = inLocale.get(content)
  if (!known) inLocale.set(content, (known = new Map()))
  let localized = known.get(code)
  if (!localized) known.set(code, (localized = { ...content, copy }))
  return localized
}
