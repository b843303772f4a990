import { Hono } from 'hono'
import type { AppEnv, Bindings } from './env'
import { log } from './lib/log'
import { notFoundPage } from './pages/NotFoundPage'
import { contactApi } from './server/routes/contact'
import { settingsApi } from './server/routes/settings'
import { httpsOnly } from './server/middleware/https-only'
import { securityHeaders } from './server/middleware/security'
import { handleQueue } from './server/jobs/lead-delivery'
import { handleScheduled } from './server/jobs/maintenance'
import { rememberLanding } from './server/middleware/attribution'
import { renderErrorPage, renderPage } from './server/render/render'
import { pageRoutes } from './server/routes/pages'
import { seoRoutes } from './server/routes/seo'
import { updatePage } from './server/routes/update'
import { adminConsole } from './server/routes/admin/console'

/**
 * The worker: security headers and https on every response, then the APIs, the admin pages,
 * the public pages from the route table, and the 404 and error pages. The queue consumer
 * delivers leads; the Cron Triggers sweep and apply the retention policy.
 */
export const app = new Hono<AppEnv>()

app.use(securityHeaders)
app.use(httpsOnly)

app.route('/api/contact', contactApi)
app.route('/api/settings', settingsApi)
app.route('/update', updatePage)
app.route('/admin', adminConsole)
app.route('/', seoRoutes)

for (const route of pageRoutes) {
  app.get(route.path, rememberLanding, (c) => renderPage(c, route.page, { path: route.path }))
}

app.notFound((c) => {
  log.warn('pages', `404 Not Found: ${new URL(c.req.url).pathname}`)
  return renderPage(c, notFoundPage, { status: 404, path: null })
})

app.onError((error, c) => {
  log.error(
    'app',
    `Unhandled error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  )
  return renderErrorPage(c, error)
})

/** Durable Object classes must be exported by the main module. */
export { SignInGuard } from './server/storage/sign-in-guard'

export default {
  fetch: app.fetch,
  queue: handleQueue,
  scheduled: handleScheduled,
} satisfies ExportedHandler<Bindings>
