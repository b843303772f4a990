import { legalDocuments } from '../content/pages/legal'
import { DEFAULT_LOCALE, locales, localePath } from '../lib/locales'
import type { PageModule } from '../schemas/page-module'
import type { SiteContent } from '../schemas/site-copy'
import { aboutUsPage } from './AboutUsPage'
import { articlePage } from './ArticlePage'
import { blogIndexPage } from './BlogIndexPage'
import { composedPage } from './ComposedPage'
import { gamingPage } from './GamingPage'
import { homePage } from './HomePage'
import { legalPage } from './LegalPage'
import { tryOnPage } from './TryOnPage'
import { tryPage } from './TryPage'

/** A page of the site, drawn from the site's content as it is now (studio/services/content.ts). */
export type SitePage = (site: SiteContent) => PageModule

export interface PageRoute {
  path: string
  page: SitePage
  /** Listed in sitemap.xml. */
  listed: boolean
  /**
   * The locales it is published in, when not every one (lib/locales.ts): the legal pages are the
   * default's only (docs/locales.md), and so out of every other locale's hreflang, sitemap and switcher.
   */
  locales?: readonly string[]
}

/**
 * Every fixed public page of the spec (section 2), in one table; each is listed in sitemap.xml.
 * Posts and landing pages have addresses of their own (addressedPage): the repository's Markdown
 * and the console's, whatever the content service publishes. APIs, the feed, /update and the 404 are in worker.ts.
 */
export const pageRoutes: PageRoute[] = [
  { path: '/', page: homePage, listed: true },
  { path: '/about-us', page: aboutUsPage, listed: true },
  { path: '/try-on', page: tryOnPage, listed: true },
  { path: '/gaming', page: gamingPage, listed: true },
  { path: '/try', page: tryPage, listed: true },
  { path: '/blog', page: blogIndexPage, listed: true },
  ...legalDocuments.map((doc) => ({
    path: `/${doc.slug}`,
    page: () => legalPage(doc),
    listed: true,
    locales: [DEFAULT_LOCALE],
  })),
]

/** The locales a fixed page is published in: its own list, else every locale of the site. */
export function routeLocales(route: PageRoute): readonly string[] {
  return route.locales ?? locales().map((row) => row.code)
}

/**
 * The page at `/<slug>`: the published post or landing page of that address (one namespace: the
 * studio gives an address to one of them only), or undefined when there is none. In another locale
 * (`/de/<slug>`), that locale's edition of the landing page, when it has a published one.
 */
export function addressedPage(
  site: SiteContent,
  slug: string,
  locale = DEFAULT_LOCALE,
): PageModule | undefined {
  if (locale !== DEFAULT_LOCALE) {
    const page = site.localePages?.[locale]?.find((candidate) => candidate.slug === slug)
    return page && composedPage(page, site.posts)
  }
  const post = site.posts.find((candidate) => candidate.slug === slug)
  if (post) return articlePage(post)
  const page = site.pages.find((candidate) => candidate.slug === slug)
  return page && composedPage(page, site.posts)
}

/** Every address of a page the site shows now: the fixed pages, the published posts and landing pages. */
export function pagePaths(site: SiteContent): string[] {
  return [
    ...pageRoutes.flatMap((route) => routeLocales(route).map((code) => localePath(code, route.path))),
    ...site.posts.map((post) => `/${post.slug}`),
    ...landingPagePaths(site),
  ]
}

/** Every published landing page's address: `/<slug>`, and `/de/<slug>` for each with a German edition. */
export function landingPagePaths(site: SiteContent): string[] {
  return [
    ...site.pages.map((page) => `/${page.slug}`),
    ...Object.entries(site.localePages ?? {}).flatMap(([code, pages = []]) =>
      pages.map((page) => localePath(code, `/${page.slug}`)),
    ),
  ]
}
