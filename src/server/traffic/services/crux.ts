/**
 * Google's 28-day view beside ours (issue 62): when CRUX_API_KEY is set, the daily job reads the
 * Chrome UX Report API's queryRecord for the site's origin and for its 20 most measured pages
 * (POST https://chromeuxreport.googleapis.com/v1/records:queryRecord?key=…, body {origin} or {url}
 * and the three metrics), keeping each p75; the Speed page shows them beside ours. CrUX answers 404
 * for a page it has too little Chrome traffic for: that page has no record. 21 queries a day,
 * far under its 150 a minute.
 */
import { log } from '../../../lib/log'
import { errorText, fail, ok, type Result } from '../../../lib/result'
import { withTimeout } from '../../../lib/timeout'
import { SPEED_METRICS, type SpeedMetric } from '../../../schemas/speed'
import type { Bindings } from '../../../env'
import { D1CruxStore, type CruxRecord, type CruxStore } from '../storage/crux'
import { D1SpeedStore, type SpeedStore } from '../storage/speed'
import { D1NetworkErrorStore } from '../storage/network-errors'
import type { Config } from '../../platform'
import { vitalsCollectorFor, type VitalsBuffer } from './vitals'
import { speedReport } from './speed-report'
import { NetworkErrors } from './network-errors'

export const CRUX_ENDPOINT = 'https://chromeuxreport.googleapis.com/v1/records:queryRecord'
export const CRUX_PAGES = 20
const NAMES: Record<SpeedMetric, string> = {
  LCP: 'largest_contentful_paint',
  INP: 'interaction_to_next_paint',
  CLS: 'cumulative_layout_shift',
}

interface CruxDate {
  year: number
  month: number
  day: number
}
/** What queryRecord answers (CLS's p75 is a string). */
interface CruxAnswer {
  record?: {
    metrics?: Partial<Record<string, { percentiles?: { p75?: number | string } }>>
    collectionPeriod?: { firstDate: CruxDate; lastDate: CruxDate }
  }
}

const dateOf = (d: CruxDate | undefined) =>
  d ? `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}` : ''

export class CruxReader {
  constructor(
    private readonly key: string,
    /** The site's origin (SITE_ORIGIN): CrUX knows the site by it. */
    private readonly origin: string,
    private readonly timeoutMs = 10_000,
    private readonly endpoint = CRUX_ENDPOINT,
    private readonly fetcher: typeof fetch = (...args) => fetch(...args),
  ) {}

  /** CrUX's p75s for the origin (`target` 'origin') or a page (its path); null when CrUX has none. */
  async record(target: string): Promise<Result<CruxRecord | null>> {
    const place = target === 'origin' ? { origin: this.origin } : { url: this.origin + target }
    try {
      const response = await withTimeout(this.timeoutMs, (signal) =>
        this.fetcher(`${this.endpoint}?key=${encodeURIComponent(this.key)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ ...place, metrics: SPEED_METRICS.map((m) => NAMES[m]) }),
          signal,
        }),
      )
      if (response.status === 404) return ok(null)
      if (!response.ok) return fail(`CrUX answered ${response.status}`, response.status >= 429)
      const { record } = (await response.json()) as CruxAnswer
      const p75 = (metric: SpeedMetric) => {
        const value = Number(record?.metrics?.[NAMES[metric]]?.percentiles?.p75)
        return Number.isFinite(value) ? value : null
      }
      const period = record?.collectionPeriod
      return ok({
        target,
        LCP: p75('LCP'),
        INP: p75('INP'),
        CLS: p75('CLS'),
        firstDay: dateOf(period?.firstDate),
        lastDay: dateOf(period?.lastDate),
      })
    } catch (error) {
      return fail(`CrUX not read: ${errorText(error)}`, true)
    }
  }
}

/**
 * Field speed's services for the composition root: the collector, what the console reads, and
 * CrUX's store with its reader when CRUX_API_KEY is set.
 */
export const fieldSpeedFor = (env: Bindings, buffer: VitalsBuffer, config: Config) => ({
  vitals: vitalsCollectorFor(env, buffer, config),
  networkErrors: new NetworkErrors(new D1NetworkErrorStore(env.DB), buffer.refused, env.VIEW_LIMITER),
  speed: new D1SpeedStore(env.DB) as SpeedStore,
  crux: {
    store: new D1CruxStore(env.DB) as CruxStore,
    reader: env.CRUX_API_KEY ? new CruxReader(env.CRUX_API_KEY, env.SITE_ORIGIN) : null,
  },
})

/** The daily reading: the origin and the 20 pages with the most loading reports over our 28 days. */
export async function readCrux(reader: CruxReader, crux: CruxStore, speed: SpeedStore, now: Date) {
  const ours = await speedReport(speed, now.getTime())
  if (!ours.ok) return log.error('traffic', 'Google’s figures not read', { reason: ours.error.message })
  const targets = ['origin', ...ours.value.pages.slice(0, CRUX_PAGES).map((line) => line.value)]
  const records: CruxRecord[] = []
  for (const target of targets) {
    const read = await reader.record(target)
    // One failure (a bad key, the quota) keeps yesterday's figures rather than half of today's.
    if (!read.ok) return log.error('traffic', 'Google’s figures not read', { reason: read.error.message })
    if (read.value) records.push(read.value)
  }
  const kept = await crux.replace(records, now.toISOString())
  if (!kept.ok) log.error('traffic', kept.error.message)
  else log.info('traffic', 'Google’s figures read', { targets: targets.length, records: records.length })
}
