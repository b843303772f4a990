/**
 * A page of the site in a locale (lib/locales.ts, docs/locales.md): its copy (the default's is the
 * studio's, through the content service; another's the repository's, content/locales/) and the
 * chrome it shares; the addresses its links take are ./local-href.ts.
 */
import { useRenderState } from '../components/RenderContext'
import type { LocaleWords } from '../content/locales'
import type { LocaleChrome } from '../schemas/copy'
import type { SiteContent } from '../schemas/site-copy'

export { localeWords, offerWords } from '../content/locales'

/** The words every page of the page being rendered's locale shares. */
export function useChrome(): LocaleChrome {
  return useRenderState().chrome
}

const inLocale = new WeakMap<SiteContent, Map<LocaleWords, SiteContent>>()

/** The site's content as a page in a locale draws it: the posts and landing pages as they are, the copy the locale's. */
export function contentIn(content: SiteContent, words: LocaleWords): SiteContent {
  const { copy } = words
  if (!copy) return content
  let known = inLocale.get(content)
  if (!known) inLocale.set(content, (known = new Map()))
  let localized = known.get(words)
  if (!localized) known.set(words, (localized = { ...content, copy }))
  return localized
}
