/**
 * What the lead desk reads from D1 besides its list (lead-list.ts): one lead, the counts per
 * status, each channel's leads today, and what waits for an admin. Counts come from the counters
 * the triggers of migrations/0019 keep, so they read a few hundred rows at most at any size.
 */
import type { Result } from '../../../lib/result'
import type { LeadAttributionRow } from '../../../lib/traffic-dimensions'
import {
  LEAD_STATUSES,
  WAITING_STATUSES,
  type LeadRow,
  type LeadStatus,
  type StatusCounts,
  type WaitingLeads,
} from '../../../schemas/admin-records'
import { attempt } from '../../platform'
import type { ChannelCap } from './lead-insert'
import { ROW_FIELDS, selected } from './lead-columns'
import { capHoldReason, IN_FLIGHT, STUCK_AFTER_MS } from './lead-model'

export type { LeadRow, StatusCounts } from '../../../schemas/admin-records'

const COLUMNS = selected(ROW_FIELDS)
const READ = 'leads not read'

export class LeadQueries {
  constructor(private readonly db: D1Database) {}

  get(id: string): Promise<Result<LeadRow | null>> {
    return attempt(READ, () =>
      this.db.prepare(`SELECT ${COLUMNS} FROM leads WHERE id = ?`).bind(id).first<LeadRow>(),
    )
  }

  /**
   * How many leads received since `since` came from where (their attribution), spam left out: what
   * the traffic page joins to the views. From the day counters (migrations/0023), one row per day
   * and attribution, never the leads one by one.
   */
  attributionSince(since: string): Promise<Result<LeadAttributionRow[]>> {
    const none = (column: string) => `NULLIF(${column}, '')`
    return attempt(READ, async () => {
      const { results } = await this.db
        .prepare(
          `SELECT day, ${none('page_path')} AS pagePath, ${none('referrer')} AS referrer,
             ${none('utm_source')} AS utmSource, ${none('utm_campaign')} AS utmCampaign, locale, n
           FROM lead_attribution_days WHERE day >= ? AND n > 0`,
        )
        .bind(since.slice(0, 10))
        .all<LeadAttributionRow>()
      return results
    })
  }

  /**
   * Leads per status received today (UTC), in the last 7 days and in the last 30 days (today and
   * the 6 or 29 UTC days before it): at most 30 days × statuses × channels counter rows.
   */
  counts(now: Date): Promise<Result<StatusCounts>> {
    const day = (daysAgo: number) =>
      new Date(now.getTime() - daysAgo * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
    return attempt(READ, async () => {
      const { results } = await this.db
        .prepare(
          `SELECT status, SUM(CASE WHEN day >= ?1 THEN n ELSE 0 END) AS today,
             SUM(CASE WHEN day >= ?2 THEN n ELSE 0 END) AS week, SUM(n) AS month
           FROM lead_day_counts WHERE day >= ?3 GROUP BY status`,
        )
        .bind(day(0), day(6), day(29))
        .all<{ status: LeadStatus; today: number; week: number; month: number }>()
      const counts = Object.fromEntries(
        LEAD_STATUSES.map((s) => [s, { today: 0, week: 0, month: 0 }]),
      ) as StatusCounts
      for (const { status, today, week, month } of results) counts[status] = { today, week, month }
      return counts
    })
  }

  /** Leads received this UTC day and still held over the cap of `dailyCap` (not for another reason). */
  heldForCapToday(now: Date, dailyCap: number): Promise<Result<number>> {
    const today = `${now.toISOString().slice(0, 10)}T00:00:00.000Z`
    return attempt(READ, async () => {
      const row = await this.db
        .prepare(
          "SELECT COUNT(*) AS n FROM leads WHERE received_at >= ?1 AND status = 'held' AND last_error = ?2",
        )
        .bind(today, capHoldReason(dailyCap))
        .first<{ n: number }>()
      return row?.n ?? 0
    })
  }

  /**
   * Leads received this UTC day against each channel's cap, as lead-insert.ts counts them: those
   * routed to a later channel by its name, the first's all the rest.
   */
  routedToday(now: Date, caps: readonly ChannelCap[]): Promise<Result<Record<string, number>>> {
    return attempt(READ, async () => {
      const { results } = await this.db
        .prepare(
          `SELECT send_via AS via, COALESCE(SUM(n), 0) AS n FROM lead_day_counts
           WHERE day = ? AND status NOT IN ('held', 'spam') GROUP BY send_via`,
        )
        .bind(now.toISOString().slice(0, 10))
        .all<{ via: string | null; n: number }>()
      const later = new Set(caps.slice(1).map((c) => c.channel))
      const counts: Record<string, number> = Object.fromEntries(caps.map((c) => [c.channel, 0]))
      const first = caps[0]?.channel ?? ''
      for (const { via, n } of results) {
        const channel = via && later.has(via) ? via : first
        counts[channel] = (counts[channel] ?? 0) + n
      }
      return counts
    })
  }

  /**
   * Leads waiting for an admin (the console's banner): dead and held ones from the totals, and
   * those stuck in flight from the status index (few: they are alerted and swept).
   */
  waiting(now: Date): Promise<Result<WaitingLeads>> {
    const stuckBefore = new Date(now.getTime() - STUCK_AFTER_MS).toISOString()
    return attempt(READ, async () => {
      const [totals, stuck] = await this.db.batch<{ status: keyof WaitingLeads; n: number }>([
        this.db.prepare(
          "SELECT status, SUM(n) AS n FROM lead_totals WHERE status IN ('dead', 'held') GROUP BY status",
        ),
        this.db
          .prepare(
            `SELECT status, COUNT(*) AS n FROM leads
             WHERE status IN (${IN_FLIGHT.map(() => '?').join(', ')}) AND received_at < ? GROUP BY status`,
          )
          .bind(...IN_FLIGHT, stuckBefore),
      ])
      const waiting = Object.fromEntries(WAITING_STATUSES.map((s) => [s, 0])) as WaitingLeads
      for (const { status, n } of [...totals!.results, ...stuck!.results]) waiting[status] = n
      return waiting
    })
  }
}
