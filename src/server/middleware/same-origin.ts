import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env'
import { log } from '../../lib/log'

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS']

/** Whether the browser says the request comes from another site, and whether it says it is ours. */
function provenance(c: Context<AppEnv>) {
  const site = c.req.header('Sec-Fetch-Site')
  const origin = c.req.header('Origin')
  const self = new URL(c.req.url).origin
  return {
    site,
    origin,
    foreign:
      (site !== undefined && site !== 'same-origin' && site !== 'none') ||
      (origin !== undefined && origin !== self),
    ours: site === 'same-origin' || origin === self,
  }
}

function refused(c: Context<AppEnv>, site?: string, origin?: string) {
  const path = new URL(c.req.url).pathname
  log.warn(
    'access',
    `refused a cross-origin ${c.req.method} ${path} (Origin ${origin ?? '-'}, Sec-Fetch-Site ${site ?? '-'})`,
  )
  return c.json({ error: 'Cross-origin requests are not allowed.' }, 403)
}

/**
 * For the JSON APIs: refuses state-changing browser requests from other sites. Hono's csrf()
 * skips JSON bodies, so this checks every unsafe method: when a browser says cross-site, or
 * names another origin, the answer is 403. Requests with neither header (curl, servers) are not
 * from a browser and go on to the auth check.
 */
export const sameOrigin = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.includes(c.req.method)) return next()
  const { foreign, site, origin } = provenance(c)
  return foreign ? refused(c, site, origin) : next()
})

/**
 * For the admin's form posts (/update, /admin): a browser must show the post is ours, with
 * Origin equal to this site or Sec-Fetch-Site: same-origin. A post with neither is refused too.
 */
export const sameOriginForm = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.includes(c.req.method)) return next()
  const { foreign, ours, site, origin } = provenance(c)
  return !foreign && ours ? next() : refused(c, site, origin)
})
