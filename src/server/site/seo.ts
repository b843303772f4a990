import { Hono } from 'hono'
import { nav } from '../../content/nav'
import type { AppEnv } from '../app-env'
import { alternatesOf, DEFAULT_LOCALE, localePath, type Alternate } from '../../lib/locales'
import { escapeXml } from '../../lib/xml'
import { pageRoutes, routeLocales } from '../../pages/page-table'
import { postAlternates } from './locale-posts'

/** Crawlers may re-read robots.txt daily; it changes only with a deploy. */
const SEO_CACHE_CONTROL = 'public, max-age=86400'
/** The sitemap changes with every post published in the console: an hour. */
const SITEMAP_CACHE_CONTROL = 'public, max-age=3600'

/**
 * robots.txt and sitemap.xml, with absolute URLs on the site origin (SITE_ORIGIN, else the
 * request's), and redirects that keep one URL per page.
 */
export const seoRoutes = new Hono<AppEnv>()

seoRoutes.get('/robots.txt', (c) => {
  const origin = c.var.siteOrigin
  const body = [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /update',
    'Disallow: /api/',
    'Disallow: /review/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
  return c.text(body, 200, { 'Cache-Control': SEO_CACHE_CONTROL })
})

seoRoutes.get('/sitemap.xml', async (c) => {
  const origin = c.var.siteOrigin
  const site = await c.var.services.studio.content.current()
  const { posts, pages, localePages = {} } = site
  // A post's lastmod is its date, a landing page's the day it was published; the fixed pages carry
  // none (they change with deploys, not with a date). A page kept from search engines is left out.
  // A fixed page is listed once per locale it is published in, each naming all its versions.
  const entries: { path: string; lastmod?: string; alternates?: Alternate[] }[] = [
    ...pageRoutes
      .filter((route) => route.listed)
      .flatMap((route) => {
        const alternates = alternatesOf(route.path, routeLocales(route))
        return alternates.map(({ path }) => ({ path, alternates: alternates.length > 1 ? alternates : [] }))
      }),
    // A post with editions in other locales is listed at each address, each naming them all.
    ...posts.flatMap((post) => {
      const alternates = postAlternates(site, post.slug)
      const paths = alternates.length ? alternates.map((alternate) => alternate.path) : [`/${post.slug}`]
      return paths.map((path) => ({ path, lastmod: post.date, alternates }))
    }),
    // A landing page with a German edition is listed in each of its locales, each naming both.
    ...pages
      .filter((page) => page.search === 'listed')
      .flatMap((page) => {
        const versions = [
          { code: DEFAULT_LOCALE, page },
          ...Object.entries(localePages).flatMap(([code, list = []]) =>
            list.filter((other) => other.slug === page.slug).map((other) => ({ code, page: other })),
          ),
        ]
        const alternates = alternatesOf(
          `/${page.slug}`,
          versions.map((version) => version.code),
        )
        return versions.map(({ code, page: version }) => ({
          path: localePath(code, `/${page.slug}`),
          lastmod: version.publishedAt?.slice(0, 10),
          alternates: alternates.length > 1 ? alternates : [],
        }))
      }),
  ]
  const urls = entries.map(
    ({ path, lastmod, alternates = [] }) =>
      `  <url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${alternateLinks(origin, alternates)}</url>`,
  )
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
  return c.body(body, 200, {
    'Content-Type': 'application/xml; charset=utf-8',
    'Cache-Control': SITEMAP_CACHE_CONTROL,
  })
})

/** A sitemap entry's language versions (Google's xhtml:link), its own among them, and x-default at the default locale's. */
function alternateLinks(origin: string, alternates: readonly Alternate[]): string {
  const fallback = alternates.find((alternate) => alternate.code === DEFAULT_LOCALE)
  const links = [...alternates, ...(fallback ? [{ code: 'x-default', path: fallback.path }] : [])]
  return links
    .map(
      ({ code, path }) =>
        `<xhtml:link rel="alternate" hreflang="${escapeXml(code)}" href="${escapeXml(origin + path)}"/>`,
    )
    .join('')
}

/**
 * The spec declares paths under /ecommerce/... while navigation uses home-page anchors: old or
 * shared links such as /ecommerce/store-builder land on their section (#store-builder-section).
 */
const ecommerceSections = new Map(
  nav.ecommerce.items.map((item) => [item.section.replace(/-section$/, ''), item.section]),
)

seoRoutes.get('/ecommerce/:slug', (c) => {
  const section = ecommerceSections.get(c.req.param('slug'))
  return section ? c.redirect(`/#${section}`, 301) : c.notFound()
})
