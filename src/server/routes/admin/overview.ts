import { Hono } from 'hono'
import { overviewPage } from '../../../pages/admin/OverviewPage'
import type { AppEnv } from '../../app-env'
import { adminFrame, valueOrNull } from '../../render/admin-frame'
import { renderPage } from '../../render/render'
import { trafficReport } from '../../services/traffic-report'

/**
 * /admin: the console's overview. A settings store that cannot run does not stop it: the viewer
 * address then reads as "could not be read".
 */
export const adminOverview = new Hono<AppEnv>()

adminOverview.get('/', async (c) => {
  const { viewerUrl, history, leads, access, traffic } = c.var.services
  const [frame, storedUrl, lastChanges, counts, guard, today] = await Promise.all([
    adminFrame(c),
    viewerUrl.ok ? viewerUrl.value.stored() : null,
    history.latest(1),
    leads.counts(new Date()),
    access.guardStatus(),
    traffic.ok ? trafficReport(traffic.value.store, leads, 1) : traffic,
  ])
  valueOrNull(viewerUrl, 'viewer URL')
  const data = {
    storedUrl,
    lastChanges: valueOrNull(lastChanges, 'last viewer URL change'),
    counts: valueOrNull(counts, 'lead counts'),
    guard: valueOrNull(guard, 'sign-in guard status'),
    today: valueOrNull(today, "today's traffic")?.totals ?? null,
  }
  return renderPage(c, overviewPage({ ...frame, ...data }))
})
