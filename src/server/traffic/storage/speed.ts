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

/** A closed day's point of the chart: the site's p75 over the 7 days up to it (null below 100 views). */
export interface DayFigure {
  day: string
  metric: string
  count: number
  p75: number | null
}

/** The window summed up to a day (migrations/0049), today's rows, and the chart's closed days. */
export interface CachedWindow {
  built: boolean
  rows: SpeedRow[]
  figures: DayFigure[]
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
  /**
   * The window's sums up to `through` (when built) with the rows of the day `to`, in one list, and
   * the chart's figures of the days from `figuresFrom` to `through`. One round trip.
   */
  cached(through: string, to: string, figuresFrom: string): Promise<Result<CachedWindow>>
  /** The site's histogram of each day from `from` to `to`. */
  perDay(from: string, to: string): Promise<Result<DayRow[]>>
  /**
   * Writes the window's sums up to `through` (the days from `from`, the recent part from
   * `recentFrom`) and the chart's `figures`, and forgets older windows and figures before `from`.
   */
  build(through: string, from: string, recentFrom: string, figures: DayFigure[]): Promise<Result<void>>
  /** The histograms of LCP and INP of each page on each day from `from` to `to` (the slow-page alert's). */
  pageDays(from: string, to: string): Promise<Result<(PageRow & { day: string })[]>>
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
  pageDays: `SELECT day, page, metric, bucket, SUM(count) AS count FROM vitals_daily
             WHERE day BETWEEN ?1 AND ?2 AND metric IN ('LCP', 'INP') GROUP BY day, page, metric, bucket`,
  built: 'SELECT 1 AS built FROM vitals_windows_built WHERE through = ?1',
  window: 'SELECT by, value, metric, bucket, count, recent FROM vitals_windows WHERE through = ?1',
  figures: 'SELECT day, metric, count, p75 FROM vitals_day_figures WHERE day BETWEEN ?1 AND ?2',
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

  cached(through: string, to: string, figuresFrom: string): Promise<Result<CachedWindow>> {
    return attempt('field speed not read', async () => {
      const { built, window, page, device, region, figures } = SPEED_STATEMENTS
      const [marker, sums, ...rest] = await this.db.batch([
        this.db.prepare(built).bind(through),
        this.db.prepare(window).bind(through),
        ...[page, device, region].map((sql) => this.db.prepare(sql).bind(to, to, to)),
        this.db.prepare(figures).bind(figuresFrom, through),
      ])
      const today = rest.slice(0, 3).flatMap((result) => result.results as SpeedRow[])
      return {
        built: (marker?.results.length ?? 0) > 0,
        rows: [...((sums?.results ?? []) as SpeedRow[]), ...today],
        figures: (rest[3]?.results ?? []) as DayFigure[],
      }
    })
  }

  pageDays(from: string, to: string): Promise<Result<(PageRow & { day: string })[]>> {
    return attempt('field speed not read', async () => {
      const { results } = await this.db
        .prepare(SPEED_STATEMENTS.pageDays)
        .bind(from, to)
        .all<PageRow & { day: string }>()
      return results
    })
  }

  perDay(from: string, to: string): Promise<Result<DayRow[]>> {
    return attempt('field speed not read', async () => {
      const { results } = await this.db.prepare(SPEED_STATEMENTS.days).bind(from, to).all<DayRow>()
      return results
    })
  }

  build(through: string, from: string, recentFrom: string, figures: DayFigure[]): Promise<Result<void>> {
    return attempt('field speed window not written', async () => {
      const { page, device, region } = SPEED_STATEMENTS
      await this.db.batch([
        this.db.prepare('DELETE FROM vitals_windows WHERE through < ?').bind(through),
        this.db.prepare('DELETE FROM vitals_windows_built WHERE through < ?').bind(through),
        this.db.prepare('DELETE FROM vitals_day_figures WHERE day < ?').bind(from),
        // Two isolates building at once: the second's rows are all there already, and ignored.
        ...[page, device, region].map((sql) =>
          this.db
            .prepare(
              `INSERT OR IGNORE INTO vitals_windows (through, by, value, metric, bucket, count, recent)
               SELECT ?2, by, value, metric, bucket, count, recent FROM (${sql})`,
            )
            .bind(from, through, recentFrom),
        ),
        ...figures.map((figure) =>
          this.db
            .prepare('INSERT OR IGNORE INTO vitals_day_figures (day, metric, count, p75) VALUES (?, ?, ?, ?)')
            .bind(figure.day, figure.metric, figure.count, figure.p75),
        ),
        this.db.prepare('INSERT OR IGNORE INTO vitals_windows_built (through) VALUES (?)').bind(through),
      ])
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
