/**
 * The lead desk's list at any size (migrations/0019): pages by keyset, never OFFSET, so page 500
 * reads as few rows as page 1; totals come from the counters; search is the FTS5 index over name,
 * e-mail, phone, inquiry, the page a lead was sent from and its campaign, and a page or campaign
 * filter walks that index by its facets (migrations/0040). Every query here is covered by the
 * query-plan test (tests/worker/leads/lead-scale.test.ts).
 */
import type { Result } from '../../../lib/result'
import type { LeadPage, LeadRow, LeadSources } from '../../../schemas/admin-records'
import { attempt } from '../../platform'
import { ROW_FIELDS, selected } from './lead-columns'
import { conditions, emailOf, matchOf, searchExpression, type LeadFilter } from './lead-match'

export type { LeadFilter } from './lead-match'

export const PAGE_SIZE = 50
/** A search counts its matches up to this many, then says "more than". */
const SEARCH_COUNT_LIMIT = 500

/** The menus list this many pages and campaigns at most, those with the most leads. */
const SOURCE_LIMIT = 200

/** Where a page starts: the rows older than a cursor (the next page) or newer (the previous). */
export type PageFrom = { older: string } | { newer: string } | undefined

type Keyed = LeadRow & { seq: number }

const COLUMNS = selected(ROW_FIELDS)
  .split(', ')
  .map((column) => `l.${column}`)
  .join(', ')
const READ = 'leads not read'

/** A cursor is the row's received time and seq; anything else is no cursor. */
const cursorOf = (row: Keyed) => `${row.receivedAt}~${row.seq}`
function parseCursor(cursor: string): [string, number] | null {
  const [at, seq] = cursor.split('~')
  const n = Number(seq)
  return at && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(at) && Number.isSafeInteger(n) ? [at, n] : null
}

export class LeadList {
  constructor(private readonly db: D1Database) {}

  /** One page of the filtered list, newest first, from `from` (the first page without it). */
  page(filter: LeadFilter, from: PageFrom): Promise<Result<LeadPage>> {
    return attempt(READ, async () => {
      const newer = from && 'newer' in from
      const cursor = from ? parseCursor('newer' in from ? from.newer : from.older) : null
      const query = this.rowsQuery(filter, cursor, newer ? 'newer' : 'older', PAGE_SIZE + 1)
      const [list, count] = await this.db.batch([query, this.countQuery(filter)])
      let rows = list!.results as Keyed[]
      const more = rows.length > PAGE_SIZE
      rows = rows.slice(0, PAGE_SIZE)
      if (newer) rows.reverse()
      const total = (count!.results[0] as { n: number }).n
      const first = rows[0]
      const last = rows.at(-1)
      return {
        rows: rows.map(({ seq: _, ...row }) => row),
        total,
        atLeast: Boolean(searchExpression(filter.q)) && total >= SEARCH_COUNT_LIMIT,
        newer: first && cursor && (newer ? more : true) ? cursorOf(first) : null,
        older: last && (newer ? true : more) ? cursorOf(last) : null,
      }
    })
  }

  /**
   * The whole filtered list, newest first, `batch` rows at a time: what the CSV export streams.
   * Each batch starts after the last row of the one before.
   */
  async *batches(filter: LeadFilter, batch = 500): AsyncGenerator<LeadRow[]> {
    let cursor: [string, number] | null = null
    for (;;) {
      const { results }: { results: Keyed[] } = await this.rowsQuery(
        filter,
        cursor,
        'older',
        batch,
      ).all<Keyed>()
      if (results.length) yield results.map(({ seq: _, ...row }) => row)
      if (results.length < batch) return
      const last: Keyed = results.at(-1)!
      cursor = [last.receivedAt, last.seq]
    }
  }

  /**
   * Rows after `cursor` in one direction. A list walks an index ending in (received_at, seq); a
   * search walks the FTS index by seq (the order leads arrived in), so both stop after `limit`.
   */
  private rowsQuery(
    filter: LeadFilter,
    cursor: [string, number] | null,
    toward: 'older' | 'newer',
    limit: number,
  ) {
    const { sql, values } = conditions(filter)
    const match = matchOf(filter)
    const desc = toward === 'older'
    const [cmp, order] = desc ? ['<', 'DESC'] : ['>', 'ASC']
    if (match) {
      if (cursor) {
        sql.push(`s.rowid ${cmp} ?`)
        values.push(cursor[1])
      }
      return this.db
        .prepare(
          `SELECT ${COLUMNS}, l.seq FROM lead_search s JOIN leads l ON l.seq = s.rowid
           WHERE lead_search MATCH ? ${sql.map((c) => `AND ${c}`).join(' ')}
           ORDER BY s.rowid ${order} LIMIT ?`,
        )
        .bind(match, ...values, limit)
    }
    if (cursor) {
      sql.push(`(l.received_at, l.seq) ${cmp} (?, ?)`)
      values.push(...cursor)
    }
    return this.db
      .prepare(
        `SELECT ${COLUMNS}, l.seq FROM leads l ${sql.length ? `WHERE ${sql.join(' AND ')}` : ''}
         ORDER BY l.received_at ${order}, l.seq ${order} LIMIT ?`,
      )
      .bind(...values, limit)
  }

  /**
   * The pages and campaigns leads came from, those with the most leads first: from the sources'
   * counters (migrations/0040), a row per page, campaign, status and channel, never from leads.
   */
  sources(): Promise<Result<LeadSources>> {
    return attempt('lead pages and campaigns not read', async () => {
      const of = (column: 'page_path' | 'utm_campaign') =>
        this.db
          .prepare(
            `SELECT ${column} AS value FROM lead_source_totals WHERE ${column} <> ''
             GROUP BY ${column} HAVING SUM(n) > 0 ORDER BY SUM(n) DESC, ${column} LIMIT ?`,
          )
          .bind(SOURCE_LIMIT)
      const [pages, campaigns] = await this.db.batch<{ value: string }>([of('page_path'), of('utm_campaign')])
      const values = (rows: { value: string }[]) => rows.map((row) => row.value).sort()
      return { pages: values(pages!.results), campaigns: values(campaigns!.results) }
    })
  }

  /** How many match: the counters for a filter, the search's matches up to SEARCH_COUNT_LIMIT. */
  private countQuery(filter: LeadFilter) {
    if (searchExpression(filter.q)) return this.searchCount(filter)
    const { sql, values } = conditions(filter)
    if (emailOf(filter.q))
      return this.db.prepare(`SELECT COUNT(*) AS n FROM leads l WHERE ${sql.join(' AND ')}`).bind(...values)
    const totals = conditions(filter, '')
    const counters = filter.path || filter.campaign ? 'lead_source_totals' : 'lead_totals'
    return this.db
      .prepare(
        `SELECT COALESCE(SUM(n), 0) AS n FROM ${counters} ${totals.sql.length ? `WHERE ${totals.sql.join(' AND ')}` : ''}`,
      )
      .bind(...totals.values)
  }

  /** A search's matches, up to SEARCH_COUNT_LIMIT. */
  private searchCount(filter: LeadFilter) {
    const match = matchOf(filter)!
    const { sql, values } = conditions(filter)
    return this.db
      .prepare(
        `SELECT COUNT(*) AS n FROM (SELECT 1 FROM lead_search s JOIN leads l ON l.seq = s.rowid
           WHERE lead_search MATCH ? ${sql.map((c) => `AND ${c}`).join(' ')} LIMIT ?)`,
      )
      .bind(match, ...values, SEARCH_COUNT_LIMIT)
  }
}
