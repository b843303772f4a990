/**
 * Hands the composition root's services to every request (`c.var.services`). The wings that need
 * one of their services ready before a route runs say so with their own require… middleware
 * (viewer-url/middleware/require-viewer-url.ts, traffic/middleware/require-traffic.ts).
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
