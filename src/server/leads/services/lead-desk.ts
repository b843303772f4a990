/**
 * The lead desk: a front over every lead in D1 (its store and its queries), the one way onto the
 * `leads` queue, and the alerts about leads. Callers use its verbs, never its parts:
 * - the contact door: accept;
 * - the queue consumer (leads/jobs/lead-delivery.ts): claim, statusOf, record, recordAttempt, markDead, giveUp;
 * - the console: act, and `read`, the read side (a lead, its attempts, the list, the counts, the search);
 * - the Cron Triggers (maintenance.ts): sweep, retain (leads/services/lead-upkeep.ts does the work).
 * A valid contact request is stored, then queued; the visitor hears success only when both
 * happened, or when the lead is held. Logs name leads by id, never by what they contain.
 */
import type { SentForm } from '../../../schemas/campaign-form'
import type { SealedSearch } from './sealed-search'
import type { LeadActionName } from '../../../lib/admin-links'
import { log } from '../../../lib/log'
import { fail, ok, type Result } from '../../../lib/result'
import {
  mayMove,
  type Attribution,
  type LeadContent,
  type LeadMessage,
  type LeadStatus,
} from '../storage/lead-model'
import type { DeliveryChannel, LeadAttempt } from '../../../schemas/admin-records'
import type { LeadAttempts } from '../storage/lead-attempts'
import type { LeadList } from '../storage/lead-list'
import type { LeadRetention } from '../storage/lead-retention'
import type { LeadQueries } from '../storage/lead-queries'
import type { ChannelCap } from '../storage/lead-insert'
import type { LeadStore, Outcome } from '../storage/leads'
import type { WaitUntil, Alerts } from '../../platform'
import type { LeadChannel, SendingChannel } from './lead-channels'
import { LeadDispatch } from './lead-dispatch'
import { LeadUpkeep, type LeadPolicy } from './lead-upkeep'

/** What an admin can do to a lead (the console's addresses name them the same way). */
export type LeadAction = LeadActionName

/** A claim this old was left by an isolate that died mid-send: a redelivered message may retake it. */
const CLAIM_STALE_MS = 5 * 60 * 1000

interface LeadDeskParts extends LeadPolicy {
  store: LeadStore
  queries: LeadQueries
  list: LeadList
  retention: LeadRetention
  attempts: LeadAttempts
  /**
   * The channels in failover order, whose daily caps decide at filing which one a lead goes to:
   * past the primary's cap the next takes it, and it is held only when every one is capped.
   */
  channels: readonly Pick<LeadChannel, 'name' | 'dailyCap'>[]
  /** Queue each lead for the CRM webhook too (LEAD_WEBHOOK_URL). */
  webhook?: boolean
  queue: Queue<LeadMessage>
  alerts: Alerts
  /** Search words sealed for the list's address (review T12). */
  search: SealedSearch
}

/**
 * Every read of the leads, as their storage answers it: a lead (`queries.get`), the counts, the
 * leads waiting for a person, where leads came from; the list, its CSV batches and its filter's
 * sources; a lead's attempts and the overview's counts of them; the retention's backlog; and the
 * list's search words, sealed for its address (review T12).
 */
interface LeadReads {
  queries: Pick<LeadQueries, 'get' | 'counts' | 'waiting' | 'attributionSince'>
  list: Pick<LeadList, 'page' | 'batches' | 'sources'>
  attempts: Pick<LeadAttempts, 'of' | 'countsSince' | 'latestSince'>
  retention: Pick<LeadRetention, 'backlog'>
  search: SealedSearch
}

export class LeadDesk {
  private readonly dispatch: LeadDispatch
  private readonly upkeep: LeadUpkeep
  /** The read side: the console's and the jobs' reads, straight from storage (writes go through the verbs). */
  readonly read: LeadReads

  constructor(private readonly parts: LeadDeskParts) {
    this.dispatch = new LeadDispatch(parts)
    this.upkeep = new LeadUpkeep({ ...parts, dispatch: this.dispatch })
    const { queries, list, attempts, retention, search } = parts
    this.read = { queries, list, attempts, retention, search }
  }

  /**
   * A valid contact request becomes a lead: stored, then queued, or held (over the daily cap, or
   * for its hold reason) with an alert. One that broke a spam rule is stored as spam and goes no
   * further: no queue, no alert.
   */
  async accept(
    lead: {
      content: LeadContent
      /** A campaign form's answers with their definitions (issue 63). */
      form?: SentForm
      attribution: Attribution
      /** The locale of the page it was sent from, already checked against the registry. */
      locale?: string
      spamReasons: readonly string[]
      holdReason?: string
    },
    ctx: WaitUntil,
  ): Promise<Result<{ id: string; status: 'accepted' | 'held' | 'spam' }>> {
    const id = crypto.randomUUID()
    const stored = await this.parts.store.insert(
      { id, receivedAt: new Date().toISOString(), ...lead },
      this.caps(),
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
      ctx.waitUntil(this.upkeep.alertHeld(id, lead.holdReason))
      return ok({ id, status: 'held' })
    }
    const queued = await this.dispatch.queue(id)
    if (!queued.ok) {
      // The visitor hears it failed, so their retry is the only copy: undo the row.
      const undone = await this.parts.store.remove(id)
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
   * one guarded status change (leads/storage/lead-model.ts TRANSITIONS); false when the lead's status
   * did not allow it.
   */
  /** `via`: the channel Send again chose, or undefined for the failover rules. */
  async act(id: string, action: LeadAction, who: string, via?: DeliveryChannel): Promise<Result<boolean>> {
    const now = new Date().toISOString()
    if (action === 'erase') {
      const erased = await this.parts.store.erase(id, now)
      if (erased.ok && erased.value) log.info('leads', 'lead erased', { leadId: id, by: who })
      return erased
    }
    if (action === 'mark-spam') {
      const marked = await this.parts.store.markSpam(id, now, `marked as spam by ${who}`)
      if (marked.ok && marked.value) log.info('leads', 'lead marked as spam', { leadId: id, by: who })
      return marked
    }
    // Send again is for dead and held leads, Not spam for spam: the same move back to accepted.
    const from = action === 'not-spam' ? (['spam'] as const) : (['dead', 'held'] as const)
    const requeued = await this.parts.store.requeue(id, now, from, via ?? null)
    if (!requeued.ok || !requeued.value) return requeued
    const queued = await this.dispatch.queue(id)
    if (!queued.ok)
      return fail('the lead is marked to be sent again, but the queue did not take it yet', true)
    log.info('leads', action === 'not-spam' ? 'lead marked as not spam' : 'lead sent again', {
      leadId: id,
      by: who,
    })
    return ok(true)
  }

  /** Takes the lead for sending and returns its content, or null when it is not there to take. */
  claim(
    id: string,
    now: Date,
  ): Promise<Result<(LeadContent & { attempts: number; sendVia: DeliveryChannel | null }) | null>> {
    return this.parts.store.claim(
      id,
      now.toISOString(),
      new Date(now.getTime() - CLAIM_STALE_MS).toISOString(),
    )
  }

  statusOf(id: string): Promise<Result<LeadStatus | null>> {
    return this.parts.store.status(id)
  }

  /**
   * Records how a send ended. The e-mail has gone (or not) whatever D1 says next, so a record that
   * cannot be written is tried twice more, then logged (the sweep finds the lead later).
   */
  record(id: string, at: string, outcome: Outcome): Promise<Result<boolean>> {
    return this.dispatch.record(id, at, outcome)
  }

  /**
   * The lead is dead for this reason: recorded, and a person alerted, unless it had already left
   * `sending` (another outcome was recorded first). A record that failed is alerted all the same.
   */
  markDead(id: string, reason: string, at?: string): Promise<Result<boolean>> {
    return this.dispatch.markDead(id, reason, at)
  }

  /**
   * The queue retried this one max_retries times: it is dead, with its last reason, for a person.
   * False when it was not in flight any more (nothing to do).
   */
  async giveUp(id: string): Promise<Result<boolean>> {
    const row = await this.parts.queries.get(id)
    if (!row.ok) return row
    if (!row.value || !mayMove(row.value.status, 'dead')) return ok(false)
    const reason = `${row.value.lastError ?? 'Delivery retries exhausted'} (gave up after ${row.value.attempts} attempts)`
    const killed = await this.parts.store.finish(id, new Date().toISOString(), { to: 'dead', error: reason })
    if (!killed.ok) return killed
    log.error('leads', 'lead dead', { leadId: id, attempts: row.value.attempts, reason })
    await this.parts.alerts.send({ event: 'lead.dead', leadId: id, reason })
    return ok(true)
  }

  /** The 10-minute sweep: stranded leads queued again or marked dead, stuck ones alerted. */
  sweep(now: Date): Promise<void> {
    return this.upkeep.sweep(now)
  }

  /** Keeps how one delivery attempt ended; a failure to keep it is logged, never fails the delivery. */
  async recordAttempt(id: string, attempt: LeadAttempt): Promise<void> {
    const kept = await this.parts.attempts.add(id, attempt)
    if (!kept.ok) log.error('leads', kept.error.message, { leadId: id })
  }

  /** Each channel's daily cap, in failover order. */
  private caps(): ChannelCap<SendingChannel>[] {
    return this.parts.channels.map((channel) => ({ channel: channel.name, cap: channel.dailyCap }))
  }

  /** Each channel's leads today (UTC) against its daily cap (the overview's channel health). */
  async capsToday(now: Date) {
    const caps = this.caps()
    const today = await this.parts.queries.routedToday(now, caps)
    if (!today.ok) return today
    return ok(caps.map(({ channel, cap }) => ({ channel, cap, today: today.value[channel] ?? 0 })))
  }

  /** The daily retention: old leads' personal fields erased, old spam deleted. */
  retain(now: Date): Promise<void> {
    return this.upkeep.retain(now)
  }
}
