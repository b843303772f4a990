/**
 * The lead desk: every lead in D1 (its store and its queries), the one way onto the `leads`
 * queue, and what the form and the console do to a lead. A valid contact request is stored,
 * then queued; the visitor hears success only when both happened, or when the lead is held over
 * the daily e-mail cap. Logs name leads by id, never by what they contain.
 */
import type { Bindings } from '../../env'
import type { LeadActionName } from '../../lib/admin-links'
import { log } from '../../lib/log'
import { fail, ok, type Result } from '../../lib/result'
import { leadMessage, type Attribution, type LeadContent, type LeadMessage } from '../storage/lead-model'
import type { LeadQueries } from '../storage/lead-queries'
import type { LeadStore } from '../storage/leads'
import type { WaitUntil } from '../wait-until'
import type { Alerts } from './alerts'

/** What an admin can do to a lead (the console's addresses name them the same way). */
export type LeadAction = LeadActionName

const SEND_AGAIN = 'Send again in /admin/leads delivers it'

/** CONTACT_DAILY_EMAIL_CAP, 100 unless set to another whole number. */
export function dailyEmailCap(env: Bindings): number {
  const cap = Number(env.CONTACT_DAILY_EMAIL_CAP)
  return Number.isInteger(cap) && cap >= 0 ? cap : 100
}

/** A positive whole number of days from a variable, or the default. */
function daysOf(value: string | undefined, fallback: number): number {
  const days = Number(value)
  return Number.isInteger(days) && days > 0 ? days : fallback
}

/** LEAD_RETENTION_DAYS, 90 unless set to another positive whole number. */
export const retentionDays = (env: Bindings): number => daysOf(env.LEAD_RETENTION_DAYS, 90)

/** SPAM_RETENTION_DAYS, 30 unless set to another positive whole number. */
export const spamRetentionDays = (env: Bindings): number => daysOf(env.SPAM_RETENTION_DAYS, 30)

export interface LeadDeskParts {
  store: LeadStore
  queries: LeadQueries
  queue: Queue<LeadMessage>
  alerts: Alerts
  /** Leads e-mailed per UTC day; the rest are held. */
  dailyCap: number
  /** Delivered leads are erased after this many days, the others (but spam) after twice that. */
  retentionDays: number
  /** Spam is deleted whole after this many days. */
  spamRetentionDays: number
}

export class LeadDesk {
  readonly store: LeadStore
  readonly queries: LeadQueries
  readonly alerts: Alerts
  readonly dailyCap: number
  readonly retentionDays: number
  readonly spamRetentionDays: number
  private readonly leads: Queue<LeadMessage>

  constructor(parts: LeadDeskParts) {
    this.store = parts.store
    this.queries = parts.queries
    this.alerts = parts.alerts
    this.leads = parts.queue
    this.dailyCap = parts.dailyCap
    this.retentionDays = parts.retentionDays
    this.spamRetentionDays = parts.spamRetentionDays
  }

  /**
   * Puts the lead's id on the `leads` queue. A failure is logged and returned: the lead stays
   * `accepted` in D1, where the 10-minute sweep queues it again.
   */
  async queue(id: string): Promise<Result<void>> {
    try {
      await this.leads.send(leadMessage(id), { contentType: 'json' })
      return ok(undefined)
    } catch (error) {
      log.error('leads', 'lead not queued', { leadId: id, error })
      return fail('the lead could not be queued', true)
    }
  }

  /**
   * A valid contact request becomes a lead: stored, then queued, or held (over the daily cap, or
   * for its hold reason) with an alert. One that broke a spam rule is stored as spam and goes no
   * further: no queue, no alert.
   */
  async accept(
    lead: {
      content: LeadContent
      attribution: Attribution
      spamReasons: readonly string[]
      holdReason?: string
    },
    ctx: WaitUntil,
  ): Promise<Result<{ id: string; status: 'accepted' | 'held' | 'spam' }>> {
    const id = crypto.randomUUID()
    const stored = await this.store.insert(
      { id, receivedAt: new Date().toISOString(), ...lead },
      this.dailyCap,
    )
    if (!stored.ok) {
      log.error('contact', 'lead not stored', { leadId: id, reason: stored.error.message })
      return stored
    }
    if (stored.value === 'spam') {
      log.info('contact', 'lead stored as spam', { leadId: id, reasons: lead.spamReasons })
      return ok({ id, status: 'spam' })
    }
    if (stored.value === 'held') {
      if (lead.holdReason) {
        log.warn('contact', 'lead held', { leadId: id, reason: lead.holdReason })
        ctx.waitUntil(
          this.alerts.send({ event: 'lead.held', leadId: id, reason: `${lead.holdReason}; ${SEND_AGAIN}` }),
        )
      } else {
        log.warn('contact', 'lead held: the daily e-mail cap is reached', { leadId: id, cap: this.dailyCap })
        ctx.waitUntil(this.alertCapHeld(id))
      }
      return ok({ id, status: 'held' })
    }
    const queued = await this.queue(id)
    if (!queued.ok) {
      // The visitor hears it failed, so their retry is the only copy: undo the row.
      const undone = await this.store.remove(id)
      if (!undone.ok)
        log.error('contact', 'lead left for the sweep to queue', { leadId: id, reason: undone.error.message })
      return queued
    }
    log.info('contact', 'lead accepted and queued', { leadId: id })
    return ok({ id, status: 'accepted' })
  }

  /**
   * Send again puts a dead or held lead back in the queue, and Not spam a spam lead; Mark as spam
   * takes an undelivered lead out of delivery; Erase removes its personal fields for good. Each is
   * one guarded status change (storage/lead-model.ts TRANSITIONS); false when the lead's status
   * did not allow it.
   */
  async act(id: string, action: LeadAction, who: string): Promise<Result<boolean>> {
    const now = new Date().toISOString()
    if (action === 'erase') {
      const erased = await this.store.erase(id, now)
      if (erased.ok && erased.value) log.info('leads', 'lead erased', { leadId: id, by: who })
      return erased
    }
    if (action === 'mark-spam') {
      const marked = await this.store.markSpam(id, now, `marked as spam by ${who}`)
      if (marked.ok && marked.value) log.info('leads', 'lead marked as spam', { leadId: id, by: who })
      return marked
    }
    // Send again is for dead and held leads, Not spam for spam: the same move back to accepted.
    const from = action === 'not-spam' ? (['spam'] as const) : (['dead', 'held'] as const)
    const requeued = await this.store.requeue(id, now, from)
    if (!requeued.ok || !requeued.value) return requeued
    const queued = await this.queue(id)
    if (!queued.ok) {
      return fail(
        'The lead is marked to be sent again, but the queue did not take it yet; it will within 10 minutes.',
        true,
      )
    }
    log.info('leads', action === 'not-spam' ? 'lead marked as not spam' : 'lead sent again', {
      leadId: id,
      by: who,
    })
    return ok(true)
  }

  /** Every held lead is worth an alert; the first one of a UTC day also says the cap was reached. */
  private async alertCapHeld(id: string): Promise<void> {
    const reason = `the daily cap of ${this.dailyCap} e-mails is reached; ${SEND_AGAIN}`
    await this.alerts.send({ event: 'lead.held', leadId: id, reason })
    const heldForCap = await this.queries.heldForCapToday(new Date(), this.dailyCap)
    if (heldForCap.ok && heldForCap.value === 1) {
      await this.alerts.send({
        event: 'cap.reached',
        leadId: id,
        reason: `${this.dailyCap} leads were e-mailed today (UTC)`,
      })
    }
  }
}
