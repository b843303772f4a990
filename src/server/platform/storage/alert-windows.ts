/**
 * Alert folding in D1 (table alert_windows, migrations/0002): one row per event kind, holding
 * when its last alert went out and how many events were folded since. Each decision is one
 * statement, so two isolates never both send inside a window.
 */
import type { Result } from '../../../lib/result'
import { attempt } from './attempt'

interface FoldedWindow<Event extends string> {
  event: Event
  folded: number
  leadId: string | null
  reason: string | null
}

export class AlertWindows<Event extends string> {
  constructor(private readonly db: D1Database) {}

  /**
   * Opens a new window for `event` (send now: returns the events folded into the window that
   * closed, plus this one), or folds it into the open one (returns null).
   */
  open(
    event: Event,
    now: Date,
    windowMs: number,
    last: { leadId?: string; reason: string },
  ): Promise<Result<{ count: number } | null>> {
    return attempt(`${event} not decided`, async () => {
      const row = await this.db
        .prepare(
          `INSERT INTO alert_windows (event, sent_at, folded) VALUES (?1, ?2, 0)
           ON CONFLICT (event) DO UPDATE SET
             carried = CASE WHEN sent_at > ?3 THEN carried ELSE folded END,
             folded = CASE WHEN sent_at > ?3 THEN folded + 1 ELSE 0 END,
             last_lead_id = CASE WHEN sent_at > ?3 THEN ?4 ELSE NULL END,
             last_reason = CASE WHEN sent_at > ?3 THEN ?5 ELSE NULL END,
             sent_at = CASE WHEN sent_at > ?3 THEN sent_at ELSE ?2 END
           RETURNING sent_at = ?2 AS sendNow, carried`,
        )
        .bind(
          event,
          now.toISOString(),
          new Date(now.getTime() - windowMs).toISOString(),
          last.leadId ?? null,
          last.reason,
        )
        .first<{ sendNow: number; carried: number }>()
      return row?.sendNow ? { count: row.carried + 1 } : null
    })
  }

  /** Closes every window older than `windowMs` that has events folded into it, and returns them. */
  closeFolded(now: Date, windowMs: number): Promise<Result<FoldedWindow<Event>[]>> {
    return attempt('folded alerts not flushed', async () => {
      const { results } = await this.db
        .prepare(
          // RETURNING sees the row after the update, so the count moves to `carried` to be read.
          `UPDATE alert_windows SET sent_at = ?1, carried = folded, folded = 0
           WHERE folded > 0 AND sent_at <= ?2
           RETURNING event, carried AS folded, last_lead_id AS leadId, last_reason AS reason`,
        )
        .bind(now.toISOString(), new Date(now.getTime() - windowMs).toISOString())
        .all<FoldedWindow<Event>>()
      return results
    })
  }
}
