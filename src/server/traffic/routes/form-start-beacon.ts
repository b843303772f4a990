/**
 * POST /api/form-start (issue 63): a campaign form's island sends its page's address here once,
 * on the visitor's first input in the form, and the page's form starts count it. No id and no
 * cookie: the visitor is the day's hash the views use. The same guards as the view beacon: a post
 * a browser does not mark as ours is 403, a body over START_BODY_LIMIT 413; then only a landing
 * page of the site counts (the page table bounds the rows), never a bot's, under VIEW_LIMITER.
 * Always 204 otherwise: nothing to read back.
 */
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../../app-env'
import { sameOriginForm } from '../../platform/http'
import { waitUntilOf } from '../../platform'

/** A page's address, with room to spare: a longer body is no browser's beacon. */
export const START_BODY_LIMIT = 1024

/**
 * What the site does with a start once the counter has it (an experiment's arm is credited with
 * it): `counted` says whether it was counted. The site passes it in; traffic knows no experiment.
 */
export type AfterStart = (c: Context<AppEnv>, page: string, counted: Promise<boolean>) => void

/** `landingPaths`: the addresses of the site's landing pages now, whose forms may be started. */
export function formStartBeacon(
  landingPaths: (c: Context<AppEnv>) => Promise<readonly string[]>,
  after: AfterStart,
) {
  const beacon = new Hono<AppEnv>()
  beacon.post(
    '/',
    sameOriginForm,
    bodyLimit({ maxSize: START_BODY_LIMIT, onError: (c) => c.body(null, 413) }),
    async (c) => {
      const page = URL.parse((await c.req.text()).trim())
      const { counter: traffic } = c.var.services.traffic
      const url = new URL(c.req.url)
      if (!traffic.ok || !page || page.origin !== url.origin) return c.body(null, 204)
      if (!(await landingPaths(c)).includes(page.pathname)) return c.body(null, 204)
      const counted = traffic.value.countsStart(c.req.raw.headers, url, page.pathname, waitUntilOf(c))
      after(c, page.pathname, counted)
      return c.body(null, 204)
    },
  )
  beacon.all('/', (c) => c.json({ error: 'Use POST.' }, 405, { Allow: 'POST' }))
  return beacon
}
