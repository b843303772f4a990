import type { ReactNode } from 'react'
import { Document } from '../components/layout/Document'
import { useRenderState } from '../components/RenderContext'
import { nav } from '../content/nav'
import { site } from '../content/site'
import { ui } from '../content/ui'
import type { PageMeta } from '../schemas/page-module'

/**
 * The Document with the chrome every page shares (site, header nav, footer, interface words).
 * Here in the page layer because components never read content: pages hand it to them.
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
  const { copy } = useRenderState().content
  const feed = { title: copy.blogIndex.feed.title, href: '/rss.xml' }
  return (
    <Document meta={meta} path={path} chrome={{ site, nav, footer: copy.footer, ui, feed }}>
      {children}
    </Document>
  )
}
