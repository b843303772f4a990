/**
 * /admin/speed: how fast the site is for real visitors (issue 62), p75 of loading, response and
 * stability per page, device and region over the last 7 or 28 days (`?days=`, 28 by default, as
 * CrUX reads 28 days), and the site's figure on each of the last 28 days.
 */
import { Hono } from 'hono'
import { adminCopy } from '../../../../content/admin'
import { speedPage } from '../../../../pages/admin/SpeedPage'
import type { AppEnv } from '../../../app-env'
import { adminFrame, allow, valueOrNull } from '../../../people/http'
import { speedReport } from '../../services/speed-report'

export const SPEED_PERIODS = [7, 28] as const
const DEFAULT_DAYS = 28

export const adminSpeed = new Hono<AppEnv>()

adminSpeed.use('/speed', allow('speed'))

adminSpeed.get('/speed', async (c) => {
  const asked = c.req.query('days')
  const days = asked === undefined ? DEFAULT_DAYS : Number(asked)
  if (!SPEED_PERIODS.includes(days as 7 | 28)) return c.text(adminCopy.speed.refusal, 400)
  const { speed, crux } = c.var.services.traffic
  const [frame, figures, google] = await Promise.all([
    adminFrame(c),
    speedReport(speed, Date.now()),
    crux.store.all(),
  ])
  const report = valueOrNull(figures, 'field speed')
  return c.render(
    speedPage({
      ...frame,
      report,
      crux: valueOrNull(google, 'Google’s figures') ?? [],
      days,
      periods: SPEED_PERIODS,
    }),
  )
})
