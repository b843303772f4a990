/**
 * Network errors with no script (issue 62): the site's pages carry a `NEL` policy
 * (traffic/middleware/network-reporting.ts), so a visitor's browser reports on its own the fetches
 * of the site that failed (the address not found, the connection reset, no secure connection) to
 * POST /api/reports (traffic/routes/reports-beacon.ts), in the Reporting API's batch format. Only
 * `network-error` reports are kept, counted per UTC day, page and error type: the page one of the
 * site's or '(other)', the type one of NETWORK_ERROR_TYPES or 'other', so a day's rows stay bounded.
 *
 * The view beacon's guards, less the Origin check (the browser's network stack sends reports on its
 * own, with no page to say it is ours): bots and the per-client limiter (VIEW_LIMITER, keyed
 * `reports:<client>`, one batch a count), asked inside waitUntil, so the answer never waits.
 */
import { clientKey } from '../../../lib/client-key'
import { log } from '../../../lib/log'
import { ok, type Result } from '../../../lib/result'
import { NETWORK_ERROR_GROUPS, type NetworkErrorGroup, type NetworkErrorLine } from '../../../schemas/speed'
import type { WaitUntil } from '../../platform'
import type { NetworkErrorRow, NetworkErrorStore } from '../storage/network-errors'
import { BOT_AGENT } from './traffic'

/** The error types of the Network Error Logging spec (§ 6, "Predefined network error types"); any other is 'other'. */
export const NETWORK_ERROR_TYPES = [
  'dns.unreachable',
  'dns.name_not_resolved',
  'dns.failed',
  'dns.address_changed',
  'tcp.timed_out',
  'tcp.closed',
  'tcp.reset',
  'tcp.refused',
  'tcp.aborted',
  'tcp.address_invalid',
  'tcp.address_unreachable',
  'tcp.failed',
  'tls.version_or_cipher_mismatch',
  'tls.bad_client_auth_cert',
  'tls.cert.name_invalid',
  'tls.cert.date_invalid',
  'tls.cert.authority_invalid',
  'tls.cert.invalid',
  'tls.cert.revoked',
  'tls.cert.pinned_key_not_in_cert_list',
  'tls.protocol.error',
  'tls.failed',
  'http.error',
  'http.protocol.error',
  'http.response.invalid',
  'http.response.redirect_loop',
  'http.failed',
  'abandoned',
  'unknown',
] as const

/** What the console calls a page not of the site's. */
export const OTHER_PAGE = '(other)'
export const OTHER_TYPE = 'other'

/** The reports of one batch that are counted; the rest of a longer batch is ignored. */
export const REPORTS_PER_BATCH = 100

const KNOWN_TYPES: ReadonlySet<string> = new Set(NETWORK_ERROR_TYPES)

/**
 * A batch's network errors as counters: `network-error` reports only (every other report type, and
 * NEL's `ok`, left out), the first REPORTS_PER_BATCH reports read, each a page and a type.
 */
export function networkErrorsOf(
  batch: unknown,
  pagePaths: readonly string[],
  day: string,
): NetworkErrorRow[] {
  if (!Array.isArray(batch)) return []
  const counts = new Map<string, NetworkErrorRow>()
  for (const report of batch.slice(0, REPORTS_PER_BATCH) as unknown[]) {
    if (!report || typeof report !== 'object') continue
    const { type, url, body } = report as { type?: unknown; url?: unknown; body?: unknown }
    if (type !== 'network-error' || !body || typeof body !== 'object') continue
    const error = (body as { type?: unknown }).type
    if (typeof error !== 'string' || error === 'ok') continue
    const kind = KNOWN_TYPES.has(error) ? error : OTHER_TYPE
    const path = typeof url === 'string' ? URL.parse(url)?.pathname : undefined
    const page = path !== undefined && pagePaths.includes(path) ? path : OTHER_PAGE
    const key = `${page}\n${kind}`
    const row = counts.get(key) ?? { day, page, kind, count: 0 }
    row.count++
    counts.set(key, row)
  }
  return [...counts.values()]
}

const MINUTE_MS = 60_000
const REFUSED_CLIENTS_KEPT = 10_000

export class NetworkErrors {
  constructor(
    readonly store: NetworkErrorStore,
    /** Clients the limiter refused, to the end of their minute: the isolate's (VitalsBuffer.refused, keyed apart). */
    private readonly refused: Map<string, number>,
    private readonly limiter?: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a batch's network errors unless it is a bot's or its client is over the limit. */
  record(headers: Headers, rows: (day: string) => NetworkErrorRow[], ctx: WaitUntil): void {
    const agent = headers.get('User-Agent') ?? ''
    if (!agent || BOT_AGENT.test(agent)) return
    const client = `reports:${clientKey(headers.get('CF-Connecting-IP') ?? undefined)}`
    if ((this.refused.get(client) ?? 0) > this.now()) return
    const write = async () => {
      const counters = rows(new Date(this.now()).toISOString().slice(0, 10))
      if (!counters.length) return
      const written = await this.store.add(counters)
      if (!written.ok)
        log.error('traffic', 'network errors not counted', {
          rows: counters.length,
          reason: written.error.message,
        })
    }
    if (!this.limiter) return ctx.waitUntil(write())
    const decided = this.limiter.limit({ key: client }).then(({ success }) => {
      if (success) return write()
      if (this.refused.size >= REFUSED_CLIENTS_KEPT) this.refused.clear()
      const now = this.now()
      this.refused.set(client, now - (now % MINUTE_MS) + MINUTE_MS)
    }, write)
    ctx.waitUntil(decided)
  }
}

/** The group a stored type is shown in. */
export function groupOf(kind: string): NetworkErrorGroup {
  if (kind.startsWith('dns.')) return 'dns'
  if (kind === 'tcp.reset' || kind === 'tcp.closed' || kind === 'tcp.aborted') return 'reset'
  if (kind === 'tcp.timed_out') return 'timeout'
  if (kind.startsWith('tcp.')) return 'refused'
  if (kind.startsWith('tls.')) return 'secure'
  if (kind === 'http.error') return 'error-answer'
  if (kind.startsWith('http.')) return 'bad-answer'
  if (kind === 'abandoned') return 'abandoned'
  return 'other'
}

/** The Speed page's table: each group with reports, most first. */
export function networkErrorLines(totals: readonly { kind: string; count: number }[]): NetworkErrorLine[] {
  const counts = new Map<NetworkErrorGroup, number>()
  for (const { kind, count } of totals) counts.set(groupOf(kind), (counts.get(groupOf(kind)) ?? 0) + count)
  return [...counts]
    .map(([group, count]) => ({ group, count }))
    .sort(
      (a, b) =>
        b.count - a.count || NETWORK_ERROR_GROUPS.indexOf(a.group) - NETWORK_ERROR_GROUPS.indexOf(b.group),
    )
}

/** Each group's reports over the `days` UTC days that end on the day of `now`. */
export async function networkErrorReport(
  store: NetworkErrorStore,
  days: number,
  now: number,
): Promise<Result<NetworkErrorLine[]>> {
  const to = new Date(now).toISOString().slice(0, 10)
  const from = new Date(now - (days - 1) * 24 * 60 * MINUTE_MS).toISOString().slice(0, 10)
  const totals = await store.totals(from, to)
  return totals.ok ? ok(networkErrorLines(totals.value)) : totals
}
