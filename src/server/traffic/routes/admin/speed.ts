/**
 * /admin/speed: how fast the site is for real visitors (issue 62), p75 of loading, response and
 * stability per page, device and region over the last 7 or 28 days (`?days=`, 28 by default, as
 * CrUX reads 28 days), the site's figure on each of the last 28 days, and the connections that failed
 * over the period (network errors the browsers reported, NEL).
 */
import { Hono } from 'hono'
import { adminCopy } from '../../../../content/admin'
import { speedPage } from '../../../../pages/admin/SpeedPage'
import type { AppEnv } from '../../../app-env'
import { adminFrame, allow, valueOrNull } from '../../../people/http'
import { speedReport } from '../../services/speed-report'
import { networkErrorReport } from '../../services/network-errors'

export const SPEED_PERIODS = [7, 28] as const
const DEFAULT_DAYS = 28

export const adminSpeed = new Hono<AppEnv>()

adminSpeed.use('/speed', allow('speed'))

adminSpeed.get('/speed', async (c) => {
  const asked = c.req.query('days')
  const days = asked === undefined ? DEFAULT_DAYS : Number(asked)
  if (!SPEED_PERIODS.includes(days as 7 | 28)) return c.text(adminCopy.speed.refusal, 400)
  const { speed, crux, networkErrors } = c.var.services.traffic
  const [frame, figures, google, failed] = await Promise.all([
    adminFrame(c),
    speedReport(speed, Date.now()),
    crux.store.all(),
    networkErrorReport(networkErrors.store, days, Date.now()),
  ])
  const report = valueOrNull(figures, 'field speed')
  return c.render(
    speedPage({
      ...frame,
      report,
      crux: valueOrNull(google, 'Google’s figures') ?? [],
      networkErrors: valueOrNull(failed, 'network errors'),
      days,
      periods: SPEED_PERIODS,
    }),
  )
})
