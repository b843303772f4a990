/**
 * The slow-page alert (issue 62): a page among the 10 most measured whose p75 loading (LCP) was
 * over Google's 2.5 s, or whose p75 response (INP) was over 200 ms, on each of the last 3 days
 * that have ended, each day read from at least ENOUGH_VIEWS views (fewer say nothing, as on the
 * Speed page). The most measured: the most loading and response reports over those days. The daily job sends them all as one alert (server/maintenance.ts).
 */
import { ok, type Result } from '../../../lib/result'
import { ENOUGH_VIEWS, THRESHOLDS } from '../../../schemas/speed'
import type { SpeedStore } from '../storage/speed'
import { quantilesOf } from './vitals-histogram'

const DAY_MS = 24 * 60 * 60 * 1000
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)
export const SLOW_DAYS = 3
export const TOP_PAGES = 10

/** A page slow on each of the days, with the metric and each day's p75, oldest first. */
export interface SlowPage {
  page: string
  metric: 'LCP' | 'INP'
  p75s: number[]
}

export async function slowPages(store: SpeedStore, now: number): Promise<Result<SlowPage[]>> {
  const days = Array.from({ length: SLOW_DAYS }, (_, i) => dayOf(now - (SLOW_DAYS - i) * DAY_MS))
  const read = await store.pageDays(days[0]!, days.at(-1)!)
  if (!read.ok) return read
  const histograms = new Map<string, [number, number][]>()
  const measured = new Map<string, number>()
  for (const row of read.value) {
    const key = `${row.page}\n${row.metric}\n${row.day}`
    histograms.set(key, [...(histograms.get(key) ?? []), [row.bucket, row.count]])
    measured.set(row.page, (measured.get(row.page) ?? 0) + row.count)
  }
  const top = [...measured]
    .sort(([a, m], [b, n]) => n - m || a.localeCompare(b))
    .slice(0, TOP_PAGES)
    .map(([page]) => page)
  const slow: SlowPage[] = []
  for (const page of top)
    for (const metric of ['LCP', 'INP'] as const) {
      const p75s = days.map((day) => {
        const { count, p75 } = quantilesOf(metric, histograms.get(`${page}\n${metric}\n${day}`) ?? [])
        return count >= ENOUGH_VIEWS ? p75 : null
      })
      if (p75s.every((p75) => p75 !== null && p75 > THRESHOLDS[metric][0]))
        slow.push({ page, metric, p75s: p75s as number[] })
    }
  return ok(slow)
}

/** The pages in the alert's words: each page, what was slow and its p75 on each day. */
export function slowPagesText(slow: SlowPage[]): string {
  const value = (metric: SlowPage['metric'], p75: number) =>
    metric === 'LCP' ? `${(p75 / 1000).toFixed(1)} s` : `${Math.round(p75)} ms`
  return slow
    .map(
      ({ page, metric, p75s }) =>
        `${page} ${metric === 'LCP' ? 'loading' : 'response'} ${p75s.map((p75) => value(metric, p75)).join(', ')}`,
    )
    .join('; ')
}
