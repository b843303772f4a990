import { posts } from '../content/pages/blog'
import { legalDocuments } from '../content/pages/legal'
import { aboutUsPage } from './AboutUsPage'
import { articlePage } from './ArticlePage'
import { blogIndexPage } from './BlogIndexPage'
import { gamingPage } from './GamingPage'
import { homePage } from './HomePage'
import { legalPage } from './LegalPage'
import { tryOnPage } from './TryOnPage'
import { tryPage } from './TryPage'
import type { PageModule } from '../schemas/page-module'

export interface PageRoute {
  path: string
  page: PageModule
  /** Listed in sitemap.xml. */
  listed: boolean
}

/**
 * Every public page of the spec (section 2) and the blog, in one table; each is listed in
 * sitemap.xml. A post is a Markdown file in src/content/blog: its route comes from its slug.
 * APIs, the feed, the unlisted /update page and the 404 are mounted in worker.ts.
 */
export const pageRoutes: PageRoute[] = [
  { path: '/', page: homePage, listed: true },
  { path: '/about-us', page: aboutUsPage, listed: true },
  { path: '/try-on', page: tryOnPage, listed: true },
  { path: '/gaming', page: gamingPage, listed: true },
  { path: '/try', page: tryPage, listed: true },
  { path: '/blog', page: blogIndexPage, listed: true },
  ...posts.map((post) => ({ path: `/${post.slug}`, page: articlePage(post), listed: true })),
  ...legalDocuments.map((doc) => ({ path: `/${doc.slug}`, page: legalPage(doc), listed: true })),
]
