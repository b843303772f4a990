/**
 * The lead desk's upkeep, behind its front (leads/services/lead-desk.ts): its policy (the daily e-mail
 * cap and the retention periods), the alerts for held leads, the 10-minute sweep and the daily
 * retention. Only the desk builds one, and hands it its store, its queries, its alerts and the
 * dispatch that queues leads and marks them dead (leads/services/lead-dispatch.ts).
 *
 * - The sweep: a lead accepted but never queued (the queue refused and the undo failed) is
 *   queued; a lead claimed over an hour ago whose outcome was never recorded is marked dead with
 *   that reason, for a person to check (sending it again could e-mail it twice); a lead still in
 *   flight a day after it arrived raises one alert; alert windows that closed with events folded
 *   into them send their summary.
 * - Retention: the personal fields of delivered leads older than LEAD_RETENTION_DAYS (default 90)
 *   are erased, and of every other lead not yet erased older than twice that; spam older than
 *   SPAM_RETENTION_DAYS (default 30) is deleted whole.
 */
import { log } from '../../../lib/log'
import { ok } from '../../../lib/result'
import { STUCK_AFTER_MS } from '../storage/lead-model'
import type { LeadQueries } from '../storage/lead-queries'
import type { LeadStore } from '../storage/leads'
import { DELIVERED, UNDELIVERED, type LeadRetention } from '../storage/lead-retention'
import type { Alerts } from '../../platform'
import type { LeadDispatch } from './lead-dispatch'

const DAY_MS = 24 * 60 * 60 * 1000
/** An accepted lead is normally claimed within seconds; one this old was never queued. */
const UNQUEUED_AFTER_MS = 15 * 60 * 1000
const OUTCOME_LOST_AFTER_MS = 60 * 60 * 1000
const OUTCOME_LOST =
  'The delivery outcome was never recorded (the sender stopped mid-send); check the mailbox before sending again'
/** Where a person acts on a held lead: every hold alert says it. */
const SEND_AGAIN = 'Send again in /admin/leads delivers it'

export interface LeadPolicy {
  /** Leads e-mailed per UTC day; the rest are held. */
  dailyCap: number
  /** Delivered leads are erased after this many days, the others (but spam) after twice that. */
  retentionDays: number
  /** Spam is deleted whole after this many days. */
  spamRetentionDays: number
  /** Leads one retention statement erases or deletes at most (Timings.retentionBatchLeads). */
  retentionBatch: number
}

const before = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString()

/** Retention statements per run: 5,000 leads a run at production's batch of 1,000. */
export const RETENTION_BATCHES = 5
const SPAM = ['spam'] as const

export class LeadUpkeep {
  constructor(
    private readonly parts: LeadPolicy & {
      store: LeadStore
      queries: LeadQueries
      retention: LeadRetention
      alerts: Alerts
      /** Onto the queue, and dead with an alert: the same dispatch the desk uses. */
      dispatch: LeadDispatch
    },
  ) {}

  /** Every held lead is worth an alert; the first one held over the cap in a UTC day also says the cap was reached. */
  async alertHeld(id: string, holdReason: string | undefined): Promise<void> {
    const { alerts, dailyCap, queries } = this.parts
    if (holdReason) {
      log.warn('contact', 'lead held', { leadId: id, reason: holdReason })
      return alerts.send({ event: 'lead.held', leadId: id, reason: `${holdReason}; ${SEND_AGAIN}` })
    }
    log.warn('contact', 'lead held: the daily e-mail cap is reached', { leadId: id, cap: dailyCap })
    const reason = `the daily cap of ${dailyCap} e-mails is reached; ${SEND_AGAIN}`
    await alerts.send({ event: 'lead.held', leadId: id, reason })
    const heldForCap = await queries.heldForCapToday(new Date(), dailyCap)
    if (heldForCap.ok && heldForCap.value === 1) {
      await alerts.send({
        event: 'cap.reached',
        leadId: id,
        reason: `${dailyCap} leads were e-mailed today (UTC)`,
      })
    }
  }

  async sweep(now: Date): Promise<void> {
    const { store, alerts } = this.parts
    const stranded = await store.stranded(before(now, UNQUEUED_AFTER_MS), before(now, OUTCOME_LOST_AFTER_MS))
    if (!stranded.ok) log.error('sweep', stranded.error.message)
    for (const { id, status } of stranded.ok ? stranded.value : []) {
      if (status !== 'accepted') {
        await this.parts.dispatch.markDead(id, OUTCOME_LOST, now.toISOString())
        continue
      }
      const queued = await this.parts.dispatch.queue(id)
      if (queued.ok) log.warn('sweep', 'lead was never queued; queued now', { leadId: id })
    }
    const stuck = await store.reportStuck(now.toISOString(), before(now, STUCK_AFTER_MS))
    if (!stuck.ok) log.error('sweep', stuck.error.message)
    for (const { id, status } of stuck.ok ? stuck.value : []) {
      await alerts.send({ event: 'lead.stuck', leadId: id, reason: `still ${status} a day after it arrived` })
    }
    await alerts.flush(now)
    // A retention backlog drains every 10 minutes rather than once a day.
    const backlog = await this.parts.retention.backlog()
    if (backlog.ok && backlog.value > 0) await this.retain(now)
  }

  /**
   * Retention, in bounded batches (leads/storage/lead-retention.ts): at most `retentionBatch` leads a
   * statement and RETENTION_BATCHES statements a run, oldest categories first. What is left is
   * written down; the sweep runs retention again while anything is (leads/services/lead-desk.ts).
   */
  async retain(now: Date): Promise<void> {
    const { retention, retentionDays: days, spamRetentionDays: spamDays, retentionBatch } = this.parts
    const at = now.toISOString()
    const erasing = [
      { statuses: DELIVERED, before: before(now, days * DAY_MS) },
      { statuses: UNDELIVERED, before: before(now, 2 * days * DAY_MS) },
    ]
    const spam = { statuses: SPAM, before: before(now, spamDays * DAY_MS) }
    // Oldest categories first; each kind of batch runs until it comes back short or the budget is spent.
    const steps = [
      ...erasing.map(({ statuses, before: cutoff }) => ({
        counts: 'erased' as const,
        run: () => retention.erase(at, statuses, cutoff, retentionBatch),
      })),
      { counts: 'deleted' as const, run: () => retention.deleteSpam(spam.before, retentionBatch) },
    ]
    const done = { erased: 0, deleted: 0 }
    let budget = RETENTION_BATCHES
    let finished = true
    for (const step of steps) {
      for (;;) {
        if (budget === 0) {
          finished = false
          break
        }
        budget -= 1
        const changed = await step.run()
        if (!changed.ok) {
          log.error('retention', changed.error.message)
          finished = false
          break
        }
        done[step.counts] += changed.value
        if (changed.value < retentionBatch) break
      }
    }
    log.info('retention', 'old leads erased and old spam deleted', {
      ...done,
      days,
      spamDays,
      finished,
    })
    const remaining = finished ? ok(0) : await retention.pending([...erasing, spam])
    if (remaining.ok) await retention.recordBacklog(remaining.value, at)
    else log.error('retention', remaining.error.message)
  }
}
