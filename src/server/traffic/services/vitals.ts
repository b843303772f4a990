/**
 * Field speed (issue 62): Core Web Vitals from real visitors, with no cookie and no id. The
 * browser's reporter posts one beacon a view to /api/vitals (traffic/routes/vitals-beacon.ts); each
 * value is counted in its bucket (traffic/services/vitals-histogram.ts) per day, page, metric,
 * device class, continent, navigation type and browser family, and the quantiles are read back
 * from those histograms.
 *
 * Like the view count (traffic/services/traffic.ts) the counters are buffered in this isolate and
 * written as one batch at most every flushEveryMs (or once the buffer holds store.rowsPerWrite
 * counters); the per-client limiter is asked inside waitUntil, so the beacon never waits for it.
 */
import { ok, type Result } from '../../../lib/result'
import { log } from '../../../lib/log'
import { clientKey } from '../../../lib/client-key'
import type { Bindings } from '../../../env'
import { StampedCache, type Config, type WaitUntil } from '../../platform'
import { scheduleWrite } from './write-timing'
import {
  D1VitalsStore,
  type ArmRow,
  type Dropped,
  type HistogramRow,
  type SummedRow,
  type VitalsStore,
} from '../storage/vitals'
import { BOT_AGENT } from './traffic'
import {
  browserOf,
  type Browser,
  type Device,
  type Metric,
  type Navigation,
  bucketOf,
  quantilesOf,
} from './vitals-histogram'

/** One beacon's facts, as the route read them. */
export interface VitalsReport {
  /** The page's path as the page table or a published post or landing page has it. */
  page: string
  /** False when the path is not a page of the site: the report is dropped and counted. */
  known: boolean
  nav: Navigation
  device: Device
  region: string
  headers: Headers
  metrics: Partial<Record<Metric, number>>
  /** The experiments' versions this visitor was shown on the page (its LCP and INP count for them too). */
  arms?: readonly ArmShown[]
}

/** A running experiment's version a beacon's page showed, found again from its request. */
export interface ArmShown {
  experiment: string
  arm: number
}

/** One page, metric and device's histogram, as quantiles() sums it. */
type Group = { page: string; metric: Metric; device: Device; histogram: [number, number][] }
/** A version's counter's key in the buffer, as JSON. */
type ArmKey = [string, string, number, string, number]
/** A histogram counter's key in the buffer, as JSON. */
type CountKey = [string, string, string, string, string, string, string, number]

/** The metrics an experiment's results show beside each version's leads. */
const ARM_METRICS: readonly Metric[] = ['LCP', 'INP']

/** p50, p75 and p90 of one page, metric and device, and how many reports they are read from. */
export interface Quantiles {
  page: string
  metric: Metric
  device: Device
  count: number
  p50: number
  p75: number
  p90: number
}

/**
 * This isolate's counters not yet written, the clients the limiter refused this minute, and the share
 * of views measured as last read (traffic/services/vitals-sampling.ts).
 */
export class VitalsBuffer {
  readonly share = new StampedCache<number | null>()
  counts = new Map<string, number>()
  /** The versions' counters: `[experiment, day, arm, metric, bucket]` as JSON. */
  arms = new Map<string, number>()
  dropped = new Map<string, Dropped>()
  lastFlushAt = 0
  flushScheduled = false
  refused = new Map<string, number>()
}

const REFUSED_CLIENTS_KEPT = 10_000
const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

export interface CollectorOptions {
  now?: () => number
  flushEveryMs?: number
  /** Beacons one client may have counted a minute (VIEW_LIMITER, keyed apart from its views). */
  limiter?: RateLimit
  /** Days the histograms are kept (TRAFFIC_RETENTION_DAYS, as the view counts' daily rows). */
  retentionDays?: number
}

/** The collector on the env's D1, with the view count's limiter binding and flush interval. */
export function vitalsCollectorFor(env: Bindings, buffer: VitalsBuffer, config: Config): VitalsCollector {
  return new VitalsCollector(new D1VitalsStore(env.DB), buffer, {
    limiter: env.VIEW_LIMITER,
    flushEveryMs: config.timings.trafficFlushMs,
    retentionDays: config.trafficRetentionDays,
  })
}

export class VitalsCollector {
  private readonly now: () => number
  private readonly flushEveryMs: number
  private readonly limiter?: RateLimit
  private readonly retentionDays: number

  constructor(
    readonly store: VitalsStore,
    private readonly buffer: VitalsBuffer,
    options: CollectorOptions = {},
  ) {
    this.now = options.now ?? Date.now
    this.flushEveryMs = options.flushEveryMs ?? 5_000
    this.limiter = options.limiter
    this.retentionDays = options.retentionDays ?? 400
  }

  /** The daily retention: the days older than the retention are deleted, so storage has a ceiling too. */
  async forgetOldDays(now: Date): Promise<void> {
    const cutoff = new Date(now.getTime() - this.retentionDays * DAY_MS).toISOString().slice(0, 10)
    const forgotten = await this.store.forgetBefore(cutoff)
    if (!forgotten.ok) log.error('traffic', forgotten.error.message)
    else if (forgotten.value) log.info('retention', 'old field speed days deleted', { rows: forgotten.value })
  }

  /**
   * Counts a beacon unless it is a bot's or its client is over the limit; its values out of range
   * and a page that is not the site's are dropped and counted. Resolves to whether it was taken.
   */
  record(report: VitalsReport, ctx: WaitUntil): Promise<boolean> {
    const agent = report.headers.get('User-Agent') ?? ''
    if (!agent || BOT_AGENT.test(agent)) return Promise.resolve(false)
    const client = `vitals:${clientKey(report.headers.get('CF-Connecting-IP') ?? undefined)}`
    const add = () => this.add(report, browserOf(agent), ctx)
    if (!this.limiter) return Promise.resolve(add())
    const { refused } = this.buffer
    if ((refused.get(client) ?? 0) > this.now()) return Promise.resolve(false)
    const decided = this.limiter.limit({ key: client }).then(({ success }) => {
      if (success) return add()
      if (refused.size >= REFUSED_CLIENTS_KEPT) refused.clear()
      const now = this.now()
      refused.set(client, now - (now % MINUTE_MS) + MINUTE_MS)
      return false
    }, add)
    ctx.waitUntil(decided)
    return decided
  }

  private add(report: VitalsReport, browser: Browser, ctx: WaitUntil): true {
    const day = new Date(this.now()).toISOString().slice(0, 10)
    const dropped = this.buffer.dropped.get(day) ?? { outOfRange: 0, unknownPage: 0 }
    const entries = Object.entries(report.metrics) as [Metric, number][]
    if (!report.known) dropped.unknownPage += entries.length
    else
      for (const [metric, value] of entries) {
        const bucket = bucketOf(metric, value)
        if (bucket === undefined) {
          dropped.outOfRange++
          continue
        }
        const { page, device, region, nav } = report
        const key = JSON.stringify([day, page, metric, device, region, nav, browser, bucket])
        this.buffer.counts.set(key, (this.buffer.counts.get(key) ?? 0) + 1)
        if (!ARM_METRICS.includes(metric)) continue
        for (const { experiment, arm } of report.arms ?? []) {
          const armKey = JSON.stringify([experiment, day, arm, metric, bucket])
          this.buffer.arms.set(armKey, (this.buffer.arms.get(armKey) ?? 0) + 1)
        }
      }
    if (dropped.outOfRange || dropped.unknownPage) this.buffer.dropped.set(day, dropped)
    this.schedule(ctx)
    return true
  }

  private schedule(ctx: WaitUntil): void {
    const full = this.buffer.counts.size + this.buffer.arms.size >= this.store.rowsPerWrite
    scheduleWrite(
      this.buffer,
      { everyMs: this.flushEveryMs, now: this.now(), full, write: () => this.flush() },
      ctx,
    )
  }

  /** Writes what is buffered, as one batch. */
  async flush(): Promise<void> {
    const counts = [...this.buffer.counts]
    const dropped = this.buffer.dropped
    const arms = [...this.buffer.arms].map(([key, count]): ArmRow => {
      const [experiment, day, arm, metric, bucket] = JSON.parse(key) as ArmKey
      return { experiment, day, arm, metric, bucket, count }
    })
    this.buffer.counts = new Map()
    this.buffer.arms = new Map()
    this.buffer.dropped = new Map()
    if (counts.length === 0 && dropped.size === 0 && arms.length === 0) return
    this.buffer.lastFlushAt = this.now()
    const rows = counts.map(([key, count]): HistogramRow => {
      const [day, page, metric, device, region, nav, browser, bucket] = JSON.parse(key) as CountKey
      return { day, page, metric, device, region, nav, browser, bucket, count }
    })
    const written = await this.store.write(rows, dropped, arms)
    if (!written.ok)
      log.error('traffic', 'field speed not counted', { rows: rows.length, reason: written.error.message })
  }

  /**
   * p50, p75 and p90 per page, metric and device over the `days` UTC days that end today, from the
   * histograms (every continent, navigation type and browser together).
   */
  async quantiles(days: number): Promise<Result<Quantiles[]>> {
    const now = this.now()
    const to = new Date(now).toISOString().slice(0, 10)
    const from = new Date(now - (Math.max(1, days) - 1) * DAY_MS).toISOString().slice(0, 10)
    const read = await this.store.histograms(from, to)
    if (!read.ok) return read
    const groups = new Map<string, Group>()
    for (const row of read.value as SummedRow[]) {
      const key = `${row.page}\n${row.metric}\n${row.device}`
      const group = groups.get(key) ?? {
        page: row.page,
        metric: row.metric as Metric,
        device: row.device as Device,
        histogram: [],
      }
      group.histogram.push([row.bucket, row.count])
      groups.set(key, group)
    }
    return ok(
      [...groups.values()].map(({ page, metric, device, histogram }) => ({
        page,
        metric,
        device,
        ...quantilesOf(metric, histogram),
      })),
    )
  }
}
