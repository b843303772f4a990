/**
 * Traffic in Workers Analytics Engine (issue 21, the store for 10 million views a day): one data
 * point per view through the ANALYTICS binding, never awaited, read back through the SQL API.
 *
 * A point carries the view's day (also its index, which the platform samples by), its kind (a page
 * or a 404), path, source, campaign, country and locale as blobs, and as doubles its visitor's
 * HyperLogLog register and rank (lib/hyperloglog.ts), never the visitor hash itself: Analytics
 * Engine keeps every point 3 months and cannot delete one, and the issue keeps no per-visitor hash
 * once its day is counted. With 65,536 registers, a register and a rank say little about a
 * visitor, and nothing across days, since the salt they come from is deleted after its day (it is
 * kept in D1: traffic/storage/traffic.ts TrafficSalts).
 *
 * Reading is one SQL query per dimension: per day, value and register the highest rank and the
 * views (SUM(_sample_interval), which stays right when the platform samples), then per day and
 * value the views, the sum of 2^-rank and the filled registers, from which the worker estimates
 * the visitors.
 */
import { z } from 'zod'
import { hllEstimate, hllPosition } from '../../../lib/hyperloglog'
import { TRAFFIC_DIMENSIONS } from '../../../lib/traffic-dimensions'
import { errorText, fail, ok, type Result } from '../../../lib/result'
import { TimeoutError, withTimeout } from '../../../lib/timeout'
import { attempt } from '../../platform'
import {
  capOf,
  type Dimension,
  type Folded,
  type StoredView,
  type TrafficRow,
  type TrafficSalts,
  type TrafficStore,
} from './traffic'

/** Budget of one SQL API call (the console's page waits for it). */
const DAY_MS = 24 * 60 * 60 * 1000
const DAY = /^\d{4}-\d{2}-\d{2}$/

interface AnalyticsEngineConfig {
  /** The ANALYTICS binding: where views are written. */
  dataset: AnalyticsEngineDataset
  /** Its dataset's name, the table the SQL API reads (letters, digits and _). */
  table: string
  /** The SQL API's address for the account. */
  sqlUrl: string
  /** A token with Account Analytics Read. */
  token: string
  salts: TrafficSalts
}

/**
 * A view as a data point: blob1 its day, blob2 its kind (a page, a 404 or a form's start), then each dimension's
 * value in its blob (lib/traffic-dimensions.ts; a 404's path in the page's, and with the page that
 * linked to it in blob20); doubles its visitor's register and rank.
 */
function dataPoint(view: StoredView): AnalyticsEngineDataPoint {
  const kind = view.values.find(([d]) => d === 'not-found' || d === 'form-start')?.[0] ?? 'page'
  const blobs = [view.day, kind]
  for (const { blob } of TRAFFIC_DIMENSIONS) blobs[blob - 1] = ''
  for (const [dimension, value] of view.values) {
    const at =
      dimension === 'not-found' || dimension === 'form-start'
        ? PAGE_BLOB
        : dimension === 'not-found-from'
          ? NOT_FOUND_FROM_BLOB
          : TRAFFIC_DIMENSIONS.find((d) => d.name === dimension)?.blob
    if (at) blobs[at - 1] = value
  }
  const { register, rank } = hllPosition(view.visitor)
  // A 404's last blob leaves the ones between it and the dimensions' empty, not missing.
  return { indexes: [view.day], blobs: Array.from(blobs, (blob) => blob ?? ''), doubles: [register, rank] }
}

/** The blob of a page's path, which a 404's path shares. */
const PAGE_BLOB = TRAFFIC_DIMENSIONS.find((d) => d.name === 'page')!.blob
/** A 404's path with the page that linked to it: the last blob, clear of the dimensions' own. */
const NOT_FOUND_FROM_BLOB = 20

/**
 * Per dimension: which points count (by kind), and which blob is its value ('all' has none). A
 * dimension a view may lack (no campaign) counts only the points that have it.
 */
const DIMENSIONS: {
  dimension: Dimension
  kind: 'page' | 'not-found' | 'form-start'
  value: string
  where?: string
}[] = [
  { dimension: 'all', kind: 'page', value: 'blob2' },
  // A campaign form's start (issue 63): a point of its own kind, its page's path where a page's is.
  { dimension: 'form-start', kind: 'form-start', value: `blob${PAGE_BLOB}` },
  { dimension: 'not-found', kind: 'not-found', value: `blob${PAGE_BLOB}` },
  { dimension: 'not-found-from', kind: 'not-found', value: `blob${NOT_FOUND_FROM_BLOB}` },
  ...TRAFFIC_DIMENSIONS.map((d) => ({
    dimension: d.name,
    kind: 'page' as const,
    value: `blob${d.blob}`,
    where: 'optional' in d && d.optional ? `blob${d.blob} != ''` : undefined,
  })),
]

/**
 * The query of one dimension over the days `from`–`to`; `days` bounds the timestamp as well, so
 * the platform reads only those days' parts. A capped dimension (a 404's path, a source, a
 * campaign, a page: capOf) answers at most its cap per day of the period, the most viewed first
 * (security review U11): Analytics Engine keeps whatever anyone sends, so the bound is on what the
 * console reads and sorts. Every value put into the text is checked first (dates, the table name)
 * or a constant here.
 */
function dimensionSql(
  table: string,
  of: (typeof DIMENSIONS)[number],
  from: string,
  to: string,
  days: number,
) {
  const cap = capOf(of.dimension)
  const periodDays = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1
  const limit = cap ? `\nORDER BY views DESC, dim_value\nLIMIT ${cap.values * periodDays}` : ''
  return `SELECT view_day, dim_value, sum(view_count) AS views, sum(pow(2, -hll_rank)) AS rank_sum, count() AS registers
FROM (
  SELECT blob1 AS view_day, ${of.value} AS dim_value, double1 AS hll_register, max(double2) AS hll_rank,
    sum(_sample_interval) AS view_count
  FROM ${table}
  WHERE timestamp > NOW() - INTERVAL '${days}' DAY AND blob1 >= '${from}' AND blob1 <= '${to}'
    AND blob2 = '${of.kind}'${of.where ? ` AND ${of.where}` : ''}
  GROUP BY view_day, dim_value, hll_register
)
GROUP BY view_day, dim_value${limit}
FORMAT JSON`
}

/** ClickHouse's JSON writes 64-bit integers as strings: a count may come either way. */
const count = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i)]).pipe(z.coerce.number())
const answer = z.object({
  data: z.array(
    z.object({
      view_day: z.string().regex(DAY),
      dim_value: z.string(),
      views: count,
      rank_sum: count,
      registers: count,
    }),
  ),
})

export class AnalyticsEngineTrafficStore implements TrafficStore {
  readonly id: string
  /** Each view is written in the invocation that saw it: one point, well under 25 per invocation. */
  readonly viewsPerWrite = 1

  constructor(
    private readonly config: AnalyticsEngineConfig,
    /** The budget of one SQL API query (Config's analyticsSqlBudgetMs). */
    private readonly timeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.id = `analytics-engine:${config.table}@${config.sqlUrl}`
  }

  salt(day: string): Promise<Result<string>> {
    return this.config.salts.get(day)
  }

  /** One data point per view; writeDataPoint returns at once and the platform sends it later. */
  async write(views: StoredView[]): Promise<Result<void>> {
    try {
      for (const view of views) this.config.dataset.writeDataPoint(dataPoint(view))
      return ok(undefined)
    } catch (error) {
      return fail(`traffic not written: ${errorText(error)}`, true)
    }
  }

  async rows(from: string, to: string, only?: readonly Dimension[]): Promise<Result<TrafficRow[]>> {
    if (!DAY.test(from) || !DAY.test(to)) return fail(`traffic not read: bad period ${from}–${to}`)
    // Whole days back to `from`, and one more for a clock that is a little off.
    const days = Math.ceil((this.now() - Date.parse(from)) / DAY_MS) + 1
    const answers = await Promise.all(
      DIMENSIONS.filter((of) => !only || only.includes(of.dimension)).map(async (of) => {
        const read = await this.query(dimensionSql(this.config.table, of, from, to, days))
        if (!read.ok) return read
        return ok(
          read.value.map((row): TrafficRow => ({
            day: row.view_day,
            dimension: of.dimension,
            value: of.dimension === 'all' ? '' : row.dim_value,
            views: Math.round(row.views),
            visitors: Math.round(hllEstimate(row.registers, row.rank_sum)),
          })),
        )
      }),
    )
    const failed = answers.find((read) => !read.ok)
    if (failed) return failed
    return ok(answers.flatMap((read) => (read.ok ? read.value : [])))
  }

  /** There are no visitor hashes to delete here; the day's salt is deleted from D1. */
  fold(today: string): Promise<Result<Folded>> {
    return attempt('traffic not folded', async () => {
      const { meta } = await this.config.salts.deleteBefore(today).run()
      return { hashesDeleted: 0, saltsDeleted: meta.changes }
    })
  }

  /** Analytics Engine keeps its own data points for three months and drops them itself. */
  rollUp(): Promise<Result<number>> {
    return Promise.resolve(ok(0))
  }

  /** One POST of SQL text to the SQL API; its JSON answer's rows, or why there are none. */
  private async query(sql: string): Promise<Result<z.infer<typeof answer>['data']>> {
    let response: Response
    let text: string
    try {
      ;({ response, text } = await withTimeout(this.timeoutMs, async (signal) => {
        const response = await fetch(this.config.sqlUrl, {
          method: 'POST',
          headers: { Authorization: `Bearer ${this.config.token}`, 'Content-Type': 'text/plain' },
          body: sql,
          signal,
        })
        return { response, text: await response.text() }
      }))
    } catch (error) {
      const why = error instanceof TimeoutError ? error.message : errorText(error)
      return fail(`traffic not read: the Analytics Engine SQL API did not answer (${why})`, true)
    }
    if (!response.ok) {
      // A 4xx is ours to fix (a token without Account Analytics Read, a wrong account, bad SQL).
      const retryable = response.status >= 500 || response.status === 429
      return fail(
        `traffic not read: the Analytics Engine SQL API answered ${response.status} (${apiErrorOf(text)})`,
        retryable,
      )
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      return fail('traffic not read: the Analytics Engine SQL API answered something other than JSON', true)
    }
    const parsed = answer.safeParse(json)
    if (!parsed.success)
      return fail('traffic not read: the Analytics Engine SQL API answered JSON of another shape', true)
    return ok(parsed.data.data)
  }
}

/** What an error answer says: Cloudflare's `errors[].message`, else the start of its text. */
function apiErrorOf(text: string): string {
  try {
    const { errors } = JSON.parse(text) as { errors?: { message?: unknown }[] }
    const messages = errors?.map((e) => e.message).filter((m) => typeof m === 'string')
    if (messages?.length) return messages.join('; ').slice(0, 200)
  } catch {
    // not JSON: the text itself
  }
  return errorText(text) || 'no message'
}
