/**
 * A post's edition in another locale (docs/locales.md, "Which pages are in which locale"): at
 * `/<code>/<slug>` while the content service publishes one (`content.localePosts`), else nobody's
 * (the 404). The English post and its editions name each other as alternates (hreflang, the
 * switcher, the sitemap); a post without an edition names none, as before.
 */
import { Hono } from 'hono'
import { alternatesOf, DEFAULT_LOCALE, localePath, locales, type Alternate } from '../../lib/locales'
import { articlePage } from '../../pages/ArticlePage'
import type { Post } from '../../schemas/posts'
import type { SiteContent } from '../../schemas/site-copy'
import type { AppEnv } from '../app-env'
import { rememberLanding } from '../traffic/http'
import { chooseArms, countView } from './views'

/** A post's published edition in `code`, if it has one. */
export const localePost = (site: SiteContent, code: string, slug: string): Post | undefined =>
  site.localePosts?.[code]?.find((post) => post.slug === slug)

/** A post's versions: English and each locale it has a published edition in; none when it has no edition. */
export function postAlternates(site: SiteContent, slug: string): Alternate[] {
  const codes = locales()
    .map((row) => row.code)
    .filter((code) => code === DEFAULT_LOCALE || localePost(site, code, slug))
  return codes.length > 1 ? alternatesOf(`/${slug}`, codes) : []
}

/** The editions' addresses, one route per locale other than the default (the slug as a post's). */
export const localePostRoutes = new Hono<AppEnv>()

const SLUG = ':slug{[a-z0-9]+(?:-[a-z0-9]+)*}'
for (const { code } of locales().filter((row) => row.code !== DEFAULT_LOCALE)) {
  // No post of that slug in the locale: the address may be a landing page's edition (site/index.ts).
  localePostRoutes.get(`/${code}/${SLUG}`, rememberLanding, async (c, next) => {
    const content = await c.var.services.studio.content.current()
    const slug = c.req.param('slug')
    const post = localePost(content, code, slug)
    if (!post) return next()
    const path = localePath(code, `/${slug}`)
    const alternates = postAlternates(content, slug)
    // Drawn from the site as this visitor is shown it: an experiment's version of this edition.
    await chooseArms(c)
    const shown = (site: SiteContent) => articlePage(localePost(site, code, slug) ?? post, path)
    const response = await c.render(shown, { path, locale: code, alternates })
    countView(c, response.status, path)
    return response
  })
  localePostRoutes.get(`/${code}/${SLUG}/`, async (c, next) => {
    const slug = c.req.param('slug')
    const post = localePost(await c.var.services.studio.content.current(), code, slug)
    return post ? c.redirect(localePath(code, `/${slug}`), 301) : next()
  })
}
