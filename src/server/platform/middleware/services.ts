/**
 * Hands the composition root's services to every request (`c.var.services`), and, on the routes
 * that read or change the stored viewer address, the address service itself (`c.var.viewerUrl`)
 * or the one 503 that says why its store cannot run; the same for the traffic pages and the
 * traffic counter (`c.var.traffic`).
 */
import { createMiddleware } from 'hono/factory'
import type { AppEnv, Bindings, Services } from '../../app-env'

export const provideServices = (servicesFor: (env: Bindings) => Services) =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set('services', servicesFor(c.env))
    await next()
  })

/** How a refusal is written: JSON for the API, plain text for pages (the browser shows it). */
export type AnswerStyle = 'json' | 'text'

export const requireViewerUrl = (style: AnswerStyle) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const service = c.var.services.viewerUrl.service
    if (service.ok) {
      c.set('viewerUrl', service.value)
      return next()
    }
    const headers = { 'Cache-Control': 'no-store' }
    const { message } = service.error
    return style === 'json' ? c.json({ error: message }, 503, headers) : c.text(message, 503, headers)
  })

/** The traffic pages (a page and a CSV download): the counter, or the 503 that says why its store cannot run. */
export const requireTraffic = createMiddleware<AppEnv>(async (c, next) => {
  const service = c.var.services.traffic.counter
  if (service.ok) {
    c.set('traffic', service.value)
    return next()
  }
  return c.text(service.error.message, 503, { 'Cache-Control': 'no-store' })
})
