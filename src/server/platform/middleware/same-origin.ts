import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../app-env'
import { log } from '../../../lib/log'

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

/** A draft's preview shows an editor's words under /admin; a post from it is not the console's. */
const PREVIEW_PATH = /^\/admin\/(content|posts)\/[^/]+\/preview\/?$/

/** Whether the page that sent a post is one of the console's own (not a public page, not a preview). */
export function fromConsolePage(referer: string | undefined, self: string): boolean {
  const page = URL.parse(referer ?? '')
  if (!page || page.origin !== self) return false
  const { pathname } = page
  const console = pathname === '/update' || pathname === '/admin' || pathname.startsWith('/admin/')
  return console && !PREVIEW_PATH.test(pathname)
}

/**
 * For the console's posts (/admin, /update): ours by sameOriginForm, and sent from a console page.
 * The Referer (same-origin, so the whole address under strict-origin-when-cross-origin) names
 * the page; a public page, a preview, or a post with no Referer (a form with rel=noreferrer) is
 * refused. Then whatever a post or a preview holds, no page an editor writes can drive an action.
 */
export const consoleForm = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.includes(c.req.method)) return next()
  const { foreign, ours, site, origin } = provenance(c)
  if (foreign || !ours) return refused(c, site, origin)
  const referer = c.req.header('Referer')
  if (fromConsolePage(referer, new URL(c.req.url).origin)) return next()
  const from = URL.parse(referer ?? '')?.pathname ?? '-'
  log.warn(
    'access',
    `refused a ${c.req.method} ${new URL(c.req.url).pathname} sent from ${from}, not a console page`,
  )
  return c.text(NOT_FROM_CONSOLE, 403)
})

export const NOT_FROM_CONSOLE =
  'This change was not made: it was not sent from a page of the console. Go back to the console, reload the page and try again.'
