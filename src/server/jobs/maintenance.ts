/**
 * The Cron Triggers of wrangler.toml:
 * - every 10 minutes, the sweep: a lead accepted but never queued (the queue refused and the
 *   undo failed) is queued; a lead claimed over an hour ago whose outcome was never recorded is
 *   marked dead with that reason, for a person to check (sending it again could e-mail it twice);
 *   a lead still in flight (accepted, sending, retrying) a day after it arrived raises one alert;
 *   alert windows that closed with events folded into them send their summary; traffic of days
 *   that have ended is folded (visitor counts kept, visitor hashes and salts deleted).
 * - daily at 03:00 UTC, retention: the personal fields of delivered leads older than
 *   LEAD_RETENTION_DAYS (default 90) are erased, and of every other lead not yet erased (dead,
 *   held, or stuck in flight) older than twice that; spam older than SPAM_RETENTION_DAYS (default
 *   30) is deleted whole; console sessions that have ended, invitations a week past their
 *   expiry, and spent form tokens that have expired, are deleted.
 */
import { log } from '../../lib/log'
import type { Services } from '../app-env'
import type { LeadDesk } from '../services/lead-desk'
import { STUCK_AFTER_MS } from '../storage/lead-model'

export const SWEEP_CRON = '*/10 * * * *'
export const RETENTION_CRON = '0 3 * * *'
const DAY_MS = 24 * 60 * 60 * 1000
/** An accepted lead is normally claimed within seconds; one this old was never queued. */
const UNQUEUED_AFTER_MS = 15 * 60 * 1000
const OUTCOME_LOST_AFTER_MS = 60 * 60 * 1000

export async function handleScheduled(controller: ScheduledController, services: Services): Promise<void> {
  const now = new Date(controller.scheduledTime)
  if (controller.cron === RETENTION_CRON) {
    await eraseOldLeads(services.leads, now)
    await forgetEnded(services, now)
  } else {
    await sweep(services.leads, now)
    if (services.traffic.ok) await services.traffic.value.foldPastDays()
    else log.error('traffic', 'past days not folded', { reason: services.traffic.error.message })
  }
}

async function forgetEnded({ sessions, team, formTokens }: Services, now: Date): Promise<void> {
  const spent = await formTokens.spent.deleteExpired(now)
  if (spent.ok) log.info('retention', 'expired spent form tokens deleted', { deleted: spent.value })
  else log.error('retention', spent.error.message)
  const ended = await sessions.deleteEnded(now.getTime())
  if (ended.ok) log.info('retention', 'ended sessions deleted', { deleted: ended.value })
  else log.error('retention', ended.error.message)
  const invitations = await team.forgetOldInvitations(new Date(now.getTime() - 7 * DAY_MS))
  if (invitations.ok) log.info('retention', 'old invitations deleted', { deleted: invitations.value })
  else log.error('retention', invitations.error.message)
}

async function eraseOldLeads(leads: LeadDesk, now: Date): Promise<void> {
  const days = leads.retentionDays
  const erased = await leads.store.eraseOld(
    now.toISOString(),
    new Date(now.getTime() - days * DAY_MS).toISOString(),
    new Date(now.getTime() - 2 * days * DAY_MS).toISOString(),
  )
  if (erased.ok) log.info('retention', 'old leads erased', { erased: erased.value, days })
  else log.error('retention', erased.error.message)
  const spamDays = leads.spamRetentionDays
  const deleted = await leads.store.deleteOldSpam(new Date(now.getTime() - spamDays * DAY_MS).toISOString())
  if (deleted.ok) log.info('retention', 'old spam deleted', { deleted: deleted.value, days: spamDays })
  else log.error('retention', deleted.error.message)
}

async function sweep(leads: LeadDesk, now: Date): Promise<void> {
  const stranded = await leads.store.stranded(
    new Date(now.getTime() - UNQUEUED_AFTER_MS).toISOString(),
    new Date(now.getTime() - OUTCOME_LOST_AFTER_MS).toISOString(),
  )
  if (!stranded.ok) log.error('sweep', stranded.error.message)
  for (const { id, status } of stranded.ok ? stranded.value : []) {
    if (status === 'accepted') {
      const queued = await leads.queue(id)
      if (queued.ok) log.warn('sweep', 'lead was never queued; queued now', { leadId: id })
      continue
    }
    const reason =
      'The delivery outcome was never recorded (the sender stopped mid-send); check the mailbox before sending again'
    const marked = await leads.store.finish(id, now.toISOString(), { to: 'dead', error: reason })
    if (marked.ok && marked.value) await leads.alerts.send({ event: 'lead.dead', leadId: id, reason })
  }
  const stuck = await leads.store.reportStuck(
    now.toISOString(),
    new Date(now.getTime() - STUCK_AFTER_MS).toISOString(),
  )
  if (!stuck.ok) log.error('sweep', stuck.error.message)
  for (const { id, status } of stuck.ok ? stuck.value : []) {
    await leads.alerts.send({
      event: 'lead.stuck',
      leadId: id,
      reason: `still ${status} a day after it arrived`,
    })
  }
  await leads.alerts.flush(now)
}
