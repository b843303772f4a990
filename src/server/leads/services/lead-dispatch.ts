/**
 * Where a lead goes next, and how its delivery ends: onto the `leads` queue, or an outcome
 * recorded (dead with an alert for a person). The lead desk and its upkeep (the sweep) both take
 * one, so the sweep queues and marks leads without calling back into the desk.
 */
import { log } from '../../../lib/log'
import { fail, ok, type Result } from '../../../lib/result'
import { leadMessage, webhookMessage, type LeadMessage } from '../storage/lead-model'
import type { LeadStore, Outcome } from '../storage/leads'
import type { Alerts } from '../../platform'

export class LeadDispatch {
  constructor(
    private readonly parts: {
      store: LeadStore
      queue: Queue<LeadMessage>
      /** Queue each lead for the CRM webhook too (LEAD_WEBHOOK_URL). */
      webhook?: boolean
      alerts: Alerts
    },
  ) {}

  /**
   * Puts the lead's id on the `leads` queue: the e-mail's message, and the webhook's when it is on
   * (one batch: both queued or neither). A failure is logged and returned: the lead stays
   * `accepted` in D1, where the 10-minute sweep queues it again.
   */
  async queue(id: string): Promise<Result<void>> {
    try {
      if (this.parts.webhook)
        await this.parts.queue.sendBatch(
          [leadMessage(id), webhookMessage(id)].map((body) => ({ body, contentType: 'json' })),
        )
      else await this.parts.queue.send(leadMessage(id), { contentType: 'json' })
      return ok(undefined)
    } catch (error) {
      log.error('leads', 'lead not queued', { leadId: id, error })
      return fail('the lead could not be queued', true)
    }
  }

  /**
   * Records a delivery's outcome, if the lead is still `sending`: true when written, false when
   * another outcome was recorded first. A failed write is tried three times, then logged.
   */
  async record(id: string, at: string, outcome: Outcome): Promise<Result<boolean>> {
    for (let tries = 1; ; tries++) {
      const written = await this.parts.store.finish(id, at, outcome)
      if (written.ok || tries === 3) {
        if (!written.ok)
          log.error('leads', `lead ${outcome.to} but not recorded`, {
            leadId: id,
            reason: written.error.message,
          })
        return written
      }
    }
  }

  /**
   * The lead is dead for this reason: recorded, and a person alerted, unless it had already left
   * `sending` (another outcome was recorded first). A record that failed is alerted all the same.
   */
  async markDead(id: string, reason: string, at = new Date().toISOString()): Promise<Result<boolean>> {
    const marked = await this.record(id, at, { to: 'dead', error: reason })
    if (!marked.ok || marked.value) await this.parts.alerts.send({ event: 'lead.dead', leadId: id, reason })
    return marked
  }
}
