/**
 * /admin/traffic: views, visitors and leads for 7, 30 or 90 days (`?days=`, 30 by default), the
 * totals and days narrowed to one campaign with `?campaign=`, and
 * /admin/traffic.csv, the same figures by day, page, source, campaign or country.
 */
import { Hono, type Context } from 'hono'
import { adminCopy } from '../../../../content/admin'
import { log } from '../../../../lib/log'
import { fillTemplate } from '../../../../lib/template'
import { trafficPage } from '../../../../pages/admin/TrafficPage'
import type { AppEnv } from '../../../app-env'
import { requireTraffic } from '../../middleware/require-traffic'
import { adminFrame, adminName, valueOrNull, recordActivity, allow } from '../../../people/http'
import { leadsBySource } from '../../../leads/http'
import {
  periodOf,
  trafficCsv,
  trafficReport,
  TRAFFIC_BREAKDOWNS,
  TRAFFIC_PERIODS,
  type TrafficBreakdown,
} from '../../services/traffic-report'

const DEFAULT_DAYS = 30
const { refusals } = adminCopy.traffic
const BAD_BREAKDOWN = fillTemplate(refusals['bad-breakdown'], { choices: TRAFFIC_BREAKDOWNS.join(', ') })

/** The period asked for: `?days=` when it is 7, 30 or 90, the default without one, else undefined. */
function daysOf(c: Context<AppEnv>) {
  const asked = c.req.query('days')
  return asked === undefined ? DEFAULT_DAYS : periodOf(asked)
}

function report(c: Context<AppEnv>, days: number) {
  const campaign = c.req.query('campaign')?.slice(0, 200) || undefined
  return trafficReport(c.var.traffic.store, leadsBySource(c), days, Date.now(), campaign)
}

export const adminTraffic = new Hono<AppEnv>()

// A traffic store that cannot run is a configuration error: both answer the 503 that says why.
adminTraffic.use('/traffic', allow('traffic'), requireTraffic)
adminTraffic.use('/traffic.csv', allow('traffic'), requireTraffic)

adminTraffic.get('/traffic', async (c) => {
  const days = daysOf(c)
  if (!days) return c.text(refusals['bad-period'], 400)
  const [frame, figures] = await Promise.all([adminFrame(c), report(c, days)])
  const page = trafficPage({
    ...frame,
    report: valueOrNull(figures, 'traffic'),
    days,
    periods: TRAFFIC_PERIODS,
  })
  return c.render(page)
})

adminTraffic.get('/traffic.csv', async (c) => {
  const days = daysOf(c)
  if (!days) return c.text(refusals['bad-period'], 400)
  const by = (c.req.query('by') ?? 'day') as TrafficBreakdown
  if (!TRAFFIC_BREAKDOWNS.includes(by)) return c.text(BAD_BREAKDOWN, 400)
  const figures = await report(c, days)
  if (!figures.ok) {
    log.error('admin', 'traffic export failed', { reason: figures.error.message })
    return c.text(adminCopy.unreadable, 503)
  }
  log.info('admin', 'traffic exported', { by: adminName(c), days, breakdown: by })
  await recordActivity(c, 'traffic-exported', { detail: `${days} days by ${by}` })
  return c.body(trafficCsv(figures.value, by), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="traffic-${by}-${days}d-${figures.value.to}.csv"`,
  })
})
