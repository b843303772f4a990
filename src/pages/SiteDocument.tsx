import type { ReactNode } from 'react'
import { Document } from '../components/layout/Document'
import { footer } from '../content/footer'
import { nav } from '../content/nav'
import { blogIndex } from '../content/pages/blog'
import { site } from '../content/site'
import { ui } from '../content/ui'
import type { PageMeta } from '../schemas/page-module'

const feed = { title: blogIndex.feed.title, href: '/rss.xml' }

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
  return (
    <Document meta={meta} path={path} chrome={{ site, nav, footer, ui, feed }}>
      {children}
    </Document>
  )
}
