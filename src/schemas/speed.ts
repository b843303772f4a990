/**
 * Field speed as the console shows it (issue 62): p75 of Google's three Core Web Vitals read from
 * real visitors' histograms (server/traffic/services/speed-report.ts), Google's thresholds, and the
 * rule CrUX follows of showing no figure read from fewer than 100 views.
 */
export const SPEED_METRICS = ['LCP', 'INP', 'CLS'] as const
export type SpeedMetric = (typeof SPEED_METRICS)[number]

/** Fewer views than this and a figure says "not enough data", as CrUX does. */
export const ENOUGH_VIEWS = 100

/** Google's thresholds: p75 at or below the first is good, above the second poor (ms; CLS unitless). */
export const THRESHOLDS: Record<SpeedMetric, readonly [good: number, poor: number]> = {
  LCP: [2_500, 4_000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
}

export type Rating = 'good' | 'needs-improvement' | 'poor'

export const ratingOf = (metric: SpeedMetric, p75: number): Rating => {
  const [good, poor] = THRESHOLDS[metric]
  return p75 <= good ? 'good' : p75 <= poor ? 'needs-improvement' : 'poor'
}

/** One metric's p75 and the views it is read from; p75 null below ENOUGH_VIEWS. */
export interface SpeedFigure {
  count: number
  p75: number | null
}

export type SpeedFigures = Record<SpeedMetric, SpeedFigure>

/** A page, device class or continent: its figures over the last 7 and the last 28 days. */
export interface SpeedLine {
  value: string
  week: SpeedFigures
  month: SpeedFigures
}

/** What /admin/speed shows. */
export interface SpeedReport {
  /** The last day counted (today, UTC). */
  to: string
  site: SpeedLine
  pages: SpeedLine[]
  devices: SpeedLine[]
  regions: SpeedLine[]
  /** Each of the last 28 days: the site's p75 over the 7 days that end that day. */
  perDay: { day: string; figures: SpeedFigures }[]
}

/** p75 LCP and INP of a page or an experiment's version, beside its conversion. */
export type SpeedPair = Pick<SpeedFigures, 'LCP' | 'INP'>

/** CrUX's p75 of each metric for the origin ('origin') or a page (its path); null where it has none. */
export interface CruxRecord {
  target: string
  LCP: number | null
  INP: number | null
  CLS: number | null
  firstDay: string
  lastDay: string
}

/** The groups the Speed page names network errors by (traffic/services/network-errors.ts), in plain words in content/admin/speed.ts. */
export const NETWORK_ERROR_GROUPS = [
  'dns',
  'reset',
  'timeout',
  'refused',
  'secure',
  'error-answer',
  'bad-answer',
  'abandoned',
  'other',
] as const
export type NetworkErrorGroup = (typeof NETWORK_ERROR_GROUPS)[number]

/** A group's network errors over the page's period. */
export interface NetworkErrorLine {
  group: NetworkErrorGroup
  count: number
}
