import type { ReactNode } from 'react'
import { Document } from '../components/layout/Document'
import { useRenderState } from '../components/RenderContext'
import { DEFAULT_LOCALE, localePath, localeRow } from '../lib/locales'
import { FEED_PATH } from '../lib/worker-addresses'
import type { PageMeta } from '../schemas/page-module'

/**
 * The Document with the chrome every page shares (site, header nav, footer, interface words), in
 * the page's locale. Here in the page layer because components never read content: pages hand it to them.
 */
export function SiteDocument({
  meta,
  path,
  children,
}: {
  meta: PageMeta
  path: string | null
  children: ReactNode
}) {
  // The footer and the feed's title are the site's copy as it is now (the studio may edit them).
  const { content, locale, alternates, suggestion, chrome } = useRenderState()
  const { copy } = content
  const { site, nav, ui } = chrome
  // A page in another locale links that locale's feed (its post editions), naming its language.
  const feed =
    locale === DEFAULT_LOCALE
      ? { title: copy.blogIndex.feed.title, href: FEED_PATH }
      : { title: copy.blogIndex.feed.title, href: localePath(locale, FEED_PATH), hrefLang: locale }
  // The other versions of this page, each named in its own language; the banner in the language it offers.
  const languages = alternates
    .filter((alternate) => alternate.code !== locale)
    .map((alternate) => ({ ...alternate, name: localeRow(alternate.code)?.name ?? alternate.code }))
  const offer = suggestion
  return (
    <Document meta={meta} path={path} chrome={{ site, nav, footer: copy.footer, ui, feed, languages, offer }}>
      {children}
    </Document>
  )
}
