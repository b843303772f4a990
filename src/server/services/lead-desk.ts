/**
 * The lead desk: every lead in D1 (its store and its queries), the one way onto the `leads`
 * queue, and what the form and the console do to a lead. A valid contact request is stored,
 * then queued; the visitor hears success only when both happened, or when the lead is held over
 * the daily e-mail cap. Logs name leads by id, never by what they contain.
 */
import type { Bindings } from '../../env'
import { log } from '../../lib/log'
import { fail, ok, type Result } from '../../lib/result'
import { leadMessage, type Attribution, type LeadContent, type LeadMessage } from '../storage/lead-model'
import type { LeadQueries } from '../storage/lead-queries'
import type { LeadStore } from '../storage/leads'
import type { WaitUntil } from '../wait-until'
import type { Alerts } from './alerts'

export type LeadAction = 'send-again' | 'erase'

/** What the console says afterwards. */
export const ACTION_NOTICES: Record<LeadAction, { done: string; refused: string }> = {
  'send-again': {
    done: 'The lead is back in the queue and will be sent in a moment.',
    refused: 'Only a dead or held lead can be sent again.',
  },
  erase: {
    done: 'The lead’s name, e-mail, phone and inquiry are erased.',
    refused: 'The lead is already erased.',
  },
}

/** CONTACT_DAILY_EMAIL_CAP, 100 unless set to another whole number. */
export function dailyEmailCap(env: Bindings): number {
  const cap = Number(env.CONTACT_DAILY_EMAIL_CAP)
  return Number.isInteger(cap) && cap >= 0 ? cap : 100
}

/** LEAD_RETENTION_DAYS, 90 unless set to another positive whole number. */
export function retentionDays(env: Bindings): number {
  const days = Number(env.LEAD_RETENTION_DAYS)
  return Number.isInteger(days) && days > 0 ? days : 90
}

export interface LeadDeskParts {
  store: LeadStore
  queries: LeadQueries
  queue: Queue<LeadMessage>
  alerts: Alerts
  /** Leads e-mailed per UTC day; the rest are held. */
  dailyCap: number
  /** Delivered leads are erased after this many days, dead and held ones after twice that. */
  retentionDays: number
}

export class LeadDesk {
  readonly store: LeadStore
  readonly queries: LeadQueries
  readonly alerts: Alerts
  readonly dailyCap: number
  readonly retentionDays: number
  private readonly leads: Queue<LeadMessage>

  constructor(parts: LeadDeskParts) {
    this.store = parts.store
    this.queries = parts.queries
    this.alerts = parts.alerts
    this.leads = parts.queue
    this.dailyCap = parts.dailyCap
    this.retentionDays = parts.retentionDays
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

  /** A valid contact request becomes a lead: stored, then queued (or held over the daily cap). */
  async accept(
    lead: { content: LeadContent; attribution: Attribution },
    ctx: WaitUntil,
  ): Promise<Result<{ id: string; held: boolean }>> {
    const id = crypto.randomUUID()
    const stored = await this.store.insert(
      { id, receivedAt: new Date().toISOString(), ...lead },
      this.dailyCap,
    )
    if (!stored.ok) {
      log.error('contact', 'lead not stored', { leadId: id, reason: stored.error.message })
      return stored
    }
    if (stored.value === 'held') {
      log.warn('contact', 'lead held: the daily e-mail cap is reached', { leadId: id, cap: this.dailyCap })
      ctx.waitUntil(this.alertHeld(id))
      return ok({ id, held: true })
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
    return ok({ id, held: false })
  }

  /**
   * Send again puts a dead or held lead back in the queue; Erase removes its personal fields for
   * good. Each is one guarded status change (storage/lead-model.ts TRANSITIONS); false when the
   * lead's status did not allow it.
   */
  async act(id: string, action: LeadAction, who: string): Promise<Result<boolean>> {
    const now = new Date().toISOString()
    if (action === 'erase') {
      const erased = await this.store.erase(id, now)
      if (erased.ok && erased.value) log.info('leads', 'lead erased', { leadId: id, by: who })
      return erased
    }
    const requeued = await this.store.requeue(id, now)
    if (!requeued.ok || !requeued.value) return requeued
    const queued = await this.queue(id)
    if (!queued.ok) {
      return fail(
        'The lead is marked to be sent again, but the queue did not take it yet; it will within 10 minutes.',
        true,
      )
    }
    log.info('leads', 'lead sent again', { leadId: id, by: who })
    return ok(true)
  }

  /** Every held lead is worth an alert; the first one of a UTC day also says the cap was reached. */
  private async alertHeld(id: string): Promise<void> {
    const reason = `the daily cap of ${this.dailyCap} e-mails is reached; Send again in /admin/leads delivers it`
    await this.alerts.send({ event: 'lead.held', leadId: id, reason })
    const counts = await this.queries.counts(new Date())
    if (counts.ok && counts.value.held.today === 1) {
      await this.alerts.send({
        event: 'cap.reached',
        leadId: id,
        reason: `${this.dailyCap} leads were e-mailed today (UTC)`,
      })
    }
  }
}
