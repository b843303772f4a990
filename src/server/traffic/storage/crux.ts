/**
 * Google's 28-day view (CrUX) as the daily job last read it (migrations/0049 crux_records): one row
 * for the origin and one per page, replaced at each reading; a page CrUX no longer has is deleted.
 */
import type { Result } from '../../../lib/result'
import type { CruxRecord } from '../../../schemas/speed'
import { attempt } from '../../platform'

export type { CruxRecord }

export interface CruxStore {
  /** Replaces every record with `records` (read at `readAt`), as one transaction. */
  replace(records: CruxRecord[], readAt: string): Promise<Result<void>>
  all(): Promise<Result<CruxRecord[]>>
}

export class D1CruxStore implements CruxStore {
  constructor(private readonly db: D1Database | D1DatabaseSession) {}

  replace(records: CruxRecord[], readAt: string): Promise<Result<void>> {
    return attempt('Google’s figures not written', async () => {
      await this.db.batch([
        this.db.prepare('DELETE FROM crux_records'),
        ...records.map((r) =>
          this.db
            .prepare(
              `INSERT INTO crux_records (target, lcp, inp, cls, first_day, last_day, read_at)
               VALUES (?, ?, ?, ?, ?, ?, ?)`,
            )
            .bind(r.target, r.LCP, r.INP, r.CLS, r.firstDay, r.lastDay, readAt),
        ),
      ])
    })
  }

  all(): Promise<Result<CruxRecord[]>> {
    return attempt('Google’s figures not read', async () => {
      const { results } = await this.db
        .prepare(
          `SELECT target, lcp AS LCP, inp AS INP, cls AS CLS, first_day AS firstDay, last_day AS lastDay
           FROM crux_records ORDER BY target`,
        )
        .all<CruxRecord>()
      return results
    })
  }
}
