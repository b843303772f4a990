/** What a page's head says of its language (docs/locales.md): hreflang, og:locale, JSON-LD inLanguage. */
import { DEFAULT_LOCALE, localeRow, locales } from '../../lib/locales'
import { useRenderState } from '../RenderContext'

/**
 * The page's language versions for search engines: each, its own among them, by its absolute
 * address, and x-default at the default locale's; none for a page in one language only.
 */
export function HreflangLinks() {
  const { alternates, origin } = useRenderState()
  if (alternates.length < 2) return null
  const fallback = alternates.find((alternate) => alternate.code === DEFAULT_LOCALE)
  return (
    <>
      {alternates.map((alternate) => (
        <link key={alternate.code} rel="alternate" hrefLang={alternate.code} href={origin + alternate.path} />
      ))}
      {fallback ? <link rel="alternate" hrefLang="x-default" href={origin + fallback.path} /> : null}
    </>
  )
}

/**
 * The page's structured data with the language it is written in: a page's own (a post's
 * BlogPosting) gains `inLanguage`, a page without any says it is a WebPage in that language.
 */
export function inLanguage(
  data: Record<string, unknown> | undefined,
  locale: string,
  page: { name: string; url: string } | undefined,
): Record<string, unknown> | undefined {
  if (data) return { ...data, inLanguage: locale }
  if (!page || !locales().some((row) => row.code === locale)) return undefined
  return { '@context': 'https://schema.org', '@type': 'WebPage', ...page, inLanguage: locale }
}

/** Open Graph's locale of the page, and of each of its other versions. */
export function OpenGraphLocales() {
  const { locale, alternates } = useRenderState()
  const row = localeRow(locale)
  return (
    <>
      {row ? <meta property="og:locale" content={row.og} /> : null}
      {alternates
        .filter((alternate) => alternate.code !== locale)
        .map((alternate) => (
          <meta key={alternate.code} property="og:locale:alternate" content={localeRow(alternate.code)?.og} />
        ))}
    </>
  )
}
