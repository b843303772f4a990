/**
 * Traffic counted at the edge, with no cookie and no client script (issue 21). The worker answers
 * every page view, cached ones included, so it counts them here: a GET of a public page that a
 * person's browser asked for, never a bot, a tool or a speculative request. A visitor is a hash of
 * (IPv4 address or IPv6 /64, user agent, host) with a salt that changes every UTC day and is
 * deleted after it, so no visitor can be followed from one day to the next.
 *
 * Views are written through waitUntil, so the request never waits for the count. With D1 they
 * are buffered in this isolate and written as one batch at most every FLUSH_EVERY_MS (or per
 * store.viewsPerWrite views); Analytics Engine takes each view in the invocation that saw it
 * (storage/traffic.ts TrafficStore).
 */
import { clientKey } from '../../lib/client-key'
import { TRAFFIC_DIMENSIONS } from '../../lib/traffic-dimensions'
import { toHex } from '../../lib/hex'
import { log } from '../../lib/log'
import { ok, type Result } from '../../lib/result'
import type { Dimension, StoredView, TrafficStore } from '../storage/traffic'
import type { WaitUntil } from '../wait-until'

export const FLUSH_EVERY_MS = 5000
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
}

/** A view waiting in the buffer: its dimension values, and what its visitor hash is made of. */
interface PendingView {
  day: string
  identity: string
  values: [Dimension, string][]
}

const clip = (value: string) => value.slice(0, MAX_VALUE)

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
export function viewValues(url: URL, status: number, referrer: string | null, country: string | undefined) {
  if (status === 404) return [['not-found', clip(url.pathname)]] as [Dimension, string][]
  const values: [Dimension, string][] = [['all', '']]
  for (const dimension of TRAFFIC_DIMENSIONS) {
    const value = dimension.ofView({ url, referrer, country })
    if (value !== undefined) values.push([dimension.name, clip(value)])
  }
  return values
}

/** This isolate's views not yet written, when it last wrote, and today's salt as last read. */
export class TrafficBuffer {
  views: PendingView[] = []
  lastFlushAt = 0
  flushScheduled = false
  /**
   * The latest day's salt, read from the store once per isolate and day rather than per write
   * (a view written to Analytics Engine would otherwise cost a D1 call). Replaced by the next
   * day's, and dropped by the fold; it is never written anywhere. The value, not the pending
   * read, is kept: a promise of one request is not awaited by another.
   */
  salt?: { day: string; value: string }
}

export class TrafficCounter {
  constructor(
    /** Where the counts are (the traffic page reads them: services/traffic-report.ts). */
    readonly store: TrafficStore,
    private readonly buffer: TrafficBuffer,
    private readonly now: () => number = Date.now,
    private readonly flushEveryMs = FLUSH_EVERY_MS,
  ) {}

  /** Counts the request if it is a person's page view; the write happens later, never awaited here. */
  record(request: ViewRequest, referrer: string | null, ctx: WaitUntil): void {
    if (notAView(request)) return
    const url = new URL(request.url)
    const day = new Date(this.now()).toISOString().slice(0, 10)
    const agent = request.headers.get('User-Agent') ?? ''
    const identity = `${clientKey(request.headers.get('CF-Connecting-IP') ?? undefined)}\n${agent}\n${url.host}`
    this.buffer.views.push({
      day,
      identity,
      values: viewValues(url, request.status, referrer, request.country),
    })
    this.schedule(ctx)
  }

  /** At most one write per interval: now, when it is time or the buffer is full, else once that time comes. */
  private schedule(ctx: WaitUntil): void {
    const wait = this.buffer.lastFlushAt + this.flushEveryMs - this.now()
    if (wait <= 0 || this.buffer.views.length >= this.store.viewsPerWrite) {
      ctx.waitUntil(this.flush())
      return
    }
    if (this.buffer.flushScheduled) return
    this.buffer.flushScheduled = true
    ctx.waitUntil(
      new Promise((resolve) => setTimeout(resolve, wait)).then(() => {
        this.buffer.flushScheduled = false
        return this.flush()
      }),
    )
  }

  /**
   * Folds every day before today (the 10-minute sweep): its visitor counts written down, its
   * visitor hashes and salt deleted, within 10 minutes of the day's end.
   */
  async foldPastDays(): Promise<void> {
    await this.flush()
    const today = new Date(this.now()).toISOString().slice(0, 10)
    if (this.buffer.salt && this.buffer.salt.day < today) this.buffer.salt = undefined
    const folded = await this.store.fold(today)
    if (!folded.ok) log.error('traffic', folded.error.message)
    else if (folded.value.hashesDeleted || folded.value.saltsDeleted)
      log.info('traffic', 'past days folded', { ...folded.value })
  }

  /** Writes what is buffered: the visitor hashes made with each day's salt, then one write. */
  async flush(): Promise<void> {
    const views = this.buffer.views.splice(0)
    if (views.length === 0) return
    this.buffer.lastFlushAt = this.now()
    const stored: StoredView[] = []
    for (const view of views) {
      const salt = await this.saltOf(view.day)
      if (!salt.ok)
        return log.error('traffic', 'views not counted', { views: views.length, reason: salt.error.message })
      stored.push({
        day: view.day,
        visitor: await visitorHash(salt.value, view.identity),
        values: view.values,
      })
    }
    const written = await this.store.write(stored)
    if (!written.ok)
      log.error('traffic', 'views not counted', { views: views.length, reason: written.error.message })
  }

  /** The salt of `day`: this isolate's copy when it is that day's, else the store's. */
  private async saltOf(day: string): Promise<Result<string>> {
    if (this.buffer.salt?.day === day) return ok(this.buffer.salt.value)
    const read = await this.store.salt(day)
    // Only the latest day is kept: a view of yesterday written after midnight does not replace today's.
    if (read.ok && day >= (this.buffer.salt?.day ?? '')) this.buffer.salt = { day, value: read.value }
    return read
  }
}

/** The day's salted hash of a visitor's address, user agent and host (16 bytes, hex). */
async function visitorHash(salt: string, identity: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}\n${identity}`))
  return toHex(digest).slice(0, 32)
}
