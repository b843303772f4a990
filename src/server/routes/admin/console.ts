import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../../env'
import { log } from '../../../lib/log'
import { errorText, fail, ok } from '../../../lib/result'
import { overviewPage } from '../../../pages/admin/OverviewPage'
import type { GuardStatus } from '../../../schemas/admin-records'
import { adminAuth, signInGuard } from '../../middleware/admin-auth'
import { sameOriginForm } from '../../middleware/same-origin'
import { renderPage } from '../../render/render'
import { viewerUrlService } from '../../services/viewer-url'
import { LeadQueries } from '../../storage/lead-queries'
import { SettingsHistory } from '../../storage/settings-history'
import { adminFrame, adminName, valueOrNull } from './frame'
import { leadsRoutes } from './leads'
import { settingsRoutes } from './settings'

/** Admin-only and per request: never stored by a browser or a shared cache, never indexed. */
const privateResponse = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  c.res.headers.set('Cache-Control', 'no-store')
  c.res.headers.set('X-Robots-Tag', 'noindex, nofollow')
})

/**
 * The admin console, mounted at /admin: Overview, Viewer URL (/settings) and Leads. Every
 * answer is private; a post must come from this site (checked before the sign-in, so a post
 * from another site is refused without a prompt), and everything needs the admin.
 */
export const adminConsole = new Hono<AppEnv>()

adminConsole.use('*', privateResponse, sameOriginForm, adminAuth('text'))

adminConsole.get('/', async (c) => {
  const service = viewerUrlService(c.env)
  const [frame, storedUrl, lastChanges, counts, guard] = await Promise.all([
    adminFrame(c),
    service.ok ? service.value.stored() : null,
    new SettingsHistory(c.env.DB).latest(1),
    new LeadQueries(c.env.DB).counts(new Date()),
    signInGuard(c)
      .status()
      .then(
        (status: GuardStatus) => ok(status),
        (error: unknown) => fail(errorText(error), true),
      ),
  ])
  if (!service.ok) log.error('admin', `viewer URL not shown: ${service.error.message}`)
  const data = {
    who: adminName(c),
    storedUrl,
    lastChanges: valueOrNull(lastChanges, 'last viewer URL change'),
    counts: valueOrNull(counts, 'lead counts'),
    guard: valueOrNull(guard, 'sign-in guard status'),
  }
  return renderPage(c, overviewPage({ ...frame, ...data }))
})

adminConsole.route('/settings', settingsRoutes)
adminConsole.route('/', leadsRoutes)
