import { Hono } from 'hono'
import type { AppEnv } from './env'
import { notFoundPage } from './pages/NotFoundPage'
import { securityHeaders } from './server/middleware/security'
import { renderErrorPage, renderPage } from './server/render'
import { pageRoutes } from './server/routes'

/** The worker: security headers on everything, then pages from the route table, APIs, 404 and 500. */
export const app = new Hono<AppEnv>()

app.use(securityHeaders)

for (const route of pageRoutes) {
  app.get(route.path, (c) => renderPage(c, route.page))
}

app.notFound((c) => {
  console.warn('404 Not Found:', new URL(c.req.url).pathname)
  return renderPage(c, notFoundPage, 404)
})

app.onError((error, c) => {
  console.error('Unhandled error:', error)
  return renderErrorPage(c, error)
})

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<AppEnv['Bindings']>
