/**
 * /admin/activity (admins only): who did what and when, newest first, filtered by person
 * (`?person=`) and action (`?action=`), paged by `?before=<id>`; /admin/activity.csv, the same
 * filter as CSV (streamed, formula-guarded).
 */
import { Hono, type Context } from 'hono'
import { log } from '../../../../lib/log'
import { activityPage } from '../../../../pages/admin/ActivityPage'
import { isActivityAction, type ActivityFilter } from '../../../../schemas/activity'
import type { AppEnv } from '../../../app-env'
import { recordActivity } from '../../middleware/activity'
import { allow } from '../../middleware/permission'
import { adminFrame, valueOrNull } from '../../render/admin-frame'

const MAX_PERSON_LENGTH = 200

/** The filter in the query string; an unknown action means no action filter. */
function filterOf(c: Context<AppEnv>): ActivityFilter {
  const actor = c.req.query('person')?.trim().slice(0, MAX_PERSON_LENGTH) || undefined
  const action = c.req.query('action')
  return { actor, action: isActivityAction(action) ? action : undefined }
}

/** The filter as the log's detail of an export says it. */
const filterText = ({ actor, action }: ActivityFilter) =>
  [actor ? `person ${actor}` : 'everyone', action ?? 'every action'].join(', ')

/** Everyone the filter may name: the team, the Access admins, and machines. */
async function people(c: Context<AppEnv>): Promise<string[]> {
  const members = await c.var.services.people.team.members()
  const names = members.ok ? members.value.map((member) => member.name) : []
  return [...new Set([...names, ...c.var.services.people.access.accessAdmins, 'api token'])]
}

export const adminActivity = new Hono<AppEnv>()

adminActivity.get('/activity', allow('activity'), async (c) => {
  const filter = filterOf(c)
  const before = Number(c.req.query('before'))
  const from = Number.isSafeInteger(before) && before > 0 ? before : undefined
  const [frame, list, names] = await Promise.all([
    adminFrame(c),
    c.var.services.people.activity.page(filter, from),
    people(c),
  ])
  const page = activityPage({
    ...frame,
    filter,
    list: valueOrNull(list, 'activity'),
    paged: from !== undefined,
    people: names,
  })
  return c.render(page)
})

adminActivity.get('/activity.csv', allow('activity'), async (c) => {
  const filter = filterOf(c)
  log.info('admin', 'activity exported', { by: c.var.admin?.id })
  const exported = await recordActivity(c, 'activity-exported', { detail: filterText(filter) })
  const day = new Date().toISOString().slice(0, 10)
  return c.body(c.var.services.people.activity.csv(filter, exported), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="activity-${day}.csv"`,
  })
})
