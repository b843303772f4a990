import { Hono } from 'hono'
import type { Result } from '../../lib/result'
import type { ConsoleAction } from '../../schemas/roles'
import { overviewPage } from '../../pages/admin/OverviewPage'
import type { AppEnv } from '../app-env'
import { adminFrame, mayDo, valueOrNull } from '../people/render/admin-frame'
import { allow } from '../people/middleware/permission'
import { todayFigures } from '../traffic/services/traffic-report'
import { deliveryStates } from '../leads/services/channel-report'

/**
 * /admin: the console's overview. A settings store that cannot run does not stop it: the viewer
 * address then reads as "could not be read".
 */
export const adminOverview = new Hono<AppEnv>()

adminOverview.get('/', allow('overview'), async (c) => {
  const { service: viewerUrl, history } = c.var.services.viewerUrl
  const { desk: leads, mailer, webhook } = c.var.services.leads
  const { access } = c.var.services.people
  const { counter: traffic } = c.var.services.traffic
  const may = (action: ConsoleAction) => mayDo(c, action)
  // Each part is read only for a role that may see it; `undefined` leaves it off the page.
  const when = <T>(action: ConsoleAction, read: () => Promise<T>) => (may(action) ? read() : undefined)
  const [frame, storedUrl, lastChanges, counts, guard, today, delivery, backlog] = await Promise.all([
    adminFrame(c),
    when('viewer-url', async () => (viewerUrl.ok ? viewerUrl.value.stored() : null)),
    when('viewer-url', () => history.latest(1)),
    when('leads', () => leads.read.queries.counts(new Date())),
    when('team', () => access.guardStatus()),
    when('traffic', async () =>
      traffic.ok ? todayFigures(traffic.value.store, leads.read.queries) : traffic,
    ),
    when('leads', () => deliveryStates(mailer, leads, webhook, new Date())),
    when('leads', () => leads.read.retention.backlog()),
  ])
  if (may('viewer-url')) valueOrNull(viewerUrl, 'viewer URL')
  // A part not read stays undefined (left off the page); one that failed is null ("could not be read").
  const part = <T>(read: Result<T> | undefined, what: string) => read && valueOrNull(read, what)
  const channels = part(delivery, 'delivery channels')
  const data = {
    storedUrl,
    lastChanges: part(lastChanges, 'last viewer URL change'),
    counts: part(counts, 'lead counts'),
    guard: part(guard, 'sign-in guard status'),
    today: part(today, "today's traffic"),
    channels: channels && channels.channels,
    handOff: channels && channels.handOff,
    retentionBacklog: part(backlog, 'retention backlog'),
  }
  return c.render(overviewPage({ ...frame, ...data }))
})
