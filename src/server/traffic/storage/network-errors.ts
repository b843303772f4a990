/**
 * Where the network errors visitors' browsers report are counted (issue 62, migrations/0050): one
 * counter per UTC day, page and error type. A day holds at most `rowsPerDay` rows whatever anyone
 * sends: a counter whose row would be new once the day is full is not stored; a row the day already
 * has still counts. The check is made statement by statement inside the batch's transaction.
 */
import type { Result } from '../../../lib/result'
import { attempt } from '../../platform'

/** The most rows one day holds: the site's pages and "(other)" × the known types and "other", with room to spare. */
export const NETWORK_ERROR_ROWS_PER_DAY = 2_000

/** One counter: how many reports of a type a page had that day. */
export interface NetworkErrorRow {
  day: string
  page: string
  kind: string
  count: number
}

/** A type's reports summed over days and pages. */
export interface NetworkErrorTotal {
  kind: string
  count: number
}

export interface NetworkErrorStore {
  /** Adds the counters, as one transaction, under the day's ceiling. */
  add(rows: NetworkErrorRow[]): Promise<Result<void>>
  /** Each type's reports over the days from `from` to `to` (inclusive), most first. */
  totals(from: string, to: string): Promise<Result<NetworkErrorTotal[]>>
}

/** The statements, each a range of the primary key (tests/worker/traffic/network-errors.test.ts reads their plans). */
export const NETWORK_ERROR_STATEMENTS = {
  // The day's rows are counted in its own primary-key range, which the ceiling bounds.
  add: (ceiling: number) => `INSERT INTO network_errors (day, page, kind, count)
    SELECT ?1, ?2, ?3, ?4
    WHERE EXISTS (SELECT 1 FROM network_errors WHERE day = ?1 AND page = ?2 AND kind = ?3)
      OR (SELECT COUNT(*) FROM network_errors WHERE day = ?1) < ${ceiling}
    ON CONFLICT (day, page, kind) DO UPDATE SET count = count + excluded.count`,
  totals: `SELECT kind, SUM(count) AS count FROM network_errors
    WHERE day BETWEEN ?1 AND ?2 GROUP BY kind ORDER BY count DESC, kind`,
}

export class D1NetworkErrorStore implements NetworkErrorStore {
  constructor(
    private readonly db: D1Database,
    private readonly rowsPerDay = NETWORK_ERROR_ROWS_PER_DAY,
  ) {}

  add(rows: NetworkErrorRow[]): Promise<Result<void>> {
    const ceiling = Math.max(0, Math.floor(this.rowsPerDay))
    const statements = rows.map((row) =>
      this.db.prepare(NETWORK_ERROR_STATEMENTS.add(ceiling)).bind(row.day, row.page, row.kind, row.count),
    )
    return attempt('network errors not written', async () => {
      if (statements.length) await this.db.batch(statements)
    })
  }

  totals(from: string, to: string): Promise<Result<NetworkErrorTotal[]>> {
    return attempt('network errors not read', async () => {
      const { results } = await this.db
        .prepare(NETWORK_ERROR_STATEMENTS.totals)
        .bind(from, to)
        .all<NetworkErrorTotal>()
      return results
    })
  }
}
