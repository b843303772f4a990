/**
 * On the routes that read or change the stored viewer address: the address service itself
 * (`c.var.viewerUrl`), or the one 503 that says why its store cannot run.
 */
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../app-env'
import type { AnswerStyle } from '../../platform/http'

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
