/** The traffic pages (a page and a CSV download): the counter (`c.var.traffic`), or the 503 that says why its store cannot run. */
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../app-env'

export const requireTraffic = createMiddleware<AppEnv>(async (c, next) => {
  const service = c.var.services.traffic.counter
  if (service.ok) {
    c.set('traffic', service.value)
    return next()
  }
  return c.text(service.error.message, 503, { 'Cache-Control': 'no-store' })
})
