/**
 * Where the traffic counts live (issue 21): one small interface, two stores, and the day's salt.
 *
 * - D1 aggregates (this file, migrations/0006), the default and what `npm run dev` uses: views per
 *   day and dimension value, the day's visitor hashes that make the visitor counts exact, and the
 *   day's salt. A day is folded once it is over: its visitor counts are written down, and its
 *   hashes and salt deleted.
 * - Workers Analytics Engine (traffic-analytics-engine.ts), when its binding and the SQL API's
 *   account and token are set (traffic-backend.ts chooses): one data point per view, read back
 *   through the SQL API. Its salt is kept in D1 here too, and deleted after its day the same way.
 */
import { randomHex } from '../../../lib/hex'
import {
  FORM_START_ROW,
  NOT_FOUND_ROWS,
  type FormStartRowName,
  TRAFFIC_DIMENSIONS,
  type NotFoundRowName,
  type TrafficDimension,
  type TrafficDimensionName,
} from '../../../lib/traffic-dimensions'
import type { Result } from '../../../lib/result'
import { attempt } from '../../platform'

/**
 * What a row counts: every view of a page ('all'), a 404's path, a 404's path with the page that
 * linked to it ('not-found-from', for the 404 inbox's top referrer), a campaign form's start by its
 * page ('form-start'), or a value of a traffic dimension.
 */
export type Dimension = 'all' | NotFoundRowName | FormStartRowName | TrafficDimensionName

/**
 * One view as stored: its day, its visitor's hash, its client's (the day-salted hash of the address
 * or IPv6 /64, whatever user agent it sends), and the dimension values it counts for.
 */
export interface StoredView {
  day: string
  visitor: string
  client: string
  values: [Dimension, string][]
}

export interface TrafficRow {
  day: string
  dimension: Dimension
  value: string
  views: number
  visitors: number
}

/** What folding the days before today removed: visitor hashes (D1 only) and salts. */
export interface Folded {
  hashesDeleted: number
  saltsDeleted: number
}

/** A traffic store: the counter writes to it (traffic/services/traffic.ts), the console reads it (traffic-report.ts). */
export interface TrafficStore {
  /** Names the store ("d1", "analytics-engine:<dataset>@<SQL API>"), for logs and tests. */
  readonly id: string
  /**
   * How many views one write may carry. The counter buffers up to this many: D1 takes them in
   * batches; Analytics Engine takes 1, so each view is written in the invocation that saw it.
   */
  readonly viewsPerWrite: number
  /** The salt of `day` (YYYY-MM-DD), made on first use. */
  salt(day: string): Promise<Result<string>>
  write(views: StoredView[]): Promise<Result<void>>
  /** Every row of the days from `from` to `to` (YYYY-MM-DD, inclusive); with `only`, those dimensions'. */
  rows(from: string, to: string, only?: readonly Dimension[]): Promise<Result<TrafficRow[]>>
  /** Ends every day before `today`: nothing that could tell one visitor from another outlives it. */
  fold(today: string): Promise<Result<Folded>>
  /** Rolls the folded days before `day` up to their months; how many daily rows that took. */
  rollUp(day: string): Promise<Result<number>>
}

/** D1 takes at most 100 bound parameters per statement: 4 per visitor row, and OTHER_VALUE. */
const ROWS_PER_INSERT = 24
/** Views per D1 batch (also what an isolate may lose if it dies before writing). */
const D1_VIEWS_PER_WRITE = 200

/** The day's random salt, in D1 for that day only (both stores use it). */
export class TrafficSalts {
  constructor(private readonly db: D1Database) {}

  /** The salt of `day`, made on first use (the first writer wins a race). */
  get(day: string): Promise<Result<string>> {
    return attempt('traffic salt unavailable', async () => {
      const [, row] = await this.db.batch<{ salt: string }>([
        this.db
          .prepare('INSERT OR IGNORE INTO traffic_salts (day, salt) VALUES (?, ?)')
          .bind(day, randomHex(32)),
        this.db.prepare('SELECT salt FROM traffic_salts WHERE day = ?').bind(day),
      ])
      return row!.results[0]!.salt
    })
  }

  /** Deletes the salts of every day before `today`. */
  deleteBefore(today: string): D1PreparedStatement {
    return this.db.prepare('DELETE FROM traffic_salts WHERE day < ?').bind(today)
  }
}

/** How each row's values are capped (lib/traffic-dimensions.ts `capped`): the dimensions' and a 404's two. */
const CAPPED = new Map<Dimension, TrafficDimension['capped']>(
  [...TRAFFIC_DIMENSIONS, ...NOT_FOUND_ROWS, FORM_START_ROW].map((row) => [
    row.name,
    'capped' in row ? row.capped : undefined,
  ]),
)
/** The values a free-text dimension keeps a day (one more row, OTHER_VALUE, takes the rest). */
export const VALUES_PER_DAY = 200
/**
 * The new free-text values one client (address or IPv6 /64) may bring into a day, per dimension
 * (security review U11): a tenth of VALUES_PER_DAY, so one scanner cannot fill the day's 404 paths
 * and turn every real miss after it into OTHER_VALUE. A person sends a handful.
 */
export const VALUES_PER_CLIENT = 20
/**
 * The pages a day keeps (security review U2). A page's value is the served route's own path
 * (site/views.ts), so it is one of the site's pages; the cap is the ceiling
 * should anything else ever reach it.
 */
export const PAGES_PER_DAY = 1_000
export const OTHER_VALUE = '(other)'

/**
 * How many values a day of `dimension` keeps, and whether each client gets only a share; null: no
 * cap. Analytics Engine reads back at most that many a day (traffic-analytics-engine.ts).
 */
export function capOf(dimension: Dimension): { values: number; perClient: boolean } | null {
  const capped = CAPPED.get(dimension)
  if (capped === 'free-text') return { values: VALUES_PER_DAY, perClient: true }
  if (capped === 'pages') return { values: PAGES_PER_DAY, perClient: false }
  return null
}

export class D1TrafficStore implements TrafficStore {
  readonly id = 'd1'
  readonly viewsPerWrite = D1_VIEWS_PER_WRITE
  private readonly salts: TrafficSalts

  constructor(private readonly db: D1Database) {
    this.salts = new TrafficSalts(db)
  }

  salt(day: string): Promise<Result<string>> {
    return this.salts.get(day)
  }

  /**
   * Writes a batch of views as one transaction: the view counts, and the visitors not yet seen.
   * A capped dimension (capOf) keeps at most its cap of values a day, and a free-text one takes
   * at most VALUES_PER_CLIENT new values a day from one client (traffic_claims says who brought
   * each); a new value past either counts as OTHER_VALUE, so whatever anyone sends, a day has a
   * fixed ceiling of rows, and no one client fills it. The choice is made inside the transaction,
   * row by row, so batches written at once by many isolates cannot each see room and together
   * pass the cap.
   */
  async write(views: StoredView[]): Promise<Result<void>> {
    const counts = new Map<string, number>()
    const seen = new Set<string>()
    for (const view of views) {
      for (const [dimension, value] of view.values) {
        // Who brought a value matters only where each client has a share.
        const client = capOf(dimension)?.perClient ? view.client : ''
        const key = JSON.stringify([view.day, dimension, value, client])
        counts.set(key, (counts.get(key) ?? 0) + 1)
        seen.add(JSON.stringify([view.day, view.visitor, dimension, value]))
      }
    }
    const statements = [...counts].flatMap(([key, n]) => {
      const [day, dimension, value, client] = JSON.parse(key) as [string, Dimension, string, string]
      return this.counted(day, dimension, value, client, n)
    })
    // Written after the counts, so a value the cap turned away is no row of traffic_daily here.
    const rows = [...seen].map((key) => JSON.parse(key) as string[])
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      const chunk = rows.slice(i, i + ROWS_PER_INSERT)
      statements.push(
        this.db
          .prepare(
            `INSERT OR IGNORE INTO traffic_seen (day, visitor, dimension, value)
             SELECT v.column1, v.column2, v.column3, CASE WHEN EXISTS (SELECT 1 FROM traffic_daily d
                 WHERE d.day = v.column1 AND d.dimension = v.column3 AND d.value = v.column4)
               THEN v.column4 ELSE ? END
             FROM (VALUES ${chunk.map(() => '(?, ?, ?, ?)').join(', ')}) v`,
          )
          .bind(OTHER_VALUE, ...chunk.flat()),
      )
    }
    return attempt('traffic not written', async () => {
      if (statements.length) await this.db.batch(statements)
    })
  }

  /**
   * The statements that count `n` views of `value`: as itself when the day already has it or has
   * room for it (and, for a free-text dimension, `client` has its share left, which it then
   * claims), else as OTHER_VALUE.
   */
  private counted(day: string, dimension: Dimension, value: string, client: string, n: number) {
    const cap = capOf(dimension)
    const upsert = (kept: string) =>
      this.db
        .prepare(
          `INSERT INTO traffic_daily (day, dimension, value, views)
           SELECT ?1, ?2, CASE WHEN ${kept} THEN ?3 ELSE ?5 END, ?4
           WHERE true
           ON CONFLICT (day, dimension, value) DO UPDATE SET views = views + ?4`,
        )
        .bind(day, dimension, value, n, OTHER_VALUE)
    if (!cap) return [upsert('true')]
    // The caps are this file's constants (integers), written into the text.
    const already = 'EXISTS (SELECT 1 FROM traffic_daily WHERE day = ?1 AND dimension = ?2 AND value = ?3)'
    const room = `(SELECT COUNT(*) FROM traffic_daily WHERE day = ?1 AND dimension = ?2) < ${cap.values}`
    if (!cap.perClient) return [upsert(`${already} OR ${room}`)]
    return [
      this.db
        .prepare(
          `INSERT OR IGNORE INTO traffic_claims (day, dimension, value, client)
           SELECT ?1, ?2, ?3, ?4
           WHERE NOT ${already} AND ${room} AND (SELECT COUNT(*) FROM traffic_claims
             WHERE day = ?1 AND dimension = ?2 AND client = ?4) < ${VALUES_PER_CLIENT}`,
        )
        .bind(day, dimension, value, client),
      upsert(
        `${already} OR EXISTS (SELECT 1 FROM traffic_claims WHERE day = ?1 AND dimension = ?2 AND value = ?3)`,
      ),
    ]
  }

  /** Every row of the days from `from` to `to` (YYYY-MM-DD, inclusive), visitors live for unfolded days. */
  rows(from: string, to: string, only?: readonly Dimension[]): Promise<Result<TrafficRow[]>> {
    return attempt('traffic not read', async () => {
      const { results } = await this.db
        .prepare(
          `SELECT d.day, d.dimension, d.value, d.views,
             CASE WHEN d.folded = 1 THEN d.visitors ELSE (SELECT COUNT(*) FROM traffic_seen s
               WHERE s.day = d.day AND s.dimension = d.dimension AND s.value = d.value) END AS visitors
           FROM traffic_daily d WHERE d.day BETWEEN ?1 AND ?2
             AND (?3 IS NULL OR d.dimension IN (SELECT value FROM json_each(?3)))`,
        )
        .bind(from, to, only ? JSON.stringify(only) : null)
        .all<TrafficRow>()
      return results
    })
  }

  /**
   * Folds every day before `today`: its visitor counts written down, then its visitor hashes and
   * salt deleted, so nothing that could tell one visitor from another outlives its day.
   */
  fold(today: string): Promise<Result<Folded>> {
    return attempt('traffic not folded', async () => {
      const [, hashes, , salts] = await this.db.batch([
        this.db
          .prepare(
            `UPDATE traffic_daily SET folded = 1, visitors = (SELECT COUNT(*) FROM traffic_seen s
               WHERE s.day = traffic_daily.day AND s.dimension = traffic_daily.dimension AND s.value = traffic_daily.value)
             WHERE day < ?1 AND folded = 0`,
          )
          .bind(today),
        this.db.prepare('DELETE FROM traffic_seen WHERE day < ?').bind(today),
        this.db.prepare('DELETE FROM traffic_claims WHERE day < ?').bind(today),
        this.salts.deleteBefore(today),
      ])
      return { hashesDeleted: hashes!.meta.changes, saltsDeleted: salts!.meta.changes }
    })
  }

  /**
   * Rolls every folded day before `day` up to its month (traffic_monthly), in one transaction:
   * the month's rows gain the days' views and visitors, and the daily rows go.
   */
  rollUp(day: string): Promise<Result<number>> {
    return attempt('traffic not rolled up', async () => {
      const [, deleted] = await this.db.batch([
        this.db
          .prepare(
            `INSERT INTO traffic_monthly (month, dimension, value, views, visitors)
             SELECT substr(day, 1, 7), dimension, value, SUM(views), SUM(visitors) FROM traffic_daily
             WHERE day < ?1 AND folded = 1 GROUP BY 1, 2, 3
             ON CONFLICT (month, dimension, value) DO UPDATE
               SET views = views + excluded.views, visitors = visitors + excluded.visitors`,
          )
          .bind(day),
        this.db.prepare('DELETE FROM traffic_daily WHERE day < ? AND folded = 1').bind(day),
      ])
      return deleted!.meta.changes
    })
  }
}
