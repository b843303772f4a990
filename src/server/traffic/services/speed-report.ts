/**
 * The console's Speed page and the speed beside conversion (issue 62): p75 of LCP, INP and CLS
 * per page, device class and continent over the last 7 and 28 UTC days, and the site's 7-day p75
 * on each of the last 28 days, from the field speed histograms (traffic/storage/speed.ts). A
 * figure read from fewer than ENOUGH_VIEWS views is none at all, as CrUX shows none.
 */
import { ok, type Result } from '../../../lib/result'
import {
  ENOUGH_VIEWS,
  SPEED_METRICS,
  type SpeedFigures,
  type SpeedLine,
  type SpeedMetric,
  type SpeedPair,
  type SpeedReport,
} from '../../../schemas/speed'
import type { DayFigure, DayRow, SpeedRow, SpeedStore } from '../storage/speed'
import { quantilesOf } from './vitals-histogram'

const DAY_MS = 24 * 60 * 60 * 1000
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const WEEK = 7
const MONTH = 28

/** Histograms per metric: bucket → count. */
type Histograms = Record<SpeedMetric, Map<number, number>>
const emptyHistograms = (): Histograms => ({ LCP: new Map(), INP: new Map(), CLS: new Map() })
const isShown = (metric: string): metric is SpeedMetric =>
  (SPEED_METRICS as readonly string[]).includes(metric)

function add(histograms: Histograms, metric: string, bucket: number, count: number) {
  if (!isShown(metric) || !count) return
  const histogram = histograms[metric]
  histogram.set(bucket, (histogram.get(bucket) ?? 0) + count)
}

/** Each metric's p75 and count; p75 null below ENOUGH_VIEWS. */
export function figuresOf(histograms: Histograms): SpeedFigures {
  const figures = {} as SpeedFigures
  for (const metric of SPEED_METRICS) {
    const { count, p75 } = quantilesOf(metric, [...histograms[metric]])
    figures[metric] = { count, p75: count >= ENOUGH_VIEWS ? p75 : null }
  }
  return figures
}

/** The lines of one breakdown, most measured (LCP's count over 28 days) first. */
function linesOf(rows: SpeedRow[]): SpeedLine[] {
  const groups = new Map<string, { week: Histograms; month: Histograms }>()
  for (const row of rows) {
    const group = groups.get(row.value) ?? { week: emptyHistograms(), month: emptyHistograms() }
    add(group.month, row.metric, row.bucket, row.count)
    add(group.week, row.metric, row.bucket, row.recent)
    groups.set(row.value, group)
  }
  return [...groups]
    .map(([value, { week, month }]) => ({ value, week: figuresOf(week), month: figuresOf(month) }))
    .sort((a, b) => b.month.LCP.count - a.month.LCP.count || a.value.localeCompare(b.value))
}

/** Ten minutes after midnight UTC yesterday's last buffered counts are written: its sums can be kept. */
const SETTLED_MS = 10 * 60 * 1000

/** The days the page reads on the day of `now`. */
function windowOf(now: number) {
  return {
    to: dayOf(now),
    from: dayOf(now - (MONTH - 1) * DAY_MS),
    recentFrom: dayOf(now - (WEEK - 1) * DAY_MS),
    through: dayOf(now - DAY_MS),
    // The chart's first day reads the 6 days before it too.
    daysFrom: dayOf(now - (MONTH + WEEK - 2) * DAY_MS),
  }
}

function byDayOf(rows: DayRow[]): Map<string, Histograms> {
  const byDay = new Map<string, Histograms>()
  for (const row of rows) {
    const histograms = byDay.get(row.day) ?? emptyHistograms()
    add(histograms, row.metric, row.bucket, row.count)
    byDay.set(row.day, histograms)
  }
  return byDay
}

/** The site's figures over the 7 days that end on the day of `end`. */
function weekEnding(byDay: Map<string, Histograms>, end: number): SpeedFigures {
  const window = emptyHistograms()
  for (let back = 0; back < WEEK; back++) {
    const histograms = byDay.get(dayOf(end - back * DAY_MS))
    if (histograms)
      for (const metric of SPEED_METRICS)
        for (const [bucket, count] of histograms[metric]) add(window, metric, bucket, count)
  }
  return figuresOf(window)
}

/** The page's report from the rows of each breakdown and the chart's days. */
function reportOf(to: string, rows: SpeedRow[], perDay: (site: SpeedLine) => SpeedReport['perDay']) {
  const site = { week: emptyHistograms(), month: emptyHistograms() }
  for (const row of rows)
    if (row.by === 'device') {
      add(site.month, row.metric, row.bucket, row.count)
      add(site.week, row.metric, row.bucket, row.recent)
    }
  const whole = { value: 'site', week: figuresOf(site.week), month: figuresOf(site.month) }
  return {
    to,
    site: whole,
    pages: linesOf(rows.filter((row) => row.by === 'page')),
    devices: linesOf(rows.filter((row) => row.by === 'device')),
    regions: linesOf(rows.filter((row) => row.by === 'region')),
    perDay: perDay(whole),
  }
}

/** The last 28 days, oldest first, as milliseconds within each day. */
const monthOf = (now: number) => Array.from({ length: MONTH }, (_, i) => now - (MONTH - 1 - i) * DAY_MS)

/**
 * Sums the window's closed days up to yesterday once (migrations/0049), with the chart's figures
 * of those days: the daily job does it, or the day's first read of the page.
 */
export async function buildSpeedWindow(store: SpeedStore, now: number): Promise<Result<void>> {
  const w = windowOf(now)
  const days = await store.perDay(w.daysFrom, w.through)
  if (!days.ok) return days
  const byDay = byDayOf(days.value)
  const figures: DayFigure[] = monthOf(now)
    .slice(0, -1)
    .flatMap((end) =>
      Object.entries(weekEnding(byDay, end)).map(([metric, f]) => ({ day: dayOf(end), metric, ...f })),
    )
  return store.build(w.through, w.from, w.recentFrom, figures)
}

/**
 * The Speed page's figures for the 28 UTC days that end on the day of `now`: from the window's
 * sums up to yesterday and today's rows (built first when the day has none yet), so the page reads
 * about one day's rows whatever the days kept; in the first minutes of a day, from the rows.
 */
export async function speedReport(store: SpeedStore, now: number): Promise<Result<SpeedReport>> {
  const w = windowOf(now)
  if (now - Date.parse(w.to) >= SETTLED_MS) {
    let cached = await store.cached(w.through, w.to, w.from)
    if (cached.ok && !cached.value.built && (await buildSpeedWindow(store, now)).ok)
      cached = await store.cached(w.through, w.to, w.from)
    if (!cached.ok) return cached
    const { built, rows, figures } = cached.value
    if (built) {
      const closed = new Map(figures.map((f) => [`${f.day} ${f.metric}`, { count: f.count, p75: f.p75 }]))
      const none = { count: 0, p75: null }
      return ok(
        reportOf(w.to, rows, (site) =>
          monthOf(now).map((end) => {
            const day = dayOf(end)
            if (day === w.to) return { day, figures: site.week }
            const at = (metric: SpeedMetric) => closed.get(`${day} ${metric}`) ?? none
            return { day, figures: { LCP: at('LCP'), INP: at('INP'), CLS: at('CLS') } }
          }),
        ),
      )
    }
  }
  const read = await store.report(w.from, w.recentFrom, w.to, w.daysFrom)
  if (!read.ok) return read
  const [rows, days] = read.value
  const byDay = byDayOf(days)
  return ok(
    reportOf(w.to, rows, () =>
      monthOf(now).map((end) => ({ day: dayOf(end), figures: weekEnding(byDay, end) })),
    ),
  )
}

/** p75 LCP and INP of each of the `arms` versions of `experiment` over the days from `from` to `to`. */
export async function armSpeed(
  store: SpeedStore,
  experiment: string,
  arms: number,
  from: string,
  to: string,
): Promise<Result<SpeedPair[]>> {
  const read = await store.arms(experiment, from, to)
  if (!read.ok) return read
  const byArm = Array.from({ length: arms }, emptyHistograms)
  for (const row of read.value) {
    const histograms = byArm[row.arm]
    if (histograms) add(histograms, row.metric, row.bucket, row.count)
  }
  return ok(
    byArm.map((histograms) => {
      const { LCP, INP } = figuresOf(histograms)
      return { LCP, INP }
    }),
  )
}

/** p75 LCP and INP of each of `paths` over the `days` UTC days that end on the day of `now`. */
export async function pageSpeed(
  store: SpeedStore,
  paths: readonly string[],
  days: number,
  now: number,
): Promise<Result<Map<string, SpeedPair>>> {
  const read = await store.pages(paths, dayOf(now - (days - 1) * DAY_MS), dayOf(now))
  if (!read.ok) return read
  const byPage = new Map<string, Histograms>(paths.map((path) => [path, emptyHistograms()]))
  for (const row of read.value) {
    const histograms = byPage.get(row.page)
    if (histograms) add(histograms, row.metric, row.bucket, row.count)
  }
  return ok(
    new Map(
      [...byPage].map(([page, histograms]) => {
        const { LCP, INP } = figuresOf(histograms)
        return [page, { LCP, INP }]
      }),
    ),
  )
}
