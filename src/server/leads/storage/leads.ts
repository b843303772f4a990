/**
 * Leads in D1 (table leads, migrations/0002): every change of a lead's status is one conditional
 * UPDATE whose WHERE names the statuses it may start from (TRANSITIONS), so two consumers, or a
 * consumer and an admin, can never both win. Reads for the console are in lead-queries.ts.
 */
import type { DeliveryChannel } from '../../../schemas/admin-records'
import { ok, type Result } from '../../../lib/result'
import { attempt } from '../../platform'
import { insertLead, type ChannelCap } from './lead-insert'
import { assignments, ATTRIBUTION_FIELDS, CONTENT_FIELDS, selected, type LeadUpdate } from './lead-columns'
import {
  IN_FLIGHT,
  TRANSITIONS,
  type LeadContent,
  type LeadStatus,
  type NewLead,
  type Transition,
} from './lead-model'

/** `IN (?, ?, …)` for the statuses a lead may move to `to` from. */
const fromStatuses = (from: readonly LeadStatus[]) => from.map((s) => `'${s}'`).join(', ')

/**
 * What erasing a lead removes: every field the visitor supplied or that derives from them (the
 * form, the local time, where they came from) and the last error, since a reason can quote any of
 * them (an e-mail service echoing the address it refused).
 */
const ERASED: LeadUpdate = Object.fromEntries(
  [...CONTENT_FIELDS, 'formFields', ...ATTRIBUTION_FIELDS, 'lastError'].map((field) => [field, null]),
)

const inFlight = IN_FLIGHT.map((s) => `'${s}'`).join(', ')

export type Outcome = { to: 'delivered'; via: DeliveryChannel } | { to: 'retrying' | 'dead'; error: string }

/**
 * Deletes the attempts of the leads `which` selects, then runs `change` on them, in one batch;
 * the rows `change` changed, counted by RETURNING: D1's meta.changes also counts the rows the
 * counter and search triggers write (migrations/0019).
 */
export function changeWithAttempts(
  db: D1Database,
  what: string,
  which: string,
  params: string[],
  change: string,
  values: unknown[] = [],
): Promise<Result<number>> {
  return attempt(what, async () => {
    const [, changed] = await db.batch([
      db
        .prepare(`DELETE FROM lead_attempts WHERE lead_id IN (SELECT id FROM leads WHERE ${which})`)
        .bind(...params),
      db.prepare(`${change} RETURNING 1`).bind(...params, ...values),
    ])
    return changed!.results.length
  })
}

/** What erasing a lead sets, at `now`, numbering its parameters from `first`. */
export const erasure = (now: string, first: number) =>
  assignments({ ...ERASED, erasedAt: now, updatedAt: now }, first)

export class LeadStore {
  constructor(private readonly db: D1Database) {}

  /**
   * Stores a new lead with its status decided in the same statement (lead-insert.ts: spam, held,
   * accepted; past the primary's daily cap, the next channel's while it has room). A held lead
   * keeps why in its last error, which the console shows.
   */
  insert(lead: NewLead, caps: readonly ChannelCap[]): Promise<Result<'accepted' | 'held' | 'spam'>> {
    return attempt('lead not stored', async () => {
      const row = await insertLead(this.db, lead, caps).first<{
        status: 'accepted' | 'held' | 'spam'
      }>()
      return row!.status
    })
  }

  /** Undoes an insert whose queue message could not be sent, so the visitor's retry is the only copy. */
  remove(id: string): Promise<Result<void>> {
    return attempt('lead not removed', async () => {
      await this.db.prepare("DELETE FROM leads WHERE id = ? AND status = 'accepted'").bind(id).run()
    })
  }

  /**
   * Takes the lead for sending and returns its content, or null when it is not there to take
   * (delivered, dead, held, erased, or being sent by another consumer since `staleBefore`).
   */
  claim(
    id: string,
    now: string,
    staleBefore: string,
  ): Promise<Result<(LeadContent & { attempts: number; sendVia: DeliveryChannel | null }) | null>> {
    return attempt('lead not claimed', () =>
      this.db
        .prepare(
          `UPDATE leads SET status = 'sending', attempts = attempts + 1, claimed_at = ?2, updated_at = ?2
           WHERE id = ?1 AND (status IN (${fromStatuses(TRANSITIONS.sending)}) OR (status = 'sending' AND claimed_at < ?3))
           RETURNING ${selected([...CONTENT_FIELDS, 'formFields', 'attempts', 'sendVia'])}`,
        )
        .bind(id, now, staleBefore)
        .first<LeadContent & { attempts: number; sendVia: DeliveryChannel | null }>(),
    )
  }

  /** The status of one lead, or null when there is no such lead. */
  status(id: string): Promise<Result<LeadStatus | null>> {
    return attempt('lead not read', async () => {
      const row = await this.db
        .prepare('SELECT status FROM leads WHERE id = ?')
        .bind(id)
        .first<{ status: LeadStatus }>()
      return row?.status ?? null
    })
  }

  /** Records how a send ended; false when the lead was no longer being sent. */
  finish(id: string, now: string, outcome: Outcome): Promise<Result<boolean>> {
    const delivered = outcome.to === 'delivered'
    return this.move(id, outcome.to, {
      updatedAt: now,
      claimedAt: null,
      lastError: delivered ? null : outcome.error,
      deliveredAt: delivered ? now : null,
      deliveredVia: delivered ? outcome.via : null,
    })
  }

  /**
   * Send again (`from` dead and held) or Not spam (`from` spam): the lead goes back to accepted
   * (the caller queues it). `from` narrows TRANSITIONS.accepted, in the same guarded UPDATE.
   */
  requeue(
    id: string,
    now: string,
    from: readonly (typeof TRANSITIONS.accepted)[number][] = TRANSITIONS.accepted,
    sendVia: DeliveryChannel | null = null,
  ): Promise<Result<boolean>> {
    return this.move(id, 'accepted', { updatedAt: now, claimedAt: null, sendVia }, from)
  }

  /** Mark as spam: a lead not delivered (nor being sent) becomes spam, with who marked it as the reason. */
  markSpam(id: string, now: string, reason: string): Promise<Result<boolean>> {
    return this.move(id, 'spam', { updatedAt: now, claimedAt: null, spamReasons: reason })
  }

  /**
   * Removes every personal field (ERASED) and the delivery attempts (their reasons may quote the
   * visitor); keeps the id, the dates and the delivery record.
   */
  async erase(id: string, now: string): Promise<Result<boolean>> {
    const set = erasure(now, 2)
    const which = `id = ?1 AND status IN (${fromStatuses(TRANSITIONS.erased)})`
    const update = `UPDATE leads SET status = 'erased', ${set.sql} WHERE ${which}`
    const erased = await changeWithAttempts(
      this.db,
      'lead not moved to erased',
      which,
      [id],
      update,
      set.values,
    )
    return erased.ok ? ok(erased.value === 1) : erased
  }

  /** Leads no consumer is working on although one should: never queued, or claimed by an isolate that died. */
  stranded(
    acceptedBefore: string,
    claimedBefore: string,
  ): Promise<Result<{ id: string; status: LeadStatus }[]>> {
    return attempt('stranded leads not read', async () => {
      const { results } = await this.db
        .prepare(
          `SELECT id, status FROM leads WHERE (status = 'accepted' AND updated_at < ?1)
             OR (status = 'sending' AND claimed_at < ?2) ORDER BY received_at LIMIT 100`,
        )
        .bind(acceptedBefore, claimedBefore)
        .all<{ id: string; status: LeadStatus }>()
      return results
    })
  }

  /**
   * Leads still in flight although received before `receivedBefore`, not reported yet: marks at
   * most `limit` of them reported and returns them, so each is alerted once (the rest on the next
   * runs, when an outage left many).
   */
  reportStuck(
    now: string,
    receivedBefore: string,
    limit = 100,
  ): Promise<Result<{ id: string; status: LeadStatus }[]>> {
    return attempt('stuck leads not read', async () => {
      const { results } = await this.db
        .prepare(
          `UPDATE leads SET stuck_alerted_at = ?1
           WHERE seq IN (
             SELECT seq FROM leads
             WHERE status IN (${inFlight}) AND received_at < ?2 AND stuck_alerted_at IS NULL
             ORDER BY received_at LIMIT ?3)
           RETURNING id, status`,
        )
        .bind(now, receivedBefore, limit)
        .all<{ id: string; status: LeadStatus }>()
      return results
    })
  }

  /**
   * Moves one lead to `to` if its status is one of `from` (by default every status TRANSITIONS
   * allows), setting the named columns; false when it did not.
   */
  private move(
    id: string,
    to: Transition,
    update: LeadUpdate,
    from: readonly LeadStatus[] = TRANSITIONS[to],
  ): Promise<Result<boolean>> {
    const set = assignments(update, 3)
    // RETURNING rather than meta.changes, which counts the triggers' rows too (withAttempts).
    return attempt(`lead not moved to ${to}`, async () => {
      const moved = await this.db
        .prepare(
          `UPDATE leads SET status = ?2, ${set.sql} WHERE id = ?1 AND status IN (${fromStatuses(from)}) RETURNING 1`,
        )
        .bind(id, to, ...set.values)
        .first()
      return moved !== null
    })
  }
}
