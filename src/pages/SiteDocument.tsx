import type { ReactNode } from 'react'
import { Document } from '../components/layout/Document'
import { useRenderState } from '../components/RenderContext'
import { localeRow } from '../lib/locales'
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
  const feed = { title: copy.blogIndex.feed.title, href: '/rss.xml' }
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
