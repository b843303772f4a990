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
import type { SpeedRow, SpeedStore } from '../storage/speed'
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

/** The Speed page's figures for the 28 UTC days that end on the day of `now`. */
export async function speedReport(store: SpeedStore, now: number): Promise<Result<SpeedReport>> {
  const to = dayOf(now)
  const from = dayOf(now - (MONTH - 1) * DAY_MS)
  const recentFrom = dayOf(now - (WEEK - 1) * DAY_MS)
  // The chart's first day reads the 6 days before it too.
  const daysFrom = dayOf(now - (MONTH + WEEK - 2) * DAY_MS)
  const read = await store.report(from, recentFrom, to, daysFrom)
  if (!read.ok) return read
  const [rows, days] = read.value
  const site = { week: emptyHistograms(), month: emptyHistograms() }
  for (const row of rows)
    if (row.by === 'device') {
      add(site.month, row.metric, row.bucket, row.count)
      add(site.week, row.metric, row.bucket, row.recent)
    }
  const byDay = new Map<string, Histograms>()
  for (const row of days) {
    const histograms = byDay.get(row.day) ?? emptyHistograms()
    add(histograms, row.metric, row.bucket, row.count)
    byDay.set(row.day, histograms)
  }
  const perDay: SpeedReport['perDay'] = []
  for (let i = MONTH - 1; i >= 0; i--) {
    const end = now - i * DAY_MS
    const window = emptyHistograms()
    for (let back = 0; back < WEEK; back++) {
      const histograms = byDay.get(dayOf(end - back * DAY_MS))
      if (histograms)
        for (const metric of SPEED_METRICS)
          for (const [bucket, count] of histograms[metric]) add(window, metric, bucket, count)
    }
    perDay.push({ day: dayOf(end), figures: figuresOf(window) })
  }
  return ok({
    to,
    site: { value: 'site', week: figuresOf(site.week), month: figuresOf(site.month) },
    pages: linesOf(rows.filter((row) => row.by === 'page')),
    devices: linesOf(rows.filter((row) => row.by === 'device')),
    regions: linesOf(rows.filter((row) => row.by === 'region')),
    perDay,
  })
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
