import { Hono, type Context } from 'hono'
import { adminCopy } from '../../../content/admin'
import type { AppEnv } from '../../../env'
import { leadHref } from '../../../lib/admin-links'
import { log } from '../../../lib/log'
import { leadPage } from '../../../pages/admin/LeadPage'
import { leadsPage } from '../../../pages/admin/LeadsPage'
import type { AdminNotice } from '../../../schemas/admin-copy'
import { isLeadStatus, type LeadStatus } from '../../../schemas/admin-records'
import { renderPage } from '../../render/render'
import { ACTION_NOTICES, runLeadAction, type LeadAction } from '../../services/lead-actions'
import { leadsCsv } from '../../services/lead-export'
import { TRANSITIONS } from '../../storage/lead-model'
import { LeadQueries, PAGE_SIZE } from '../../storage/lead-queries'
import { adminFrame, adminName, backWith, valueOrNull } from './frame'

const { notices } = adminCopy.leads
const MAX_QUERY_LENGTH = 200

/** The notices after Send again and Erase: done or refused (the services' words), or failed. */
const LEAD_NOTICES: Record<string, AdminNotice> = {
  failed: { ok: false, title: notices.notDone, text: notices.failed },
}
for (const [action, text] of Object.entries(ACTION_NOTICES)) {
  LEAD_NOTICES[`${action}-done`] = { ok: true, title: notices.done, text: text.done }
  LEAD_NOTICES[`${action}-refused`] = { ok: false, title: notices.notDone, text: text.refused }
}

/** The filter in the query string; an unknown status means no status filter. */
function filterOf(c: Context<AppEnv>): { status?: LeadStatus; q: string } {
  const status = c.req.query('status')
  return {
    status: isLeadStatus(status) ? status : undefined,
    q: (c.req.query('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH),
  }
}

function pageOf(c: Context<AppEnv>): number {
  const page = Number(c.req.query('page') ?? 1)
  return Number.isSafeInteger(page) && page >= 1 ? page : 1
}

const allows = (change: keyof typeof TRANSITIONS, status: LeadStatus) =>
  (TRANSITIONS[change] as readonly LeadStatus[]).includes(status)

/**
 * /admin/leads (the list, its CSV export) and /admin/leads/<id> (one lead, Send again, Erase).
 * Filters are query strings; actions are same-origin posts answered 303 back with a notice.
 */
export const leadsRoutes = new Hono<AppEnv>()

leadsRoutes.get('/leads', async (c) => {
  const filter = filterOf(c)
  const page = pageOf(c)
  const queries = new LeadQueries(c.env.DB)
  const [frame, list, counts] = await Promise.all([
    adminFrame(c),
    queries.page(filter, page),
    queries.counts(new Date()),
  ])
  const data = { filter, page, pageSize: PAGE_SIZE }
  return renderPage(
    c,
    leadsPage({
      ...frame,
      ...data,
      list: valueOrNull(list, 'lead list'),
      counts: valueOrNull(counts, 'lead counts'),
    }),
  )
})

leadsRoutes.get('/leads.csv', async (c) => {
  const filter = filterOf(c)
  const rows = await new LeadQueries(c.env.DB).all(filter)
  if (!rows.ok) {
    log.error('admin', `lead export failed: ${rows.error.message}`)
    return c.text(adminCopy.unreadable, 503)
  }
  log.info('admin', `leads exported by ${adminName(c)}: ${rows.value.length} rows`)
  const day = new Date().toISOString().slice(0, 10)
  return c.body(leadsCsv(rows.value), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="leads-${filter.status ?? 'all'}-${day}.csv"`,
  })
})

leadsRoutes.get('/leads/:id', async (c) => {
  const [frame, lead] = await Promise.all([
    adminFrame(c, LEAD_NOTICES),
    new LeadQueries(c.env.DB).get(c.req.param('id')),
  ])
  const found = valueOrNull(lead, 'lead')
  if (!lead.ok) return c.text(adminCopy.unreadable, 503)
  if (!found) return c.notFound()
  const allowed = { 'send-again': allows('requeue', found.status), erase: allows('erase', found.status) }
  return renderPage(c, leadPage({ ...frame, lead: found, allowed }))
})

leadsRoutes.post('/leads/:id/:action{send-again|erase}', async (c) => {
  const id = c.req.param('id')
  const action = c.req.param('action') as LeadAction
  const lead = await new LeadQueries(c.env.DB).get(id)
  if (lead.ok && !lead.value) return c.notFound()
  const done = await runLeadAction(c.env, id, action, adminName(c))
  if (!done.ok) log.error('admin', `${action} of lead ${id} failed: ${done.error.message}`)
  const notice = !done.ok ? 'failed' : done.value ? `${action}-done` : `${action}-refused`
  return backWith(c, leadHref(id), notice)
})
