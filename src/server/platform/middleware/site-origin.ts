/**
 * One canonical origin. With SITE_ORIGIN set (production), every absolute URL the site writes
 * (canonical, Open Graph, JSON-LD, sitemap, feed) uses it, and an answer on any other host (a
 * *.workers.dev or preview address) carries `X-Robots-Tag: noindex`, so no copy of the site is
 * indexed. Without it (locally, in tests) the request's own origin is used, as before.
 */
import { createMiddleware } from 'hono/factory'
import { siteOriginOf } from '../../../lib/endpoints'
import type { AppEnv } from '../../app-env'

export const siteOrigin = createMiddleware<AppEnv>(async (c, next) => {
  const configured = siteOriginOf(c.env.SITE_ORIGIN)
  const own = new URL(c.req.url).origin
  c.set('siteOrigin', configured ?? own)
  await next()
  if (configured && own !== configured && !c.res.headers.has('X-Robots-Tag')) {
    c.res.headers.set('X-Robots-Tag', 'noindex')
  }
})
