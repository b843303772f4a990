/**
 * Retention in bounded batches (issue 33): each call erases or deletes at most `limit` leads, found
 * through the status index (never a scan), with their delivery attempts in the same batch. A
 * backlog (a retention period shortened, a year of spam) drains over successive runs, and the
 * run writes down about how many still wait (table job_backlog, migrations/0021).
 */
import type { Result } from '../../../lib/result'
import { attempt } from '../../platform'
import { changeWithAttempts, erasure } from './leads'
import type { LeadStatus } from './lead-model'

/** Leads erased after the retention period, by when their delivery ended. */
export const DELIVERED: readonly LeadStatus[] = ['delivered']
/** Leads erased after twice the period: never delivered (and not spam, which is deleted sooner). */
export const UNDELIVERED: readonly LeadStatus[] = ['accepted', 'sending', 'retrying', 'dead', 'held']

const RETENTION_JOB = 'lead-retention'

/** Up to `limit` leads in `statuses` received before ?1, by the status index. */
const oldest = (statuses: readonly LeadStatus[], limit: number) =>
  `seq IN (SELECT seq FROM leads WHERE status IN (${statuses.map((s) => `'${s}'`).join(', ')})
     AND received_at < ?1 LIMIT ${Math.floor(limit)})`

export class LeadRetention {
  constructor(private readonly db: D1Database) {}

  /** Erases up to `limit` leads in `statuses` received before `before`; how many it erased. */
  erase(
    now: string,
    statuses: readonly LeadStatus[],
    before: string,
    limit: number,
  ): Promise<Result<number>> {
    const set = erasure(now, 2)
    const which = oldest(statuses, limit)
    const update = `UPDATE leads SET status = 'erased', ${set.sql} WHERE ${which}`
    return changeWithAttempts(this.db, 'old leads not erased', which, [before], update, set.values)
  }

  /** Deletes up to `limit` spam leads received before `before`, rows and attempts; how many. */
  deleteSpam(before: string, limit: number): Promise<Result<number>> {
    const which = oldest(['spam'], limit)
    return changeWithAttempts(
      this.db,
      'old spam not deleted',
      which,
      [before],
      `DELETE FROM leads WHERE ${which}`,
    )
  }

  /**
   * About how many leads are past their retention, from the day counters (whole UTC days before
   * each cut-off, so the day of a cut-off is not in it): a few rows per retained day.
   */
  pending(cutoffs: { statuses: readonly LeadStatus[]; before: string }[]): Promise<Result<number>> {
    const parts = cutoffs.map(
      ({ statuses }, i) => `(status IN (${statuses.map((s) => `'${s}'`).join(', ')}) AND day < ?${i + 1})`,
    )
    return attempt('retention backlog not counted', async () => {
      const row = await this.db
        .prepare(`SELECT COALESCE(SUM(n), 0) AS n FROM lead_day_counts WHERE ${parts.join(' OR ')}`)
        .bind(...cutoffs.map(({ before }) => before.slice(0, 10)))
        .first<{ n: number }>()
      return row?.n ?? 0
    })
  }

  /** Writes down what the last run left. */
  recordBacklog(remaining: number, now: string): Promise<Result<void>> {
    return attempt('retention backlog not kept', async () => {
      await this.db
        .prepare(
          `INSERT INTO job_backlog (job, remaining, updated_at) VALUES (?1, ?2, ?3)
           ON CONFLICT (job) DO UPDATE SET remaining = ?2, updated_at = ?3`,
        )
        .bind(RETENTION_JOB, remaining, now)
        .run()
    })
  }

  /** What the last run left: about how many leads still wait for retention (0 before any run). */
  backlog(): Promise<Result<number>> {
    return attempt('retention backlog not read', async () => {
      const row = await this.db
        .prepare('SELECT remaining FROM job_backlog WHERE job = ?')
        .bind(RETENTION_JOB)
        .first<{ remaining: number }>()
      return row?.remaining ?? 0
    })
  }
}
