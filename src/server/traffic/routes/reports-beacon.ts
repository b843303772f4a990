/**
 * POST /api/reports: the Reporting API's endpoint for the site's pages (issue 62). A visitor's
 * browser posts its queued reports here on its own, as `application/reports+json`, an array of
 * `{type, age, url, user_agent, body}`; the `network-error` ones are counted per day, page and type
 * (traffic/services/network-errors.ts). No Origin check is possible: the browser sends reports
 * outside any page, so a script could post the same. What bounds a forger is the body limit, the
 * per-client limiter, the first 100 reports of a batch and the day's ceiling of rows. No cookie,
 * nothing that identifies a visitor: 204 for any batch read, counted or not.
 */
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../../app-env'
import { waitUntilOf } from '../../platform'
import { networkErrorsOf } from '../services/network-errors'

/** A batch's largest body: 100 reports of about 600 bytes, with room to spare. */
export const REPORTS_BODY_LIMIT = 64 * 1024

const REPORTS_TYPE = /^application\/reports\+json(;|$)/i

/** `pagePaths`: the addresses of the site's pages now (a report of any other URL counts as '(other)'). */
export function reportsBeaconRoute(pagePaths: (c: Context<AppEnv>) => Promise<readonly string[]>) {
  const reports = new Hono<AppEnv>()
  reports.post(
    '/',
    bodyLimit({ maxSize: REPORTS_BODY_LIMIT, onError: (c) => c.body(null, 413) }),
    async (c) => {
      if (!REPORTS_TYPE.test(c.req.header('Content-Type') ?? '')) return c.body(null, 415)
      let batch: unknown
      try {
        batch = JSON.parse(await c.req.text())
      } catch {
        return c.body(null, 400)
      }
      if (!Array.isArray(batch)) return c.body(null, 400)
      const paths = await pagePaths(c)
      c.var.services.traffic.networkErrors.record(
        c.req.raw.headers,
        (day) => networkErrorsOf(batch, paths, day),
        waitUntilOf(c),
      )
      return c.body(null, 204)
    },
  )
  reports.all('/', (c) => c.json({ error: 'Use POST.' }, 405, { Allow: 'POST' }))
  return reports
}
