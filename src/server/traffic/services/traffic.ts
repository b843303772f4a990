/**
 * Traffic counted at the edge, with no cookie and no client script (issue 21). The worker answers
 * every page view, cached ones included, so it counts them here: a GET of a public page that a
 * person's browser asked for, never a bot, a tool or a speculative request. A visitor is the day's
 * salted hash of their address, user agent and host (traffic/services/visitors.ts).
 *
 * Views are written through waitUntil, so the request never waits for the count. With D1 they
 * are buffered in this isolate and written as one batch at most every FLUSH_EVERY_MS (or per
 * store.viewsPerWrite views); Analytics Engine takes each view in the invocation that saw it
 * (traffic/storage/traffic.ts TrafficStore).
 */
import { TRAFFIC_DIMENSIONS } from '../../../lib/traffic-dimensions'
import { log } from '../../../lib/log'
import { ok, type Result } from '../../../lib/result'
import type { Bindings } from '../../../env'
import { DEFAULT_TIMINGS, type Config, type WaitUntil } from '../../platform'
import { scheduleWrite } from './write-timing'
import type { Dimension, StoredView, TrafficStore } from '../storage/traffic'
import { trafficStoreFor } from '../storage/traffic-backend'
import { identityOf, Visitors, type Visitor, type VisitorMemory } from './visitors'

const FLUSH_EVERY_MS = DEFAULT_TIMINGS.trafficFlushMs

const MAX_VALUE = 200

/** Crawlers, link unfurlers, monitors, command-line tools, HTTP libraries and headless browsers. */
export const BOT_AGENT =
  /bot|crawl|spider|slurp|archiver|headless|lighthouse|pagespeed|preview|facebookexternalhit|embedly|monitor|uptime|pingdom|validator|curl\/|wget|python|httpclient|http-client|java\/|go-http|node-fetch|undici|axios|okhttp|libwww|scrapy|phantomjs|selenium|puppeteer|playwright/i

/** What the request says about itself, as the counter needs it. */
export interface ViewRequest {
  method: string
  url: string
  status: number
  headers: Headers
  country?: string
  /**
   * The path of the page the route served, when it is not the request's own spelling of it: a
   * route matches the percent-decoded path, so `/%61bout-us` is `/about-us`, and is counted so.
   */
  page?: string
}

/** A view waiting in the buffer: its dimension values, and what its visitor's and client's hashes are made of. */
interface PendingView {
  day: string
  identity: string
  client: string
  values: [Dimension, string][]
}

const clip = (value: string) => value.slice(0, MAX_VALUE)

/** Between a 404's path and the page that linked to it in a 'not-found-from' value. */
export const FROM_SEPARATOR = '\n'

/**
 * The page a 404's visitor came from, as host and path (no query or fragment, which can carry
 * what is nobody's business), or 'direct' when the browser sent no referrer.
 */
function linkingPage(referrer: string | null): string {
  const from = referrer ? URL.parse(referrer) : null
  return from ? `${from.hostname}${from.pathname === '/' ? '' : from.pathname}` : 'direct'
}

/** Why a request is not a person's page view, or undefined when it is one. */
export function notAView(request: ViewRequest): string | undefined {
  if (request.method !== 'GET') return 'not a GET'
  if (request.status !== 200 && request.status !== 404) return 'not 200 or 404'
  const purpose = request.headers.get('Sec-Purpose') ?? request.headers.get('Purpose') ?? ''
  if (/prefetch|prerender/i.test(purpose)) return 'speculative'
  if (!(request.headers.get('Accept') ?? '').includes('text/html')) return 'does not accept HTML'
  const agent = request.headers.get('User-Agent') ?? ''
  if (!agent || BOT_AGENT.test(agent)) return 'bot'
  return undefined
}

/**
 * The dimension values a view counts for: a page that exists counts for all and for each
 * dimension of lib/traffic-dimensions.ts that gives it a value; a 404 counts apart, by its path only.
 */
function viewValues(
  url: URL,
  status: number,
  referrer: string | null,
  country: string | undefined,
  page: string = url.pathname,
) {
  if (status === 404)
    return [
      ['not-found', clip(url.pathname)],
      ['not-found-from', clip(`${url.pathname}${FROM_SEPARATOR}${linkingPage(referrer)}`)],
    ] as [Dimension, string][]
  const values: [Dimension, string][] = [['all', '']]
  for (const dimension of TRAFFIC_DIMENSIONS) {
    const value = dimension.ofView({ url, page, referrer, country })
    if (value !== undefined) values.push([dimension.name, clip(value)])
  }
  return values
}

/** This isolate's views not yet written, when it last wrote, and today's salt as last read. */
export class TrafficBuffer implements VisitorMemory {
  views: PendingView[] = []
  lastFlushAt = 0
  flushScheduled = false
  /** The latest day's salt and the hashes made with it (traffic/services/visitors.ts). */
  salt?: { day: string; value: string }
  readonly visitors = new Map<string, string>()
  /**
   * Clients VIEW_LIMITER refused, until the end of that minute: their views are dropped here
   * without asking the limiter again, so a flood costs no call per request. Emptied when it
   * holds REFUSED_CLIENTS_KEPT clients, so it cannot grow without end either.
   */
  refused = new Map<string, number>()
}

const REFUSED_CLIENTS_KEPT = 10_000
const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

/** How a counter keeps time and limits (each has a default for production). */
interface CounterOptions {
  now?: () => number
  flushEveryMs?: number
  /**
   * Views one client (address or IPv6 /64, whatever user agents it sends) may have counted a
   * minute (wrangler.toml VIEW_LIMITER): a script cannot fill the day's visitor hashes.
   */
  limiter?: RateLimit
  /** Days the daily rows are kept before they roll up to months (TRAFFIC_RETENTION_DAYS). */
  retentionDays?: number
}

export class TrafficCounter {
  private readonly now: () => number
  private readonly flushEveryMs: number
  private readonly limiter?: RateLimit
  private readonly retentionDays: number
  private readonly visitors: Visitors

  constructor(
    /** Where the counts are (the traffic page reads them: traffic/services/traffic-report.ts). */
    readonly store: TrafficStore,
    private readonly buffer: TrafficBuffer,
    options: CounterOptions = {},
  ) {
    this.now = options.now ?? Date.now
    this.flushEveryMs = options.flushEveryMs ?? FLUSH_EVERY_MS
    this.limiter = options.limiter
    this.retentionDays = options.retentionDays ?? 400
    this.visitors = new Visitors(store, buffer, this.now)
  }

  /** Counts the request if it is a person's page view; the write happens later, never awaited here. */
  record(request: ViewRequest, referrer: string | null, ctx: WaitUntil): void {
    void this.counts(request, referrer, ctx)
  }

  /**
   * As record(), and whether the view was counted: a person's view that VIEW_LIMITER let through
   * (an experiment's exposure is counted only then, experiments/services/experiments.ts). Never awaited
   * by the response: the limiter is asked inside waitUntil.
   */
  counts(request: ViewRequest, referrer: string | null, ctx: WaitUntil): Promise<boolean> {
    if (notAView(request)) return Promise.resolve(false)
    const url = new URL(request.url)
    const values = viewValues(url, request.status, referrer, request.country, request.page)
    return this.tally(request.headers, url, values, ctx)
  }

  /**
   * Counts a campaign form's first input on the landing page at `page` (a path of the page table:
   * the start beacon checks it), as a view is counted: never a bot's, under the same per-client
   * limit, buffered and written later. The page's form starts are the visitors of these rows, so
   * one visitor starts a page's form at most once a day, however often the beacon comes.
   */
  countsStart(headers: Headers, url: URL, page: string, ctx: WaitUntil): Promise<boolean> {
    // No user agent is a tool's, as for a view: an empty one reads as a bot.
    if (BOT_AGENT.test(headers.get('User-Agent') || 'bot')) return Promise.resolve(false)
    return this.tally(headers, url, [['form-start', page]], ctx)
  }

  /** Buffers what one request counts for, once VIEW_LIMITER lets its client through. */
  private tally(headers: Headers, url: URL, values: [Dimension, string][], ctx: WaitUntil): Promise<boolean> {
    const { day, client, identity } = identityOf(headers, url, this.now())
    const view = { day, identity, client, values }
    const add = () => this.add(view, ctx)
    if (!this.limiter) return Promise.resolve(add())
    const { refused } = this.buffer
    if ((refused.get(client) ?? 0) > this.now()) return Promise.resolve(false)
    // Asked after the answer, inside waitUntil: the page never waits for the limit either.
    const decided = this.limiter.limit({ key: client }).then(
      ({ success }) => {
        if (success) return add()
        if (refused.size >= REFUSED_CLIENTS_KEPT) refused.clear()
        const now = this.now()
        refused.set(client, now - (now % MINUTE_MS) + MINUTE_MS)
        return false
      },
      // A limiter that cannot answer does not cost a person's view.
      add,
    )
    ctx.waitUntil(decided)
    return decided
  }

  /** The visitor this request comes from today, as the view count hashes it (traffic/services/visitors.ts). */
  visitorOf(headers: Headers, url: URL): Promise<Result<Visitor>> {
    return this.visitors.visitorOf(headers, url)
  }

  /** Buffers a counted view: true, for counts(). */
  private add(view: PendingView, ctx: WaitUntil): true {
    this.buffer.views.push(view)
    this.schedule(ctx)
    return true
  }

  /** At most one write per interval (write-timing.ts). */
  private schedule(ctx: WaitUntil): void {
    const full = this.buffer.views.length >= this.store.viewsPerWrite
    scheduleWrite(
      this.buffer,
      { everyMs: this.flushEveryMs, now: this.now(), full, write: () => this.flush() },
      ctx,
    )
  }

  /**
   * Folds every day before today (the 10-minute sweep): its visitor counts written down, its
   * visitor hashes and salt deleted, within 10 minutes of the day's end.
   */
  async foldPastDays(): Promise<void> {
    await this.flush()
    const today = new Date(this.now()).toISOString().slice(0, 10)
    this.visitors.forgetBefore(today)
    const folded = await this.store.fold(today)
    if (!folded.ok) log.error('traffic', folded.error.message)
    else if (folded.value.hashesDeleted || folded.value.saltsDeleted)
      log.info('traffic', 'past days folded', { ...folded.value })
  }

  /**
   * The daily retention: days older than the retention roll up to their months, so the daily
   * table holds at most that many days of rows.
   */
  async rollUpOldDays(now: Date): Promise<void> {
    const cutoff = new Date(now.getTime() - this.retentionDays * DAY_MS).toISOString().slice(0, 10)
    const rolled = await this.store.rollUp(cutoff)
    if (!rolled.ok) log.error('traffic', rolled.error.message)
    else if (rolled.value)
      log.info('retention', 'old traffic days rolled up to months', { rows: rolled.value })
  }

  /** Writes what is buffered: the visitor hashes made with each day's salt, then one write. */
  async flush(): Promise<void> {
    const views = this.buffer.views.splice(0)
    if (views.length === 0) return
    this.buffer.lastFlushAt = this.now()
    const stored: StoredView[] = []
    for (const view of views) {
      const salt = await this.visitors.saltOf(view.day)
      if (!salt.ok)
        return log.error('traffic', 'views not counted', { views: views.length, reason: salt.error.message })
      stored.push({
        day: view.day,
        visitor: await this.visitors.hashOf(salt.value, view.day, view.identity),
        // Salted as the visitor is (one line, where an identity has three): no address is stored.
        client: await this.visitors.hashOf(salt.value, view.day, view.client),
        values: view.values,
      })
    }
    const written = await this.store.write(stored)
    if (!written.ok)
      log.error('traffic', 'views not counted', { views: views.length, reason: written.error.message })
  }
}

/** The counter on the store the env configures; a store that cannot run is said once per isolate. */
export function trafficCounterFor(
  env: Bindings,
  buffer: TrafficBuffer,
  config: Config,
): Result<TrafficCounter> {
  const store = trafficStoreFor(env, config.timings.analyticsSqlBudgetMs)
  if (!store.ok) {
    log.error('traffic', 'views not counted: the traffic store cannot run', { reason: store.error.message })
    return store
  }
  return ok(
    new TrafficCounter(store.value, buffer, {
      limiter: env.VIEW_LIMITER,
      retentionDays: config.trafficRetentionDays,
      flushEveryMs: config.timings.trafficFlushMs,
    }),
  )
}
