/**
 * Whether a delivery channel is up (table delivery_channels, migrations/0016), in D1 so every
 * isolate sees the same mark: FAILURES_TO_DOWN failures in a row mark it down; while down, one
 * lead every PROBE_EVERY_MS may try it (claimed by one conditional UPDATE, so two isolates never
 * both probe); one success marks it up.
 */
import type { Result } from '../../../lib/result'
import { attempt } from '../../platform'

export const FAILURES_TO_DOWN = 5
export const PROBE_EVERY_MS = 5 * 60 * 1000

/** How a lead may use the channel now: as usual, as the probe of a channel that is down, or not at all. */
type Route = 'up' | 'probe' | 'down'

export class ChannelHealth {
  constructor(private readonly db: D1Database) {}

  route(channel: string, now: Date): Promise<Result<Route>> {
    return attempt('channel health not read', async () => {
      const down = await this.db
        .prepare('SELECT down_since FROM delivery_channels WHERE channel = ? AND down_since IS NOT NULL')
        .bind(channel)
        .first()
      if (!down) return 'up'
      const { meta } = await this.db
        .prepare(
          `UPDATE delivery_channels SET last_probe_at = ?2 WHERE channel = ?1 AND down_since IS NOT NULL
             AND (last_probe_at IS NULL OR last_probe_at <= ?3)`,
        )
        .bind(channel, now.toISOString(), new Date(now.getTime() - PROBE_EVERY_MS).toISOString())
        .run()
      return meta.changes === 1 ? 'probe' : 'down'
    })
  }

  /** One success marks the channel up. */
  succeeded(channel: string, now: Date): Promise<Result<void>> {
    return attempt('channel health not recorded', async () => {
      await this.db
        .prepare(
          `INSERT INTO delivery_channels (channel, failures_in_row, last_success_at) VALUES (?1, 0, ?2)
           ON CONFLICT (channel) DO UPDATE SET failures_in_row = 0, down_since = NULL, last_success_at = ?2`,
        )
        .bind(channel, now.toISOString())
        .run()
    })
  }

  /**
   * A failure in a row; the FAILURES_TO_DOWN-th marks the channel down, and its first probe comes
   * PROBE_EVERY_MS later. Up, down, or marked down by this very failure.
   */
  failed(channel: string, now: Date): Promise<Result<'up' | 'just down' | 'down'>> {
    return attempt('channel health not recorded', async () => {
      const row = await this.db
        .prepare(
          `INSERT INTO delivery_channels (channel, failures_in_row, down_since, last_probe_at)
             VALUES (?1, 1, CASE WHEN ?3 <= 1 THEN ?2 END, CASE WHEN ?3 <= 1 THEN ?2 END)
           ON CONFLICT (channel) DO UPDATE SET failures_in_row = failures_in_row + 1,
             down_since = COALESCE(down_since, CASE WHEN failures_in_row + 1 >= ?3 THEN ?2 END),
             last_probe_at = CASE WHEN down_since IS NULL AND failures_in_row + 1 >= ?3 THEN ?2
               ELSE last_probe_at END
           RETURNING down_since`,
        )
        .bind(channel, now.toISOString(), FAILURES_TO_DOWN)
        .first<{ down_since: string | null }>()
      if (row?.down_since == null) return 'up'
      return row.down_since === now.toISOString() ? 'just down' : 'down'
    })
  }

  /** Every channel's mark: down since when, and its last success (a channel never used has no row). */
  all(): Promise<Result<{ channel: string; downSince: string | null; lastSuccessAt: string | null }[]>> {
    return attempt('channel health not read', async () => {
      const { results } = await this.db
        .prepare(
          'SELECT channel, down_since AS downSince, last_success_at AS lastSuccessAt FROM delivery_channels',
        )
        .all<{ channel: string; downSince: string | null; lastSuccessAt: string | null }>()
      return results
    })
  }
}
