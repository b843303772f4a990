/**
 * Network errors with no script (issue 62): every HTML page of the site tells the visitor's browser
 * to report the site's failed fetches to POST /api/reports (traffic/routes/reports-beacon.ts).
 * - `NEL` is the policy: failed fetches only (`failure_fraction` 1 by default, `success_fraction` 0),
 *   for 30 days, to the group `network-errors`.
 * - `Report-To` names that group's endpoint. It is the Reporting API's legacy header, and still the
 *   one NEL needs: Chrome's migration guide to Reporting API v1 says Network Error Logging is not
 *   supported with `Reporting-Endpoints` and to keep `Report-To` for it.
 * - `Reporting-Endpoints` (v1) names the same endpoint for when NEL moves over. It is not named
 *   `default`, so the browser sends no deprecation, intervention or crash reports there.
 * The console, the APIs and anything not HTML get none of them.
 */
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../app-env'
import { isUnder, MOUNTS } from '../../../lib/worker-addresses'

export const REPORTS_PATH = `${MOUNTS.api}/reports`
const GROUP = 'network-errors'
const MAX_AGE_S = 30 * 24 * 60 * 60
const NOT_THE_SITE = Object.values(MOUNTS)

export const networkReporting = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  const url = new URL(c.req.url)
  if (NOT_THE_SITE.some((mount) => isUnder(mount, url.pathname))) return
  if (!/^text\/html(;|$)/i.test(c.res.headers.get('Content-Type') ?? '')) return
  const endpoint = `${url.origin}${REPORTS_PATH}`
  c.res.headers.set('Reporting-Endpoints', `${GROUP}="${endpoint}"`)
  c.res.headers.set(
    'Report-To',
    JSON.stringify({ group: GROUP, max_age: MAX_AGE_S, endpoints: [{ url: endpoint }] }),
  )
  c.res.headers.set('NEL', JSON.stringify({ report_to: GROUP, max_age: MAX_AGE_S }))
})
