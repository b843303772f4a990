import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { TrieRouter } from 'hono/router/trie-router'
import type { AppEnv } from '../../app-env'
import { log } from '../../../lib/log'

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS']

/**
 * Whether the browser says the request comes from another site, and whether it says it is ours. A
 * page under `Referrer-Policy: no-referrer` (a draft view: studio/routes/admin/draft-views.ts) has
 * its forms post with `Origin: null`; with `Sec-Fetch-Site: same-origin`, which no page can set, the
 * browser still says it is ours, so that pair counts as no Origin at all (a sandboxed frame's or a
 * data: page's `null` comes with `cross-site`, and stays foreign).
 */
function provenance(c: Context<AppEnv>) {
  const site = c.req.header('Sec-Fetch-Site')
  const stated = c.req.header('Origin')
  const origin = stated === 'null' && site === 'same-origin' ? undefined : stated
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

/** The pages a console post may come from, as a test of a decoded path (see `consolePages`). */
export type ConsolePages = (path: string) => boolean

/**
 * The console's pages, listed by their route patterns (`/admin/posts/:id`, Hono's syntax): a path is
 * one of them when it is exactly such an address. The list names the pages that may post; a page
 * it does not name (a public page, a draft view, an address nobody serves) may not.
 */
export function consolePages(patterns: Iterable<string>): ConsolePages {
  const router = new TrieRouter<true>()
  for (const pattern of new Set(patterns)) router.add('GET', pattern, true)
  return (path) => router.match('GET', path)[0].length > 0
}

/**
 * A path as the routes read it, decoded segment by segment (`/admin/%70osts` is `/admin/posts`,
 * as Hono routes it); undefined when a segment does not decode, or decodes to a separator
 * (`%2F`, `%5C`), so no spelling of an address can stand for another one.
 */
function decodedPath(pathname: string): string | undefined {
  const segments: string[] = []
  for (const raw of pathname.split('/')) {
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      return undefined
    }
    if (/[/\\]/.test(segment)) return undefined
    segments.push(segment)
  }
  const path = segments.join('/')
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
}

/** Whether the page that sent a post is one of `pages` on this site (never a public page or a draft view). */
function fromConsolePage(referer: string | undefined, self: string, pages: ConsolePages): boolean {
  const page = URL.parse(referer ?? '')
  if (!page || page.origin !== self) return false
  const path = decodedPath(page.pathname)
  return path !== undefined && pages(path)
}

/**
 * For the console's posts (/admin, /update): ours by sameOriginForm, and sent from one of the pages
 * `pages()` lists. The Referer (same-origin, so the whole address under
 * strict-origin-when-cross-origin) names the page; a public page, a draft view (a preview or a
 * share link: studio/routes/admin/draft-views.ts, which are never listed and send no Referer at all), or
 * a post with no Referer (a form with rel=noreferrer) is refused. Then whatever a post or a draft
 * holds, no page an editor writes can drive an action.
 */
export const consoleForm = (pages: () => ConsolePages) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.includes(c.req.method)) return next()
    const { foreign, ours, site, origin } = provenance(c)
    if (foreign || !ours) return refused(c, site, origin)
    const referer = c.req.header('Referer')
    if (fromConsolePage(referer, new URL(c.req.url).origin, pages())) return next()
    const from = URL.parse(referer ?? '')?.pathname ?? '-'
    log.warn(
      'access',
      `refused a ${c.req.method} ${new URL(c.req.url).pathname} sent from ${from}, not a console page`,
    )
    return c.text(NOT_FROM_CONSOLE, 403)
  })

const NOT_FROM_CONSOLE =
  'This change was not made: it was not sent from a page of the console. Go back to the console, reload the page and try again.'
