import { createMiddleware } from 'hono/factory'
import { isDevelopment } from '../../../env'
import type { AppEnv } from '../../app-env'
import { isLoopbackHost } from '../../../lib/endpoints'

/**
 * In production a plain-http request is answered with a 308 to the same address on https, so
 * no cookie, form or admin credential travels in clear (and no Basic challenge is ever sent over
 * http). Loopback hosts are the exception: `npm run preview`, the browser tests and the tools
 * serve the production build on http://127.0.0.1 and localhost.
 */
export const httpsOnly = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url)
  if (url.protocol !== 'http:' || isDevelopment(c.env) || isLoopbackHost(url.hostname)) return next()
  url.protocol = 'https:'
  return c.redirect(url.href, 308)
})
