/**
 * What the lead desk reads from D1: one lead, a page of a filtered list, the same list for the
 * CSV export, the counts per status, and what waits for an admin. Filters are bound values.
 */
import type { DeliveryChannel } from '../../schemas/admin-records'
import type { Result } from '../../lib/result'
import {
  LEAD_STATUSES,
  WAITING_STATUSES,
  type LeadRow,
  type LeadStatus,
  type StatusCounts,
  type WaitingLeads,
} from '../../schemas/admin-records'
import { attempt } from './attempt'
import { ROW_FIELDS, selected } from './lead-columns'
import { capHoldReason, IN_FLIGHT, STUCK_AFTER_MS } from './lead-model'

export type { LeadRow, StatusCounts } from '../../schemas/admin-records'

export interface LeadAttributionRow {
  day: string
  pagePath: string | null
  referrer: string | null
  utmSource: string | null
  utmCampaign: string | null
}

export const PAGE_SIZE = 50
/** The most rows one export holds. */
export const EXPORT_LIMIT = 10_000

export interface LeadFilter {
  status?: LeadStatus
  /** The channel that delivered the lead. */
  via?: DeliveryChannel
  /** Matched against name, e-mail and phone. */
  q?: string
}

const COLUMNS = selected(ROW_FIELDS)
const READ = 'leads not read'

/** The WHERE clause of a filter and its bound values. */
function where({ status, via, q }: LeadFilter): { sql: string; values: string[] } {
  const parts: string[] = []
  const values: string[] = []
  if (status) {
    parts.push('status = ?')
    values.push(status)
  }
  if (via) {
    parts.push('delivered_via = ?')
    values.push(via)
  }
  if (q?.trim()) {
    // instr, not LIKE: D1 caps LIKE patterns at 50 characters, and nothing needs escaping.
    const needle = q.trim().toLowerCase()
    parts.push('(instr(lower(name), ?) > 0 OR instr(lower(email), ?) > 0 OR instr(lower(phone), ?) > 0)')
    values.push(needle, needle, needle)
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', values }
}

export class LeadQueries {
  constructor(private readonly db: D1Database) {}

  get(id: string): Promise<Result<LeadRow | null>> {
    return attempt(READ, () =>
      this.db.prepare(`SELECT ${COLUMNS} FROM leads WHERE id = ?`).bind(id).first<LeadRow>(),
    )
  }

  /** One page (from 1) of the filtered list, newest first, and how many match in all. */
  page(filter: LeadFilter, page: number): Promise<Result<{ rows: LeadRow[]; total: number }>> {
    const { sql, values } = where(filter)
    return attempt(READ, async () => {
      const [list, count] = await this.db.batch([
        this.db
          .prepare(`SELECT ${COLUMNS} FROM leads ${sql} ORDER BY received_at DESC, id DESC LIMIT ? OFFSET ?`)
          .bind(...values, PAGE_SIZE, (page - 1) * PAGE_SIZE),
        this.db.prepare(`SELECT COUNT(*) AS total FROM leads ${sql}`).bind(...values),
      ])
      return { rows: list!.results as LeadRow[], total: (count!.results[0] as { total: number }).total }
    })
  }

  /** The whole filtered list, newest first, for the export. */
  all(filter: LeadFilter): Promise<Result<LeadRow[]>> {
    const { sql, values } = where(filter)
    return attempt(READ, async () => {
      const { results } = await this.db
        .prepare(`SELECT ${COLUMNS} FROM leads ${sql} ORDER BY received_at DESC, id DESC LIMIT ?`)
        .bind(...values, EXPORT_LIMIT)
        .all<LeadRow>()
      return results
    })
  }

  /**
   * Where the leads received since `since` came from (their attribution), spam left out: what the
   * traffic page joins to the views.
   */
  attributionSince(since: string): Promise<Result<LeadAttributionRow[]>> {
    return attempt(READ, async () => {
      const { results } = await this.db
        .prepare(
          `SELECT substr(received_at, 1, 10) AS day, page_path AS pagePath, referrer, utm_source AS utmSource,
             utm_campaign AS utmCampaign
           FROM leads WHERE received_at >= ? AND status <> 'spam'`,
        )
        .bind(since)
        .all<LeadAttributionRow>()
      return results
    })
  }

  /** Leads per status received today (UTC), in the last 7 days and in the last 30 days. */
  counts(now: Date): Promise<Result<StatusCounts>> {
    const day = 24 * 60 * 60 * 1000
    const today = `${now.toISOString().slice(0, 10)}T00:00:00.000Z`
    const week = new Date(now.getTime() - 7 * day).toISOString()
    const month = new Date(now.getTime() - 30 * day).toISOString()
    return attempt(READ, async () => {
      const { results } = await this.db
        .prepare(
          `SELECT status, SUM(received_at >= ?1) AS today, SUM(received_at >= ?2) AS week, COUNT(*) AS month
           FROM leads WHERE received_at >= ?3 GROUP BY status`,
        )
        .bind(today, week, month)
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

  /** Leads received this UTC day for each channel's cap: EmailJS's, and those routed to the second. */
  routedToday(now: Date): Promise<Result<{ emailjs: number; second: number }>> {
    const today = `${now.toISOString().slice(0, 10)}T00:00:00.000Z`
    return attempt(READ, async () => {
      const row = await this.db
        .prepare(
          `SELECT COALESCE(SUM(send_via IS NOT 'sales-email'), 0) AS emailjs,
             COALESCE(SUM(send_via = 'sales-email'), 0) AS second
           FROM leads WHERE received_at >= ? AND status NOT IN ('held', 'spam')`,
        )
        .bind(today)
        .first<{ emailjs: number; second: number }>()
      return row ?? { emailjs: 0, second: 0 }
    })
  }

  /** Leads waiting for an admin (the console's banner): dead and held ones, and those stuck in flight. */
  waiting(now: Date): Promise<Result<WaitingLeads>> {
    const stuckBefore = new Date(now.getTime() - STUCK_AFTER_MS).toISOString()
    return attempt(READ, async () => {
      const { results } = await this.db
        .prepare(
          `SELECT status, COUNT(*) AS n FROM leads
           WHERE status IN ('dead', 'held') OR (status IN (${IN_FLIGHT.map(() => '?').join(', ')}) AND received_at < ?)
           GROUP BY status`,
        )
        .bind(...IN_FLIGHT, stuckBefore)
        .all<{ status: keyof WaitingLeads; n: number }>()
      const waiting = Object.fromEntries(WAITING_STATUSES.map((s) => [s, 0])) as WaitingLeads
      for (const { status, n } of results) waiting[status] = n
      return waiting
    })
  }
}
