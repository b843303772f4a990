/**
 * Leads in D1 (table leads, migrations/0002): every change of a lead's status is one conditional
 * UPDATE whose WHERE names the statuses it may start from (TRANSITIONS), so two consumers, or a
 * consumer and an admin, can never both win. Reads for the console are in lead-queries.ts.
 */
import { errorText, fail, ok, type Result } from '../../lib/result'
import { TRANSITIONS, type LeadContent, type LeadStatus, type NewLead } from './lead-model'

/** `IN (?, ?, …)` for a transition's statuses. */
const fromStatuses = (change: keyof typeof TRANSITIONS) => TRANSITIONS[change].map((s) => `'${s}'`).join(', ')

async function attempt<T>(what: string, run: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await run())
  } catch (error) {
    return fail(`${what}: ${errorText(error)}`, true)
  }
}

export class LeadStore {
  constructor(private readonly db: D1Database) {}

  /**
   * Stores a new lead: "accepted", or "held" when `dailyCap` leads for e-mail were already
   * received this UTC day. Counting and inserting is one statement, so the cap is exact.
   */
  insert(lead: NewLead, dailyCap: number): Promise<Result<'accepted' | 'held'>> {
    const { content: c, attribution: a } = lead
    const dayStart = `${lead.receivedAt.slice(0, 10)}T00:00:00.000Z`
    return attempt('lead not stored', async () => {
      const row = await this.db
        .prepare(
          `INSERT INTO leads (id, received_at, updated_at, status, name, email, phone, inquiry, local_time,
             page_path, referrer, utm_source, utm_medium, utm_campaign)
           VALUES (?1, ?2, ?2,
             CASE WHEN (SELECT COUNT(*) FROM leads WHERE received_at >= ?3 AND status <> 'held') >= ?4
               THEN 'held' ELSE 'accepted' END,
             ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
           RETURNING status`,
        )
        .bind(
          lead.id,
          lead.receivedAt,
          dayStart,
          dailyCap,
          c.name,
          c.email,
          c.phone,
          c.inquiry,
          c.localTime,
          a.pagePath,
          a.referrer,
          a.utmSource,
          a.utmMedium,
          a.utmCampaign,
        )
        .first<{ status: 'accepted' | 'held' }>()
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
  ): Promise<Result<(LeadContent & { attempts: number }) | null>> {
    return attempt('lead not claimed', () =>
      this.db
        .prepare(
          `UPDATE leads SET status = 'sending', attempts = attempts + 1, claimed_at = ?2, updated_at = ?2
           WHERE id = ?1 AND (status IN (${fromStatuses('claim')}) OR (status = 'sending' AND claimed_at < ?3))
           RETURNING name, email, phone, inquiry, local_time AS localTime, attempts`,
        )
        .bind(id, now, staleBefore)
        .first<LeadContent & { attempts: number }>(),
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
  finish(
    id: string,
    now: string,
    outcome: { to: 'delivered'; via: 'emailjs' | 'outbox' } | { to: 'retrying' | 'dead'; error: string },
  ): Promise<Result<boolean>> {
    const change = outcome.to === 'delivered' ? 'deliver' : outcome.to === 'retrying' ? 'retry' : 'kill'
    const delivered = outcome.to === 'delivered'
    return this.move(
      id,
      change,
      `status = ?2, updated_at = ?3, claimed_at = NULL, last_error = ?4, delivered_at = ?5, delivered_via = ?6`,
      [
        outcome.to,
        now,
        delivered ? null : outcome.error,
        delivered ? now : null,
        delivered ? outcome.via : null,
      ],
    )
  }

  /** Send again: a dead or held lead goes back to accepted (the caller queues it). */
  requeue(id: string, now: string): Promise<Result<boolean>> {
    return this.move(id, 'requeue', `status = 'accepted', updated_at = ?2, claimed_at = NULL`, [now])
  }

  /** Removes the name, e-mail, phone, inquiry and referrer; keeps the id, dates and delivery record. */
  erase(id: string, now: string): Promise<Result<boolean>> {
    return this.move(id, 'erase', `${ERASED}, erased_at = ?2, updated_at = ?2`, [now])
  }

  /** Retention: erases delivered leads received before one date, dead and held ones before another. */
  eraseOld(now: string, deliveredBefore: string, undeliveredBefore: string): Promise<Result<number>> {
    return attempt('old leads not erased', async () => {
      const { meta } = await this.db
        .prepare(
          `UPDATE leads SET ${ERASED}, erased_at = ?1, updated_at = ?1
           WHERE (status = 'delivered' AND received_at < ?2) OR (status IN ('dead', 'held') AND received_at < ?3)`,
        )
        .bind(now, deliveredBefore, undeliveredBefore)
        .run()
      return meta.changes
    })
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

  private move(id: string, change: keyof typeof TRANSITIONS, set: string, values: unknown[]) {
    return attempt(`lead not updated (${change})`, async () => {
      const { meta } = await this.db
        .prepare(`UPDATE leads SET ${set} WHERE id = ?1 AND status IN (${fromStatuses(change)})`)
        .bind(id, ...values)
        .run()
      return meta.changes === 1
    })
  }
}

const ERASED = `status = 'erased', name = NULL, email = NULL, phone = NULL, inquiry = NULL, referrer = NULL`
