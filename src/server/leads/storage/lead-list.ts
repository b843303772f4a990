/**
 * The lead desk's list at any size (migrations/0019): pages by keyset, never OFFSET, so page 500
 * reads as few rows as page 1; totals come from the counters; search is the FTS5 index over name,
 * e-mail, phone and inquiry. Every query here is covered by the query-plan test
 * (tests/worker/leads/query-plans.test.ts).
 */
import type { Result } from '../../../lib/result'
import type { DeliveryChannel, LeadPage, LeadRow, LeadStatus } from '../../../schemas/admin-records'
import { attempt } from '../../platform'
import { ROW_FIELDS, selected } from './lead-columns'

export const PAGE_SIZE = 50
/** A search counts its matches up to this many, then says "more than". */
export const SEARCH_COUNT_LIMIT = 500

export interface LeadFilter {
  status?: LeadStatus
  /** The channel that delivered the lead. */
  via?: DeliveryChannel
  /** Words, each matched against the start of a word of the name, e-mail, phone or inquiry (see searchExpression). */
  q?: string
}

/** Where a page starts: the rows older than a cursor (the next page) or newer (the previous). */
export type PageFrom = { older: string } | { newer: string } | undefined

type Keyed = LeadRow & { seq: number }

const COLUMNS = selected(ROW_FIELDS)
  .split(', ')
  .map((column) => `l.${column}`)
  .join(', ')
const READ = 'leads not read'

/**
 * A whole e-mail address typed into search: matched exactly (any case) through its own index
 * (migrations/0022), since its common words (`example`, `com`) would make the full-text query
 * walk most of the index.
 */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const emailOf = (q: string | undefined) => (q && EMAIL.test(q.trim()) ? q.trim().toLowerCase() : null)

/**
 * Words shorter than this are matched whole, and at most PREFIX_WORDS words are prefix-expanded: a
 * one- or two-letter prefix, or many prefixes at once, expand to most of the index (review T7).
 * The index keeps a list per prefix of 3 to LONGEST_PREFIX letters (migrations/0026), walked and
 * stopped like a whole word's; a longer word is matched by its first LONGEST_PREFIX letters, since
 * FTS5 would merge every list a longer prefix matches before the LIMIT could stop it.
 */
const SHORTEST_PREFIX = 3
const LONGEST_PREFIX = 8
const PREFIX_WORDS = 3

/** The FTS5 query for what was typed: every word required, the first long ones as prefixes; null for no word. */
export function searchExpression(q: string | undefined): string | null {
  if (emailOf(q)) return null
  const words = (q ?? '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, 8)
  let prefixes = 0
  const term = (word: string) => {
    const letters = [...word]
    return letters.length >= SHORTEST_PREFIX && prefixes++ < PREFIX_WORDS
      ? `"${letters.slice(0, LONGEST_PREFIX).join('')}"*`
      : `"${word}"`
  }
  return words?.length ? words.map(term).join(' ') : null
}

/**
 * The FTS5 query for a filter with words: the words in the four searched columns, and the status
 * and channel as the words of the `facets` column (migrations/0025), so FTS5 intersects them and a
 * rare status among common words stops early (review T7). Null for no word.
 */
function matchOf({ q, status, via }: LeadFilter): string | null {
  const words = searchExpression(q)
  if (!words) return null
  const facets = [status && `status${status}`, via && `via${via.replaceAll('-', '')}`].filter(Boolean)
  return [`{name email phone inquiry} : (${words})`, ...facets.map((facet) => `facets : "${facet}"`)].join(
    ' AND ',
  )
}

/** A cursor is the row's received time and seq; anything else is no cursor. */
const cursorOf = (row: Keyed) => `${row.receivedAt}~${row.seq}`
function parseCursor(cursor: string): [string, number] | null {
  const [at, seq] = cursor.split('~')
  const n = Number(seq)
  return at && /^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(at) && Number.isSafeInteger(n) ? [at, n] : null
}

/** The filter's conditions on `leads` (aliased `l`), or on the counters' columns with `on` ''. */
function conditions({ status, via, q }: LeadFilter, on = 'l.'): { sql: string[]; values: unknown[] } {
  const sql: string[] = []
  const values: unknown[] = []
  const email = emailOf(q)
  if (email) {
    sql.push(`lower(${on}email) = ?`)
    values.push(email)
  }
  if (status) {
    sql.push(`${on}status = ?`)
    values.push(status)
  }
  if (via) {
    sql.push(`${on}delivered_via = ?`)
    values.push(via)
  }
  return { sql, values }
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

  /** How many match: the counters for a filter, the search's matches up to SEARCH_COUNT_LIMIT. */
  private countQuery(filter: LeadFilter) {
    const match = matchOf(filter)
    const { sql, values } = conditions(filter)
    if (match)
      return this.db
        .prepare(
          `SELECT COUNT(*) AS n FROM (SELECT 1 FROM lead_search s JOIN leads l ON l.seq = s.rowid
             WHERE lead_search MATCH ? ${sql.map((c) => `AND ${c}`).join(' ')} LIMIT ?)`,
        )
        .bind(match, ...values, SEARCH_COUNT_LIMIT)
    if (emailOf(filter.q))
      return this.db.prepare(`SELECT COUNT(*) AS n FROM leads l WHERE ${sql.join(' AND ')}`).bind(...values)
    const totals = conditions(filter, '')
    return this.db
      .prepare(
        `SELECT COALESCE(SUM(n), 0) AS n FROM lead_totals ${totals.sql.length ? `WHERE ${totals.sql.join(' AND ')}` : ''}`,
      )
      .bind(...totals.values)
  }
}
