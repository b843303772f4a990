import { Hono, type Context } from 'hono'
import { adminCopy } from '../../../../content/admin'
import type { AppEnv } from '../../../app-env'
import { leadHref, leadsHref, listQueryOf } from '../../../../lib/admin-links'
import { log } from '../../../../lib/log'
import { errorText, type Result } from '../../../../lib/result'
import { leadPage } from '../../../../pages/admin/LeadPage'
import { leadsPage } from '../../../../pages/admin/LeadsPage'
import type { AdminNotice } from '../../../../schemas/admin-words'
import type { LeadRow } from '../../../../schemas/admin-records'
import { readableAnswers } from '../../../../schemas/campaign-form'
import { adminFrame, adminName, backWith, valueOrNull, recordActivity, allow } from '../../../people/http'
import type { ActivityAction } from '../../../../schemas/activity'
import type { LeadAction } from '../../services/lead-desk'
import { answerColumns, leadsCsvStream } from '../../services/lead-export'
import { mayMove } from '../../storage/lead-model'
import { PAGE_SIZE, type PageFrom } from '../../storage/lead-list'
import { exportDetail, exportName, sourcesOf, statusAndChannel } from '../../services/lead-filter'

const { notices } = adminCopy.leads
const MAX_QUERY_LENGTH = 200

/** The notices after a lead action: done or refused (each action's words), or failed. */
const LEAD_NOTICES: Record<string, AdminNotice> = {
  failed: { ok: false, title: notices.notDone, text: notices.failed },
}
for (const [action, text] of Object.entries(adminCopy.leads.actions)) {
  LEAD_NOTICES[`${action}-done`] = { ok: true, title: notices.done, text: text.done }
  LEAD_NOTICES[`${action}-refused`] = { ok: false, title: notices.notDone, text: text.refused }
}

/**
 * The filter in the query string: the search words from their seal (`search`, review T12), or as
 * typed into an address by hand (`q`, sealed for the page's links from then on).
 */
async function filterOf(c: Context<AppEnv>) {
  const { desk: leads } = c.var.services.leads
  const sealed = c.req.query('search')
  const opened = await leads.read.search.open(sealed)
  const q = (opened || c.req.query('q') || '').trim().slice(0, MAX_QUERY_LENGTH)
  const search = opened ? sealed : q ? await leads.read.search.seal(q) : undefined
  return {
    ...statusAndChannel(c.req.query('status'), c.req.query('via')),
    ...sourcesOf(c.req.query('path'), c.req.query('campaign')),
    q,
    search,
  }
}

/** The activity log's event for each lead action. */
const ACTION_EVENTS: Record<LeadAction, ActivityAction> = {
  'send-again': 'lead-sent-again',
  'not-spam': 'lead-not-spam',
  'mark-spam': 'lead-marked-spam',
  erase: 'lead-erased',
}

/**
 * Where the page starts (a keyset cursor, leads/storage/lead-list.ts) and its number, which is only
 * shown: without a cursor it is page 1 whatever the address says.
 */
function pageOf(c: Context<AppEnv>): { from: PageFrom; page: number } {
  const older = c.req.query('older')
  const newer = c.req.query('newer')
  const from = older ? { older } : newer ? { newer } : undefined
  const page = Number(c.req.query('page') ?? 1)
  return { from, page: from && Number.isSafeInteger(page) && page >= 2 ? page : 1 }
}

/**
 * /admin/leads (the list, its CSV export) and /admin/leads/<id> (one lead, Send again, Not spam,
 * Mark as spam, Erase).
 * Filters are query strings; actions are same-origin posts answered 303 back with a notice.
 */
export const adminLeads = new Hono<AppEnv>()

/** The filter form: its words are sealed into the list's address, never carried as typed. */
adminLeads.post('/leads', allow('leads'), async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  const q = (typeof form.q === 'string' ? form.q : '').trim().slice(0, MAX_QUERY_LENGTH)
  const search = q ? await c.var.services.leads.desk.read.search.seal(q) : undefined
  return c.redirect(
    leadsHref({ ...statusAndChannel(form.status, form.via), ...sourcesOf(form.path, form.campaign), search }),
    303,
  )
})

adminLeads.get('/leads', allow('leads'), async (c) => {
  const filter = await filterOf(c)
  const { from, page } = pageOf(c)
  const { desk: leads } = c.var.services.leads
  const [frame, list, counts, sources] = await Promise.all([
    adminFrame(c),
    leads.read.list.page(filter, from),
    leads.read.queries.counts(new Date()),
    leads.read.list.sources(),
  ])
  const { status, via, path, campaign, search } = filter
  const here = { status, via, path, campaign, search, page, ...from }
  const data = { filter, page, here, pageSize: PAGE_SIZE }
  return c.render(
    leadsPage({
      ...frame,
      ...data,
      list: valueOrNull(list, 'lead list'),
      counts: valueOrNull(counts, 'lead counts'),
      sources: valueOrNull(sources, 'lead pages and campaigns'),
    }),
  )
})

adminLeads.get('/leads.csv', allow('leads-export'), async (c) => {
  const filter = await filterOf(c)
  // The first batch is read before answering, so an unreadable D1 is a 503, not a broken file.
  const batches = c.var.services.leads.desk.read.list.batches(filter)
  let first: IteratorResult<LeadRow[]>
  try {
    first = await batches.next()
  } catch (error) {
    log.error('admin', 'lead export failed', { reason: errorText(error) })
    return c.text(adminCopy.unreadable, 503)
  }
  const all = (async function* () {
    if (!first.done) yield first.value
    yield* batches
  })()
  const day = new Date().toISOString().slice(0, 10)
  // In the activity log as it starts, so a download cut off (or never read) is there too (review
  // T6); streamed batch by batch (memory holds one), and the rows sent go to the worker's log.
  await recordActivity(c, 'leads-exported', { detail: exportDetail(filter) })
  // A campaign form's fields get a column each, from the first batch's leads (issue 63).
  const answers = answerColumns(first.done ? [] : first.value)
  const csv = leadsCsvStream(
    all,
    async (rows, whole) => {
      if (whole) log.info('admin', 'leads exported', { by: adminName(c), rows })
      else log.warn('admin', 'lead export cut off', { by: adminName(c), rows })
    },
    answers,
  )
  return c.body(csv, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${exportName(filter, day)}"`,
  })
})

adminLeads.get('/leads/:id', allow('leads'), async (c) => {
  const [frame, lead, attempts] = await Promise.all([
    adminFrame(c, LEAD_NOTICES),
    c.var.services.leads.desk.read.queries.get(c.req.param('id')),
    c.var.services.leads.desk.read.attempts.of(c.req.param('id')),
  ])
  const found = valueOrNull(lead, 'lead')
  if (!lead.ok) return c.text(adminCopy.unreadable, 503)
  if (!found) return c.notFound()
  const { status } = found
  const allowed = {
    'send-again': status !== 'spam' && mayMove(status, 'accepted'),
    'not-spam': status === 'spam',
    'mark-spam': mayMove(status, 'spam'),
    erase: mayMove(status, 'erased'),
  }
  return c.render(
    leadPage({
      ...frame,
      lead: found,
      allowed,
      attempts: valueOrNull(attempts, 'delivery attempts'),
      channels: c.var.services.leads.mailer.choices(),
      list: listQueryOf(c.req.query('list')),
    }),
  )
})

/**
 * What the activity log says beside an action on a campaign form's lead (issue 63): how many of
 * its answers went with it on Erase, never the answers or the page (which Erase takes too).
 */
function answersDetail(action: LeadAction, lead: Result<LeadRow | null>): { detail?: string } {
  const answers = lead.ok ? readableAnswers(lead.value?.formFields).length : 0
  if (action !== 'erase' || !answers) return {}
  return { detail: `with its ${answers} ${answers === 1 ? 'answer' : 'answers'} to a campaign’s form` }
}

adminLeads.post(
  '/leads/:id/:action{send-again|not-spam|mark-spam|erase}',
  allow('lead-actions'),
  async (c) => {
    const id = c.req.param('id')
    const action = c.req.param('action') as LeadAction
    const { desk: leads, mailer } = c.var.services.leads
    const lead = await leads.read.queries.get(id)
    if (lead.ok && !lead.value) return c.notFound()
    // Send again may name a channel (the lead page's "Send through"); anything else lets the rules choose.
    const form = action === 'send-again' ? await c.req.parseBody().catch(() => ({})) : {}
    const chosen = (form as Record<string, unknown>).channel
    const via = mailer.choices().find((channel) => channel === chosen)
    const done = await leads.act(id, action, adminName(c), via)
    if (!done.ok) log.error('admin', `${action} failed`, { leadId: id, reason: done.error.message })
    if (done.ok && done.value)
      await recordActivity(c, ACTION_EVENTS[action], { subject: id, ...answersDetail(action, lead) })
    const notice = !done.ok ? 'failed' : done.value ? `${action}-done` : `${action}-refused`
    return backWith(c, leadHref(id, listQueryOf(c.req.query('list'))), notice)
  },
)
