/**
 * The Cron Triggers of wrangler.toml:
 * - every 10 minutes, the sweep: a lead accepted but never queued (the queue refused and the
 *   undo failed) is queued; a lead claimed over an hour ago whose outcome was never recorded is
 *   marked dead with that reason, for a person to check (sending it again could e-mail it twice);
 *   alert windows that closed with events folded into them send their summary.
 * - daily at 03:00 UTC, retention: the personal fields of delivered leads older than
 *   LEAD_RETENTION_DAYS (default 90) are erased, and of dead and held ones older than twice that.
 */
import type { Bindings } from '../../env'
import { log } from '../../lib/log'
import { alert, flushAlerts } from '../services/alerts'
import { LeadStore } from '../storage/leads'
import { leadMessage } from '../storage/lead-model'

export const SWEEP_CRON = '*/10 * * * *'
export const RETENTION_CRON = '0 3 * * *'
const DAY_MS = 24 * 60 * 60 * 1000
/** An accepted lead is normally claimed within seconds; one this old was never queued. */
const UNQUEUED_AFTER_MS = 15 * 60 * 1000
const OUTCOME_LOST_AFTER_MS = 60 * 60 * 1000

export async function handleScheduled(controller: ScheduledController, env: Bindings): Promise<void> {
  const now = new Date(controller.scheduledTime)
  if (controller.cron === RETENTION_CRON) await eraseOldLeads(env, now)
  else await sweep(env, now)
}

export function retentionDays(env: Bindings): number {
  const days = Number(env.LEAD_RETENTION_DAYS)
  return Number.isInteger(days) && days > 0 ? days : 90
}

export async function eraseOldLeads(env: Bindings, now: Date): Promise<void> {
  const days = retentionDays(env)
  const erased = await new LeadStore(env.DB).eraseOld(
    now.toISOString(),
    new Date(now.getTime() - days * DAY_MS).toISOString(),
    new Date(now.getTime() - 2 * days * DAY_MS).toISOString(),
  )
  if (erased.ok)
    log.info(
      'retention',
      `${erased.value} leads erased (delivered after ${days} days, others after ${2 * days})`,
    )
  else log.error('retention', erased.error.message)
}

export async function sweep(env: Bindings, now: Date): Promise<void> {
  const store = new LeadStore(env.DB)
  const stranded = await store.stranded(
    new Date(now.getTime() - UNQUEUED_AFTER_MS).toISOString(),
    new Date(now.getTime() - OUTCOME_LOST_AFTER_MS).toISOString(),
  )
  if (!stranded.ok) log.error('sweep', stranded.error.message)
  for (const { id, status } of stranded.ok ? stranded.value : []) {
    if (status === 'accepted') {
      await env.LEADS.send(leadMessage(id), { contentType: 'json' }).then(
        () => log.warn('sweep', `lead ${id} was never queued; queued now`),
        (error: unknown) => log.error('sweep', `lead ${id} still not queued: ${String(error)}`),
      )
      continue
    }
    const reason =
      'The delivery outcome was never recorded (the sender stopped mid-send); check the mailbox before sending again'
    const marked = await store.finish(id, now.toISOString(), { to: 'dead', error: reason })
    if (marked.ok && marked.value) await alert(env, { event: 'lead.dead', leadId: id, reason })
  }
  await flushAlerts(env, now)
}
