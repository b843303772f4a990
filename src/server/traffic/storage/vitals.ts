/**
 * Where field speed lives (issue 62, migrations/0042): histogram counters per day, page, metric,
 * device class, continent, navigation type, browser family and bucket, and one row a day saying
 * how many rows the day holds and how many reports were dropped. The day's rows have a fixed
 * ceiling whatever anyone sends: a report whose row is new once the day holds `rowsPerDay` rows is
 * not stored, only counted as over the ceiling; a row the day already has still counts.
 */
import type { Result } from '../../../lib/result'
import { attempt } from '../../platform'

/** The most histogram rows one day holds (about 6 pages' full spread, far more than real traffic makes). */
export const VITALS_ROWS_PER_DAY = 20_000

/** One histogram counter: how many reports of its key fell in `bucket` that day. */
export interface HistogramRow {
  day: string
  page: string
  metric: string
  device: string
  region: string
  nav: string
  browser: string
  bucket: number
  count: number
}

/** One experiment version's counter (migrations/0048): loading or response of a tested page's views. */
export interface ArmRow {
  experiment: string
  day: string
  arm: number
  metric: string
  bucket: number
  count: number
}

/** Reports of a day that were not stored, and why. */
export interface Dropped {
  outOfRange: number
  unknownPage: number
}

/** A day's bookkeeping: its rows, and the reports dropped. */
export interface VitalsDay extends Dropped {
  rows: number
  overCeiling: number
}

/** A histogram summed over days, continents, navigation types and browsers. */
export interface SummedRow {
  page: string
  metric: string
  device: string
  bucket: number
  count: number
}

export interface VitalsStore {
  /** Distinct counters one write may carry (the collector flushes when its buffer holds this many). */
  readonly rowsPerWrite: number
  /** Adds the counters, the versions' counters and the dropped reports of each day, as one transaction. */
  write(rows: HistogramRow[], dropped: Map<string, Dropped>, arms?: ArmRow[]): Promise<Result<void>>
  /** The histograms of the days from `from` to `to` (inclusive), per page, metric, device and bucket. */
  histograms(from: string, to: string): Promise<Result<SummedRow[]>>
  /** A day's rows and dropped reports (zeros for a day with none). */
  day(day: string): Promise<Result<VitalsDay>>
  /** Deletes the days before `day`; how many histogram rows that took. */
  forgetBefore(day: string): Promise<Result<number>>
}

const KEY =
  'day = ?1 AND page = ?2 AND metric = ?3 AND device = ?4 AND region = ?5 AND nav = ?6 AND browser = ?7 AND bucket = ?8'

export class D1VitalsStore implements VitalsStore {
  constructor(
    private readonly db: D1Database,
    private readonly rowsPerDay = VITALS_ROWS_PER_DAY,
    /** Two statements a counter: 100 counters, about what the view count's 200 views a batch make. */
    readonly rowsPerWrite = 100,
  ) {}

  write(rows: HistogramRow[], dropped: Map<string, Dropped>, arms: ArmRow[] = []): Promise<Result<void>> {
    const days = new Set([...rows.map((row) => row.day), ...dropped.keys()])
    const statements = [...days].map((day) =>
      this.db.prepare('INSERT OR IGNORE INTO vitals_days (day) VALUES (?)').bind(day),
    )
    const ceiling = Math.max(0, Math.floor(this.rowsPerDay))
    for (const row of rows) {
      const key = [row.day, row.page, row.metric, row.device, row.region, row.nav, row.browser, row.bucket]
      statements.push(
        // One statement per counter, so the ceiling is read afresh for each new row (the trigger
        // of migrations/0042 adds each insert to the day's count, inside this transaction).
        this.db
          .prepare(
            `INSERT INTO vitals_daily (day, page, metric, device, region, nav, browser, bucket, count)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9
             WHERE EXISTS (SELECT 1 FROM vitals_daily WHERE ${KEY})
               OR (SELECT rows FROM vitals_days WHERE day = ?1) < ${ceiling}
             ON CONFLICT (day, page, metric, device, region, nav, browser, bucket)
               DO UPDATE SET count = count + excluded.count`,
          )
          .bind(...key, row.count),
        this.db
          .prepare(
            `UPDATE vitals_days SET over_ceiling = over_ceiling + ?9
             WHERE day = ?1 AND NOT EXISTS (SELECT 1 FROM vitals_daily WHERE ${KEY})`,
          )
          .bind(...key, row.count),
      )
    }
    // A version's rows are bounded by the running experiments, their versions and the buckets.
    for (const row of arms)
      statements.push(
        this.db
          .prepare(
            `INSERT INTO vitals_arms (experiment, day, arm, metric, bucket, count) VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT (experiment, day, arm, metric, bucket) DO UPDATE SET count = count + excluded.count`,
          )
          .bind(row.experiment, row.day, row.arm, row.metric, row.bucket, row.count),
      )
    for (const [day, { outOfRange, unknownPage }] of dropped)
      statements.push(
        this.db
          .prepare(
            'UPDATE vitals_days SET out_of_range = out_of_range + ?2, unknown_page = unknown_page + ?3 WHERE day = ?1',
          )
          .bind(day, outOfRange, unknownPage),
      )
    return attempt('field speed not written', async () => {
      if (statements.length) await this.db.batch(statements)
    })
  }

  histograms(from: string, to: string): Promise<Result<SummedRow[]>> {
    return attempt('field speed not read', async () => {
      const { results } = await this.db
        .prepare(
          `SELECT page, metric, device, bucket, SUM(count) AS count FROM vitals_daily
           WHERE day BETWEEN ?1 AND ?2 GROUP BY page, metric, device, bucket`,
        )
        .bind(from, to)
        .all<SummedRow>()
      return results
    })
  }

  day(day: string): Promise<Result<VitalsDay>> {
    return attempt('field speed not read', async () => {
      const row = await this.db
        .prepare(
          `SELECT rows, out_of_range AS outOfRange, unknown_page AS unknownPage, over_ceiling AS overCeiling
           FROM vitals_days WHERE day = ?`,
        )
        .bind(day)
        .first<VitalsDay>()
      return row ?? { rows: 0, outOfRange: 0, unknownPage: 0, overCeiling: 0 }
    })
  }

  forgetBefore(day: string): Promise<Result<number>> {
    return attempt('old field speed not deleted', async () => {
      const [deleted] = await this.db.batch([
        this.db.prepare('DELETE FROM vitals_daily WHERE day < ?').bind(day),
        this.db.prepare('DELETE FROM vitals_days WHERE day < ?').bind(day),
        this.db.prepare('DELETE FROM vitals_arms WHERE day < ?').bind(day),
        // The network errors' counts (migrations/0050) are kept as long.
        this.db.prepare('DELETE FROM network_errors WHERE day < ?').bind(day),
      ])
      return deleted?.meta.changes ?? 0
    })
  }
}
