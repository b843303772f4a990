/**
 * The console as a lazy sub-app (issue 58): most of its code is pages no visitor sees, so the
 * worker's entry does not carry it. src/worker.ts mounts this stand-in at /admin; the console's
 * module (./index.ts, with every console part) is imported on the first request under it, once
 * per isolate, and then serves every request there. The other console-only routes (/update, the
 * reviewers' share links under /review) are mounted the same way.
 *
 * What the eager mount gave the console, it still has:
 * - the request's context: the console runs as an app of its own (its guards in their order), but
 *   starts from the parent's variables (the CSP nonce, the services, the site origin), and what
 *   it sets (the signed-in admin, a page's CSP needs) goes back to the parent's middleware, which
 *   still wraps every answer (security headers, https, noindex off the canonical host); and the
 *   parent's renderer: `c.render` renders with the parent's context (server/site/render.tsx);
 * - the parent's 404 (a console redirect, else the 404 page) and error page: a console error is
 *   thrown on to the parent's onError, as it was;
 * - the route table: once loaded, the console's routes are listed in the parent's `routes` as
 *   `app.route` would list them (the role test walks them; `loaded` lets it load them first).
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import type { AppEnv, Variables } from '../app-env'
import { waitUntilOf } from '../platform/wait-until'
import type { ServicesFor } from './d1-session'

type ParentContext = Context<AppEnv>

/** Each request the console serves, by its Request, to the parent's context it came through. */
const parents = new WeakMap<Request, ParentContext>()

/** The console's first middleware: the parent's variables in, and what the console set back out. */
const fromParent: MiddlewareHandler<AppEnv> = async (c, next) => {
  const parent = parents.get(c.req.raw)
  if (!parent) throw new Error('The console was reached without the worker around it')
  const copy = (from: ParentContext, to: ParentContext) => {
    for (const [key, value] of Object.entries(from.var)) to.set(key as keyof Variables, value as never)
  }
  copy(parent, c)
  c.setRenderer(parent.render)
  try {
    await next()
  } finally {
    copy(c, parent)
  }
}

/**
 * Mounts the routes `routesOf` imports at `at` of `app`, loaded with their first request. `load`
 * loads them now (what the first request does), with their routes in `app.routes`.
 */
export function mountLazily(app: Hono<AppEnv>, at: string, routesOf: () => Promise<Hono<AppEnv>>) {
  let loading: Promise<Hono<AppEnv>> | undefined
  const load = () =>
    (loading ??= routesOf()
      .then((routes) => {
        const consoleApp = new Hono<AppEnv>()
        consoleApp.use('*', fromParent)
        const first = consoleApp.routes.length
        consoleApp.route(at, routes)
        consoleApp.notFound((c) => parents.get(c.req.raw)!.notFound())
        consoleApp.onError((error) => {
          throw error
        })
        app.routes.push(...consoleApp.routes.slice(first))
        return consoleApp
      })
      .catch((error: unknown) => {
        // A failed load (a deploy's chunk missing, say) is tried again by the next request.
        loading = undefined
        throw error
      }))
  const serve: MiddlewareHandler<AppEnv> = async (c) => {
    const consoleApp = await load()
    parents.set(c.req.raw, c)
    return consoleApp.fetch(c.req.raw, c.env, waitUntilOf(c) as ExecutionContext)
  }
  app.all(at, serve)
  app.all(`${at}/*`, serve)
  return { load }
}

/** The console at `at` (/admin), loaded with its first request. */
export const mountConsole = (app: Hono<AppEnv>, at: string, servicesFor: ServicesFor) =>
  mountLazily(app, at, () => import('./index').then(({ adminConsole }) => adminConsole(servicesFor)))
