/**
 * Counts the answer to a public page request as a page view (traffic/services/traffic.ts decides whether
 * it is one), after the response is made: the count is buffered, never awaited.
 */
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../app-env'
import { waitUntilOf } from '../../platform'
import type { ViewRequest } from '../services/traffic'

/** Paths that are never public pages, whatever they answer. */
const NOT_PUBLIC = /^\/(admin|api|update)(\/|$)/

/**
 * What the site does with a view once the counter has it (an experiment's arm is exposed): `counted`
 * says whether it was counted. The site passes it in; traffic knows no experiment.
 */
export type AfterView = (c: Context<AppEnv>, view: ViewRequest, counted: Promise<boolean>) => void

/**
 * `page`: the path of the page the route serves (its own path, or `/<slug>`), which the view is
 * counted under whatever percent-encoded spelling the request used (security review U2).
 */
export function countView(c: Context<AppEnv>, after: AfterView, status = c.res.status, page?: string): void {
  const { counter: traffic } = c.var.services.traffic
  // A store that cannot run was logged once when it was chosen (server/isolate.ts).
  if (!traffic.ok || NOT_PUBLIC.test(new URL(c.req.url).pathname)) return
  const country = (c.req.raw.cf as { country?: unknown } | undefined)?.country
  const view = {
    method: c.req.method,
    url: c.req.url,
    status,
    headers: c.req.raw.headers,
    country: typeof country === 'string' ? country : undefined,
    page,
  }
  const counted = traffic.value.counts(view, c.req.header('Referer') ?? null, waitUntilOf(c))
  after(c, view, counted)
}

/** On the public page route at `path`: counts the view, under that path, once the page is answered. */
export const countPageView = (path: string, after: AfterView) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next()
    countView(c, after, c.res.status, path)
  })
