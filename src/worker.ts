import { Hono, type Context } from 'hono'
import type { Bindings } from './env'
import { log, redacted } from './lib/log'
import { withQuery } from './lib/redirect-rules'
import { gonePage, notFoundPage } from './pages/NotFoundPage'
import { pagePaths, pageRoutes, addressedPage } from './pages/page-table'
import type { AppEnv } from './server/app-env'
import { servicesFor } from './server/isolate'
import { handleQueue } from './server/leads/jobs/lead-delivery'
import { handleScheduled } from './server/maintenance'
import { rememberLanding } from './server/traffic/middleware/attribution'
import { countPageView, countView, type AfterView } from './server/traffic/middleware/count-view'
import { httpsOnly } from './server/platform/middleware/https-only'
import { securityHeaders } from './server/platform/middleware/security'
import { siteOrigin } from './server/platform/middleware/site-origin'
import { provideServices } from './server/platform/middleware/services'
import { renderErrorPage, renderPage } from './server/platform/render/render'
import { mountConsole, mountLazily } from './server/console/lazy'
import { contactApi } from './server/leads/routes/contact'
import { feedRoutes } from './server/studio/routes/feed'
import { mediaLibraryRoutes } from './server/studio/routes/media-library'
import { seoRoutes } from './server/platform/routes/seo'
import { settingsApi } from './server/viewer-url/routes/settings'
import { viewBeacon } from './server/traffic/routes/view-beacon'
import { waitUntilOf } from './server/platform/wait-until'

/**
 * The worker: security headers, https and the services on every request, then the APIs, the
 * admin console, the public pages from the route table, and the 404 and error pages. The queue
 * consumer delivers leads; the Cron Triggers sweep and apply the retention policy. All three get
 * their services from the one composition root (server/isolate.ts).
 */
export const app = new Hono<AppEnv>()

app.use(securityHeaders)
app.use(httpsOnly)
app.use(provideServices(servicesFor))
app.use(siteOrigin)

// The site's parts meet here: a lead counts for the arms its visitor saw, and a counted view of a
// tested page is its arm's exposure (traffic and leads know no experiment).
const exposeArms: AfterView = (c, view, counted) =>
  c.var.services.studio.experiments.expose(view, waitUntilOf(c), counted, c.get('assignment'))
const pathsNow = async (c: Context<AppEnv>) => pagePaths(await c.var.services.studio.content.current())

app.route(
  '/api/contact',
  contactApi((c, id) => c.var.services.studio.experiments.credit(id, c.req.raw.headers, new URL(c.req.url))),
)
app.route('/api/settings', settingsApi)
app.route('/api/view', viewBeacon(pathsNow, exposeArms))
// The viewer URL's own form, for the people who change it: loaded with its first request too.
const updateRoutes = mountLazily(app, '/update', () =>
  import('./server/viewer-url/routes/update').then(({ updatePage }) => updatePage),
)

// The console loads with its first request (server/console/lazy.ts): no visitor's isolate parses it.
const adminConsole = mountConsole(app, '/admin', servicesFor)
/**
 * Loads the console and the other lazy routes now, as their first requests would, with their
 * routes in app.routes (the role test walks them).
 */
export const loadConsole = () =>
  Promise.all([adminConsole, updateRoutes, reviewRoutes].map((lazy) => lazy.load()))

app.route('/', seoRoutes)
app.route('/', feedRoutes)
app.route('/', mediaLibraryRoutes)

for (const route of pageRoutes) {
  app.get(route.path, rememberLanding, countPageView(route.path, exposeArms), (c) =>
    renderPage(c, route.page, { path: route.path }),
  )
}

// The reviewers' share links (a draft shown before it is published): rare, loaded with their first request.
const reviewRoutes = mountLazily(app, '/review', () =>
  import('./server/studio/routes/admin/draft-views').then((views) => views.reviewRoutes),
)

// A post or a landing page is at /<slug> while the content service publishes one by that slug
// (the repository's or the console's); a landing page taken off the site is 410 Gone unless a
// redirect takes its address; any other such address is the 404 page.
const POST_PATH = '/:slug{[a-z0-9]+(?:-[a-z0-9]+)*}'
app.get(POST_PATH, rememberLanding, async (c) => {
  const site = await c.var.services.studio.content.current()
  const slug = c.req.param('slug')
  const page = addressedPage(site, slug)
  if (!page && site.gonePages.includes(slug) && !(await c.var.services.studio.redirects.lookup(`/${slug}`))) {
    return renderPage(c, gonePage, { status: 410, path: null })
  }
  if (!page) return c.notFound()
  const response = await renderPage(c, page, { path: `/${slug}` })
  countView(c, exposeArms, response.status, `/${slug}`)
  return response
})
app.get(`${POST_PATH}/`, async (c) => {
  const page = addressedPage(await c.var.services.studio.content.current(), c.req.param('slug'))
  return page ? c.redirect(`/${c.req.param('slug')}`, 301) : c.notFound()
})

// An address the site does not serve: a console redirect, if one takes it (the request's query
// goes along, so a campaign link to an old address keeps its attribution), else the 404 page.
app.notFound(async (c) => {
  const url = new URL(c.req.url)
  const redirect =
    c.req.method === 'GET' || c.req.method === 'HEAD'
      ? await c.var.services.studio.redirects.lookup(url.pathname)
      : null
  if (redirect) return c.redirect(withQuery(redirect.location, url.search), redirect.status as 301 | 302)
  log.warn('pages', '404 Not Found', { path: url.pathname })
  const response = await renderPage(c, notFoundPage, { status: 404, path: null })
  countView(c, exposeArms, 404)
  return response
})

app.onError((error, c) => {
  // The alert leaves through a webhook: no share link's or invitation's token goes with it.
  const path = redacted(new URL(c.req.url).pathname)
  log.error('app', 'Unhandled error', { path, error })
  const alerts = c.var.services?.platform.alerts
  if (alerts) waitUntilOf(c).waitUntil(alerts.siteError(`500 on ${path}`, error))
  return renderErrorPage(c, error)
})

/** Durable Object classes must be exported by the main module. */
export { SignInGuard } from './server/people/storage/sign-in-guard'

export default {
  fetch: app.fetch,
  queue: (batch, env) => handleQueue(batch, servicesFor(env)),
  scheduled: (controller, env) => handleScheduled(controller, servicesFor(env)),
} satisfies ExportedHandler<Bindings>
