/**
 * The delivery attempts of each lead (table lead_attempts, migrations/0015): appended by the
 * queue consumer, listed on the lead's page, deleted with the lead by the table's triggers.
 */
import type { Result } from '../../../lib/result'
import type { AttemptOutcome, DeliveryChannel, LeadAttempt } from '../../../schemas/admin-records'
import { attempt } from '../../platform'

/** A lead's page shows at most this many (a lead is retried 5 times, then sent again by hand). */
const SHOWN = 100

export class LeadAttempts {
  constructor(private readonly db: D1Database) {}

  add(leadId: string, row: LeadAttempt): Promise<Result<void>> {
    return attempt('delivery attempt not recorded', async () => {
      await this.db
        .prepare(
          `INSERT INTO lead_attempts (lead_id, channel, started_at, finished_at, outcome, status, reason)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(leadId, row.channel, row.startedAt, row.finishedAt, row.outcome, row.status, row.reason)
        .run()
    })
  }

  /** One lead's attempts, oldest first. */
  of(leadId: string): Promise<Result<LeadAttempt[]>> {
    return attempt('delivery attempts not read', async () => {
      const { results } = await this.db
        .prepare(
          `SELECT channel, started_at AS startedAt, finished_at AS finishedAt, outcome, status, reason
           FROM lead_attempts WHERE lead_id = ? ORDER BY id LIMIT ${SHOWN}`,
        )
        .bind(leadId)
        .all<LeadAttempt>()
      return results
    })
  }

  /** A channel's newest attempt since `since` (with that outcome), or null: the same index's range. */
  latestSince(
    channel: DeliveryChannel,
    since: string,
    outcome?: AttemptOutcome,
  ): Promise<Result<{ startedAt: string; outcome: AttemptOutcome } | null>> {
    return attempt('delivery attempts not read', async () => {
      const row = await this.db
        .prepare(
          `SELECT started_at AS startedAt, outcome FROM lead_attempts
           WHERE started_at >= ?1 AND channel = ?2 AND (?3 IS NULL OR outcome = ?3)
           ORDER BY started_at DESC LIMIT 1`,
        )
        .bind(since, channel, outcome ?? null)
        .first<{ startedAt: string; outcome: AttemptOutcome }>()
      return row ?? null
    })
  }

  /** Attempts since `since` per channel and outcome (a range of lead_attempts_by_time, no scan). */
  countsSince(
    since: string,
  ): Promise<Result<{ channel: DeliveryChannel; outcome: AttemptOutcome; n: number }[]>> {
    return attempt('delivery attempts not counted', async () => {
      const { results } = await this.db
        .prepare(
          `SELECT channel, outcome, COUNT(*) AS n FROM lead_attempts WHERE started_at >= ?
           GROUP BY channel, outcome`,
        )
        .bind(since)
        .all<{ channel: DeliveryChannel; outcome: AttemptOutcome; n: number }>()
      return results
    })
  }
}
