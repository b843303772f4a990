import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../env'
import { log } from '../../lib/log'

/**
 * Refuses state-changing browser requests from other sites. Hono's csrf() skips JSON bodies,
 * so this checks every unsafe method: a browser always sends Sec-Fetch-Site or Origin; when it
 * says cross-site, or names another origin, the request is refused with 403. Requests with
 * neither header (curl, server-to-server) are not from a browser and pass to the auth check.
 */
export const sameOrigin = createMiddleware<AppEnv>(async (c, next) => {
  if (['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)) return next()
  const site = c.req.header('Sec-Fetch-Site')
  const origin = c.req.header('Origin')
  const self = new URL(c.req.url).origin
  const crossSite = site !== undefined && site !== 'same-origin' && site !== 'none'
  const foreignOrigin = origin !== undefined && origin !== self
  if (crossSite || foreignOrigin) {
    log.warn(
      'access',
      `refused a cross-origin ${c.req.method} ${new URL(c.req.url).pathname} (Origin ${origin ?? '-'}, Sec-Fetch-Site ${site ?? '-'})`,
    )
    return c.json({ error: 'Cross-origin requests are not allowed.' }, 403)
  }
  return next()
})
