/**
 * A local stand-in for Workers Analytics Engine, for the worker tests (the real one cannot be
 * reached from here, and the local binding is a simulator that stores nothing):
 *
 * - Ingestion, modelled: POST /__points `{ account, dataset, points, sampleInterval? }` stores
 *   the data points a test's recording ANALYTICS binding collected (what `writeDataPoint` hands
 *   the platform), as the platform does: `timestamp` now, `index1`, `blob1`…`blob20` ('' when
 *   absent), `double1`…`double20` (0 when absent), and `_sample_interval`. It refuses what the
 *   platform refuses (over 20 blobs or doubles, over 1 index, an index over 96 bytes).
 *   `sampleInterval: k` samples as the platform does at volume: it keeps every k-th point, with
 *   `_sample_interval` k, so only a query that sums `_sample_interval` counts them right.
 * - The SQL API, as documented: POST /client/v4/accounts/<account id>/analytics_engine/sql with
 *   `Authorization: Bearer <token>` and the SQL as the body. Only TOKEN is accepted; anything
 *   else answers 401 with Cloudflare's error JSON. The answer is the JSON format: `{ meta: [{
 *   name, type }], data: [{…}], rows }`, with 64-bit integers as strings, as ClickHouse writes
 *   them. Tokens that script a broken API: `drop:*` (the connection is closed unanswered, as when
 *   the API is down), `garbage:*` (200 that is not JSON), `error:*` (500).
 *
 * The SQL is run by SQLite (node:sqlite) over one in-memory table with the dataset's documented
 * columns, after translating only what our queries use that SQLite lacks: `FORMAT JSON`,
 * `count()`, `NOW() - INTERVAL 'N' DAY`, `pow`, and the dataset's name as a table (this
 * account's points of that dataset; a dataset never written to reads as empty).
 */
import { createServer, type ServerResponse } from 'node:http'
import { DatabaseSync, type SQLOutputValue } from 'node:sqlite'
import { listenLocal, readBody } from './http.ts'

export const TOKEN = 'stand-in-analytics-read-token'
const SQL_PATH = /^\/client\/v4\/accounts\/([0-9a-f]{32})\/analytics_engine\/sql$/
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/
const DAY_MS = 24 * 60 * 60 * 1000
const BLOBS = Array.from({ length: 20 }, (_, i) => `blob${i + 1}`)
const DOUBLES = Array.from({ length: 20 }, (_, i) => `double${i + 1}`)

/** A data point as `writeDataPoint` takes it (ArrayBuffer blobs are not used here). */
export interface DataPoint {
  indexes?: (string | null)[]
  blobs?: (string | null)[]
  doubles?: number[]
}

export interface Ingest {
  account: string
  dataset: string
  points: DataPoint[]
  sampleInterval?: number
}

const cloudflareError = (code: number, message: string) =>
  JSON.stringify({ success: false, errors: [{ code, message }], messages: [], result: null })

/** The SQL our store sends, as SQLite runs it over this account's points. */
function translate(sql: string, account: string, now: number): string {
  let text = sql.trim().replace(/;$/, '')
  const format = /\bFORMAT\s+(\w+)\s*$/i.exec(text)
  if (format && format[1]!.toUpperCase() !== 'JSON') throw new Error(`the stand-in speaks FORMAT JSON only`)
  text = text.replace(/\bFORMAT\s+\w+\s*$/i, '')
  text = text.replace(/\bcount\(\s*\)/gi, 'count(*)')
  text = text.replace(
    /\bNOW\(\)\s*-\s*INTERVAL\s+'(\d+)'\s+DAY\b/gi,
    (_, n: string) => `(${now - Number(n) * DAY_MS})`,
  )
  return text.replace(/\bFROM\s+([A-Za-z_][A-Za-z0-9_]*)/gi, (_, dataset: string) => {
    if (!IDENTIFIER.test(dataset)) throw new Error(`bad table ${dataset}`)
    return `FROM (SELECT * FROM points WHERE account = '${account}' AND dataset = '${dataset}') AS ${dataset}`
  })
}

/** ClickHouse's type of a result column, and the value as its JSON format writes it. */
function typed(value: SQLOutputValue): { type: string; json: unknown } {
  if (typeof value === 'string') return { type: 'String', json: value }
  if (typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value)))
    return { type: 'UInt64', json: String(value) }
  if (typeof value === 'number') return { type: 'Float64', json: value }
  return { type: 'Nullable(String)', json: null }
}

export async function startFakeAnalyticsSql(port = 0) {
  const db = new DatabaseSync(':memory:')
  db.exec(`CREATE TABLE points (account TEXT, dataset TEXT, timestamp INTEGER, _sample_interval INTEGER,
    index1 TEXT, ${BLOBS.map((b) => `${b} TEXT`).join(', ')}, ${DOUBLES.map((d) => `${d} REAL`).join(', ')})`)
  db.function('pow', { deterministic: true }, (base, exponent) => Math.pow(Number(base), Number(exponent)))
  const insert = db.prepare(
    `INSERT INTO points VALUES (${Array.from({ length: 5 + BLOBS.length + DOUBLES.length }, () => '?').join(', ')})`,
  )

  const send = (res: ServerResponse, status: number, body: string, type = 'application/json') =>
    void res.writeHead(status, { 'Content-Type': type }).end(body)

  function ingest({ account, dataset, points, sampleInterval = 1 }: Ingest): string | undefined {
    if (!IDENTIFIER.test(dataset)) return 'bad dataset'
    const now = Date.now()
    for (const [i, point] of points.entries()) {
      const { indexes = [], blobs = [], doubles = [] } = point
      if (indexes.length > 1) return 'more than 1 index'
      if (new TextEncoder().encode(indexes[0] ?? '').length > 96) return 'index over 96 bytes'
      if (blobs.length > 20 || doubles.length > 20) return 'more than 20 blobs or doubles'
      if (i % sampleInterval !== 0) continue
      insert.run(
        account,
        dataset,
        now,
        sampleInterval,
        indexes[0] ?? '',
        ...BLOBS.map((_, j) => blobs[j] ?? ''),
        ...DOUBLES.map((_, j) => doubles[j] ?? 0),
      )
    }
    return undefined
  }

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname
      const body = await readBody(req)
      if (req.method === 'POST' && path === '/__points') {
        const refused = ingest(JSON.parse(body) as Ingest)
        return refused ? send(res, 400, refused, 'text/plain') : void res.writeHead(204).end()
      }
      const account = SQL_PATH.exec(path)?.[1]
      if (!account) return send(res, 404, cloudflareError(7000, 'No route for that URI'))
      if (req.method !== 'POST') return send(res, 405, cloudflareError(7001, 'Method not allowed'))
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? ''
      if (token.startsWith('drop:')) return void req.socket.destroy()
      if (token.startsWith('garbage:')) return send(res, 200, '<h1>Bad gateway', 'text/html')
      if (token.startsWith('error:')) return send(res, 500, cloudflareError(10001, 'Internal error'))
      if (token !== TOKEN) return send(res, 401, cloudflareError(10000, 'Authentication error'))
      let rows: Record<string, SQLOutputValue>[]
      let columns: string[]
      try {
        const statement = db.prepare(translate(body, account, Date.now()))
        columns = statement.columns().map((column) => column.name)
        rows = statement.all()
      } catch (error) {
        return send(res, 422, `Code: 62. DB::Exception: ${(error as Error).message}`, 'text/plain')
      }
      const meta = columns.map((name) => ({
        name,
        type: rows.length ? typed(rows[0]![name]!).type : 'String',
      }))
      const data = rows.map((row) =>
        Object.fromEntries(columns.map((name) => [name, typed(row[name]!).json])),
      )
      send(res, 200, JSON.stringify({ meta, data, rows: data.length }))
    })()
  })
  return listenLocal(server, port)
}
