/**
 * The public site, as one sub-app beside the console (../console/index.ts): src/worker.ts mounts it
 * with `mountSite`. It is:
 * 1. robots.txt, sitemap.xml and the old /ecommerce links (./seo.ts), the feed and the media library;
 * 2. each fixed page of the page table (pages/page-table.ts) at its path in each locale it is
 *    published in (`/about-us`, `/de/about-us`: lib/locales.ts, docs/locales.md), and that path with
 *    a trailing slash sent to it (`/de` to `/de/`, the German home); never a redirect by language;
 * 3. a post or a landing page at /<slug> while the content service publishes one by that slug (the
 *    repository's or the console's); a landing page taken off the site is 410 Gone unless a redirect
 *    takes its address; the slug with a trailing slash is sent to it; a post's edition in another locale
 *    at /<code>/<slug> while one is published (./locale-posts.ts), the post and it naming each other;
 * 4. every address nobody answers (./not-found.ts): a console redirect, if one takes it, else the 404 page.
 * Around each page of the site, a visitor's view (./views.ts): the experiments' arms before it, the
 * view count and the arms' exposure side by side after it. The renderer every page goes through is
 * ./render.tsx, installed by the worker for every request.
 */
import { Hono } from 'hono'
import { gonePage } from '../../pages/NotFoundPage'
import { alternatesOf, DEFAULT_LOCALE, localePath, locales, type Alternate } from '../../lib/locales'
import { addressedPage, pageRoutes, routeLocales } from '../../pages/page-table'
import type { SiteContent } from '../../schemas/site-copy'
import type { AppEnv } from '../app-env'
import { feedRoutes } from '../studio/routes/feed'
import { mediaLibraryRoutes } from '../studio/routes/media-library'
import { rememberLanding } from '../traffic/http'
import { localePostRoutes, postAlternates } from './locale-posts'
import { notFound } from './not-found'
import { seoRoutes } from './seo'
import { chooseArms, countView, pageView } from './views'

const site = new Hono<AppEnv>()
site.route('/', seoRoutes)
site.route('/', feedRoutes)
site.route('/', mediaLibraryRoutes)

for (const route of pageRoutes) {
  const alternates = alternatesOf(route.path, routeLocales(route))
  for (const { code: locale, path } of alternates) {
    // The experiments try every locale's page: each shows the arms of its own locale's editions (site/page-state.ts).
    site.get(path, rememberLanding, pageView(path), (c) => c.render(route.page, { path, locale, alternates }))
    // A page asked for with a trailing slash goes to its one canonical address (a locale's home, without, to it).
    if (path === '/') continue
    if (path.endsWith('/')) site.get(path.slice(0, -1), (c) => c.redirect(path, 301))
    else site.get(`${path}/`, (c) => c.redirect(path, 301))
  }
}

site.route('/', localePostRoutes)

const SLUG_PATH = '/:slug{[a-z0-9]+(?:-[a-z0-9]+)*}'

/** A landing page's versions: English, and each locale with a published edition of it (none for a post). */
function addressedAlternates(content: SiteContent, slug: string): Alternate[] {
  if (!content.pages.some((page) => page.slug === slug)) return []
  const codes = locales()
    .map((row) => row.code)
    .filter((code) => code === DEFAULT_LOCALE || addressedPage(content, slug, code))
  return codes.length > 1 ? alternatesOf(`/${slug}`, codes) : []
}

// A landing page's edition in another locale, at /de/<slug> while it is published (else a 404).
for (const { code: locale } of locales().filter((row) => row.code !== DEFAULT_LOCALE)) {
  site.get(`/${locale}${SLUG_PATH}`, rememberLanding, async (c) => {
    const content = await c.var.services.studio.content.current()
    const slug = c.req.param('slug')
    if (!addressedPage(content, slug, locale)) return c.notFound()
    const path = localePath(locale, `/${slug}`)
    const alternates = addressedAlternates(content, slug)
    // Drawn from the content in this locale (the render applies its words), with the arms of an
    // experiment on this page's edition in that locale (never the English page's).
    await chooseArms(c)
    const page = (localized: SiteContent) =>
      addressedPage(localized, slug, locale) ?? addressedPage(content, slug, locale)!
    const response = await c.render(page, { path, locale, alternates })
    countView(c, response.status, path)
    return response
  })
  site.get(`/${locale}${SLUG_PATH}/`, async (c) => {
    const found = addressedPage(await c.var.services.studio.content.current(), c.req.param('slug'), locale)
    return found ? c.redirect(localePath(locale, `/${c.req.param('slug')}`), 301) : c.notFound()
  })
}

site.get(SLUG_PATH, rememberLanding, async (c) => {
  const content = await c.var.services.studio.content.current()
  const slug = c.req.param('slug')
  const page = addressedPage(content, slug)
  const { redirects } = c.var.services.studio
  const gone = !page && content.gonePages.includes(slug) && !(await redirects.lookup(`/${slug}`))
  if (!page && !gone) return c.notFound()
  await chooseArms(c)
  if (!page) return c.render(gonePage, { status: 410, path: null })
  // Drawn from the site as this visitor is shown it: a tested post or landing page in its arm's version.
  const shown = (edition: SiteContent) => addressedPage(edition, slug) ?? page
  // A slug is a post's or a landing page's, never both: the versions of whichever it is.
  const posts = postAlternates(content, slug)
  const alternates = posts.length ? posts : addressedAlternates(content, slug)
  const response = await c.render(shown, { path: `/${slug}`, alternates })
  countView(c, response.status, `/${slug}`)
  return response
})
site.get(`${SLUG_PATH}/`, async (c) => {
  const page = addressedPage(await c.var.services.studio.content.current(), c.req.param('slug'))
  return page ? c.redirect(`/${c.req.param('slug')}`, 301) : c.notFound()
})

/**
 * Mounts the site on the worker's app, after the APIs and the console: its routes, and its 404 as
 * the app's (a sub-app's own 404 never runs: Hono asks the app's).
 */
export function mountSite(app: Hono<AppEnv>): void {
  app.route('/', site)
  app.notFound(notFound)
}

export { renderer } from './render'
export { errorPage } from './not-found'
export { armsShown, contactSite, exposePrerender, landingPaths, sitePaths, startInArms } from './views'
