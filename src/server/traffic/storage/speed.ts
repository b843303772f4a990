/**
 * What the console's Speed page and the figures beside conversion read of field speed
 * (migrations/0042 vitals_daily): histograms summed over a range of days. Every read is a range of
 * the table's primary key, whose first column is the day, so it reads the days asked for and never
 * the table that grows with every day kept (tests/worker/traffic/speed.test.ts checks the plans).
 */
import type { Result } from '../../../lib/result'
import { attempt } from '../../platform'

/** The metrics the console shows (Google's three Core Web Vitals). */
const SHOWN = "metric IN ('LCP', 'INP', 'CLS')"

/** A histogram bucket's count summed over days: over the whole range, and over its recent part. */
export interface SpeedRow {
  by: 'page' | 'device' | 'region'
  value: string
  metric: string
  bucket: number
  count: number
  recent: number
}

/** The site's histogram of one day (every page, device and continent together). */
export interface DayRow {
  day: string
  metric: string
  bucket: number
  count: number
}

/** One page's histogram over a range of days. */
export interface PageRow {
  page: string
  metric: string
  bucket: number
  count: number
}

/** One experiment version's histogram over a range of days. */
export interface ArmSpeedRow {
  arm: number
  metric: string
  bucket: number
  count: number
}

export interface SpeedStore {
  /**
   * The histograms of LCP, INP and CLS per page, per device and per continent over the days from
   * `from` to `to` (inclusive), each bucket with the part counted from `recentFrom` on; and the
   * site's histogram of each of the days from `daysFrom` to `to`. One round trip.
   */
  report(
    from: string,
    recentFrom: string,
    to: string,
    daysFrom: string,
  ): Promise<Result<[SpeedRow[], DayRow[]]>>
  /** The histograms of LCP and INP of each of `pages` over the days from `from` to `to`. */
  pages(pages: readonly string[], from: string, to: string): Promise<Result<PageRow[]>>
  /** The histograms of LCP and INP of each version of `experiment` over the days from `from` to `to`. */
  arms(experiment: string, from: string, to: string): Promise<Result<ArmSpeedRow[]>>
}

const breakdown = (column: 'page' | 'device' | 'region') =>
  `SELECT '${column}' AS by, ${column} AS value, metric, bucket, SUM(count) AS count,
     SUM(CASE WHEN day >= ?3 THEN count ELSE 0 END) AS recent
   FROM vitals_daily WHERE day BETWEEN ?1 AND ?2 AND ${SHOWN}
   GROUP BY ${column}, metric, bucket`

/** The statements the Speed page runs, for the plan test. */
export const SPEED_STATEMENTS = {
  page: breakdown('page'),
  device: breakdown('device'),
  region: breakdown('region'),
  days: `SELECT day, metric, bucket, SUM(count) AS count FROM vitals_daily
         WHERE day BETWEEN ?1 AND ?2 AND ${SHOWN} GROUP BY day, metric, bucket`,
  pages: (n: number) =>
    `SELECT page, metric, bucket, SUM(count) AS count FROM vitals_daily
     WHERE day BETWEEN ?1 AND ?2 AND metric IN ('LCP', 'INP')
       AND page IN (${Array.from({ length: n }, (_, i) => `?${i + 3}`).join(', ')})
     GROUP BY page, metric, bucket`,
  arms: `SELECT arm, metric, bucket, SUM(count) AS count FROM vitals_arms
         WHERE experiment = ?1 AND day BETWEEN ?2 AND ?3 GROUP BY arm, metric, bucket`,
}

export class D1SpeedStore implements SpeedStore {
  constructor(private readonly db: D1Database | D1DatabaseSession) {}

  report(from: string, recentFrom: string, to: string, daysFrom: string) {
    return attempt('field speed not read', async () => {
      const { page, device, region, days } = SPEED_STATEMENTS
      const [pages, devices, regions, perDay] = await this.db.batch([
        this.db.prepare(page).bind(from, to, recentFrom),
        this.db.prepare(device).bind(from, to, recentFrom),
        this.db.prepare(region).bind(from, to, recentFrom),
        this.db.prepare(days).bind(daysFrom, to),
      ])
      const rows = [pages, devices, regions].flatMap((result) => (result?.results ?? []) as SpeedRow[])
      return [rows, (perDay?.results ?? []) as DayRow[]] as [SpeedRow[], DayRow[]]
    })
  }

  pages(pages: readonly string[], from: string, to: string): Promise<Result<PageRow[]>> {
    return attempt('field speed not read', async () => {
      if (pages.length === 0) return []
      const { results } = await this.db
        .prepare(SPEED_STATEMENTS.pages(pages.length))
        .bind(from, to, ...pages)
        .all<PageRow>()
      return results
    })
  }

  arms(experiment: string, from: string, to: string): Promise<Result<ArmSpeedRow[]>> {
    return attempt('field speed not read', async () => {
      const { results } = await this.db
        .prepare(SPEED_STATEMENTS.arms)
        .bind(experiment, from, to)
        .all<ArmSpeedRow>()
      return results
    })
  }
}
