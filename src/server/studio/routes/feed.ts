import { Hono, type Context } from 'hono'
import { localeWords } from '../../../content/locales'
import { DEFAULT_LOCALE, localePath, locales } from '../../../lib/locales'
import { FEED_PATH } from '../../../lib/worker-addresses'
import { escapeXml } from '../../../lib/xml'
import type { Post } from '../../../schemas/posts'
import type { SiteContent } from '../../../schemas/site-copy'
import type { AppEnv } from '../../app-env'
import { contentInLocale } from '../services/locale-content'

/** Feed readers poll; the feed changes with a deploy or a post published in the console. */
const FEED_CACHE_CONTROL = 'public, max-age=3600'

/** RFC 822 date of a YYYY-MM-DD day, as RSS 2.0 asks. */
const rfc822 = (date: string) => new Date(`${date}T00:00:00Z`).toUTCString()

/**
 * /rss.xml: RSS 2.0 with every post, newest first, with absolute links on the site origin
 * (SITE_ORIGIN, else the request's). Every page's head links to it (components/layout/Document.tsx).
 * Each other locale has its own (/de/rss.xml, docs/locales.md): its published post editions only,
 * at their addresses, under its blog's words, `<language>` its code; its pages link to it.
 */
export const feedRoutes = new Hono<AppEnv>()

function feed(c: Context<AppEnv>, locale: string, site: SiteContent, posts: readonly Post[]) {
  const origin = c.var.siteOrigin
  const { blogIndex } = site.copy
  const items = posts.map((post) => {
    const link = escapeXml(origin + localePath(locale, `/${post.slug}`))
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <pubDate>${rfc822(post.date)}</pubDate>`,
      `      <dc:creator>${escapeXml(post.author)}</dc:creator>`,
      `      <description>${escapeXml(post.description)}</description>`,
      '    </item>',
    ].join('\n')
  })
  const newest = posts[0]
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(blogIndex.feed.title)}</title>`,
    `    <link>${escapeXml(origin + localePath(locale, '/blog'))}</link>`,
    `    <description>${escapeXml(blogIndex.feed.description)}</description>`,
    `    <language>${escapeXml(locale)}</language>`,
    `    <atom:link href="${escapeXml(origin + localePath(locale, FEED_PATH))}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${rfc822(newest.date)}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
  return c.body(body, 200, {
    'Content-Type': 'application/rss+xml; charset=utf-8',
    'Cache-Control': FEED_CACHE_CONTROL,
  })
}

feedRoutes.get(FEED_PATH, async (c) => {
  const site = await c.var.services.studio.content.current()
  return feed(c, DEFAULT_LOCALE, site, site.posts)
})

for (const { code } of locales().filter((row) => row.code !== DEFAULT_LOCALE))
  feedRoutes.get(localePath(code, FEED_PATH), async (c) => {
    const site = await c.var.services.studio.content.current()
    const local = await contentInLocale(site, await localeWords(code), code)
    return feed(c, code, local, site.localePosts?.[code] ?? [])
  })
