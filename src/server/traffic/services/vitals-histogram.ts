/**
 * Field speed's histograms (issue 62): the metrics, their physical ranges, the fixed log-spaced
 * buckets about 10 % wide, and quantiles read back from them within ±5 % (a bucket stands for its
 * geometric middle, at most √1.1 − 1 ≈ 4.9 % from any value in it). Also how a beacon's facts are
 * grouped so a day's rows stay bounded: device class, browser family, continent.
 */
export const METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const
export type Metric = (typeof METRICS)[number]

/** web-vitals' navigationType values; 'prerender' is a page Speculation Rules prerendered. */
export const NAVIGATIONS = [
  'navigate',
  'reload',
  'back-forward',
  'back-forward-cache',
  'prerender',
  'restore',
] as const
export type Navigation = (typeof NAVIGATIONS)[number]

export type Device = 'phone' | 'tablet' | 'desktop'
export type Browser = 'chromium' | 'safari' | 'firefox' | 'other'

/**
 * Each metric's physical range (a value outside is dropped and counted) and its smallest bucketed
 * value: milliseconds for the timings, layout-shift units for CLS. Below `unit` is bucket 0, read as 0.
 */
const RANGES: Record<Metric, { unit: number; max: number }> = {
  LCP: { unit: 1, max: 120_000 },
  INP: { unit: 1, max: 60_000 },
  CLS: { unit: 0.0001, max: 10 },
  FCP: { unit: 1, max: 120_000 },
  TTFB: { unit: 1, max: 120_000 },
}

/** How much wider each bucket is than the one before it. */
export const BUCKET_GROWTH = 1.1
const LOG_GROWTH = Math.log(BUCKET_GROWTH)

/** The bucket of `value`, or undefined when the value cannot be a real measurement. */
export function bucketOf(metric: Metric, value: number): number | undefined {
  const { unit, max } = RANGES[metric]
  if (!Number.isFinite(value) || value < 0 || value > max) return undefined
  if (value < unit) return 0
  return 1 + Math.floor(Math.log(value / unit) / LOG_GROWTH)
}

/** What a bucket stands for: the geometric middle of [unit·1.1^(b−1), unit·1.1^b), and 0 for bucket 0. */
export function valueOfBucket(metric: Metric, bucket: number): number {
  if (bucket <= 0) return 0
  return RANGES[metric].unit * BUCKET_GROWTH ** (bucket - 0.5)
}

/** The device class of a viewport width in CSS pixels. */
export function deviceOf(width: number): Device {
  return width < 600 ? 'phone' : width < 1024 ? 'tablet' : 'desktop'
}

/** The browser family of a user agent (its engine, which decides which metrics it can measure). */
export function browserOf(agent: string): Browser {
  if (/Firefox\//.test(agent)) return 'firefox'
  if (/Chrome\/|Chromium\/|CriOS\/|Edg\//.test(agent)) return 'chromium'
  if (/Safari\//.test(agent)) return 'safari'
  return 'other'
}

/** The continent of `request.cf`: the countries grouped, so the day's rows stay bounded. */
export function regionOf(cf: unknown): string {
  const continent = (cf as { continent?: unknown } | undefined)?.continent
  return typeof continent === 'string' && /^(AF|AN|AS|EU|NA|OC|SA)$/.test(continent) ? continent : 'unknown'
}

/** The nearest-rank quantiles of a histogram ([bucket, count] in any order). */
export function quantilesOf(metric: Metric, histogram: [number, number][]) {
  const sorted = [...histogram].sort(([a], [b]) => a - b)
  const count = sorted.reduce((sum, [, n]) => sum + n, 0)
  const at = (q: number) => {
    const rank = Math.max(1, Math.ceil(q * count))
    let seen = 0
    for (const [bucket, n] of sorted) {
      seen += n
      if (seen >= rank) return valueOfBucket(metric, bucket)
    }
    return 0
  }
  return { count, p50: at(0.5), p75: at(0.75), p90: at(0.9) }
}
