/**
 * Every console page and job at one size of the lead table (VITE_SCALE_LEADS, default 1,000),
 * inside workerd with its local D1, through the worker itself (app.request, and each scheduled
 * job as the handler runs it). Per row: the request's time (median of 5), what D1 reports for its statements in that
 * run (meta.duration and meta.rows_read, what D1 bills), and the answer's size. Figures are posted
 * to the collector (bench/render-cost/collect.ts) for bench/lib/scale.mjs to print.
 */
import {
  applyD1Migrations,
  createExecutionContext,
  env,
  waitOnExecutionContext,
  type D1Migration,
} from 'cloudflare:test'
import { expect, inject, it } from 'vitest'
import { sha256Hex } from '../../src/lib/hex'
import type { Bindings } from '../../src/env'
import { resetIsolate, servicesFor } from '../../src/server/isolate'
import { runJob, type Job } from '../../src/server/maintenance'
import { passwordSessionTag } from '../../src/server/people/services/access'
import { app } from '../../src/worker'
import { CAMPAIGN_PAGES, seedLeads, seedTraffic } from './seed'

const LEADS = Number(import.meta.env.VITE_SCALE_LEADS ?? 1000)
const RUNS = 5
const ORIGIN = 'https://example.com'
const TOKEN = 'b2'.repeat(32)
const bindings = env as unknown as Bindings & { TEST_MIGRATIONS: D1Migration[] }

interface Figures {
  ms: number
  d1Ms: number
  rowsRead: number
  statements: number
  bytes: number
  status: number
}

/** The database binding, adding up what D1 reports for every statement run through it. */
function meteredDb(db: D1Database) {
  const total = { d1Ms: 0, rowsRead: 0, statements: 0 }
  const add = (meta: { duration?: number; rows_read?: number } | undefined) => {
    total.d1Ms += meta?.duration ?? 0
    total.rowsRead += meta?.rows_read ?? 0
    total.statements += 1
  }
  const metered = (statement: D1PreparedStatement): D1PreparedStatement => {
    const { bind, all, run, raw } = statement
    return Object.assign(statement, {
      bind: (...values: unknown[]) => metered(bind.apply(statement, values)),
      all: async () => {
        const result = await all.apply(statement)
        add(result.meta)
        return result
      },
      run: async () => {
        const result = await run.apply(statement)
        add(result.meta)
        return result
      },
      // first() and raw() report no meta: run them as all() to see it.
      first: async (column?: string) => {
        const { results, meta } = await all.apply(statement)
        add(meta)
        const row = (results[0] ?? null) as Record<string, unknown> | null
        return column ? (row?.[column] ?? null) : row
      },
      raw: raw.bind(statement),
    })
  }
  // The console reads through a session (console/d1-session.ts): its statements count too.
  const wrap = <T extends D1Database | D1DatabaseSession>(target: T): T =>
    new Proxy(target, {
      get(on, key) {
        if (key === 'prepare') return (sql: string) => metered(on.prepare(sql))
        if (key === 'withSession')
          return (constraint?: string) => wrap((on as D1Database).withSession(constraint))
        if (key === 'batch')
          return async (statements: D1PreparedStatement[]) => {
            const results = await on.batch(statements)
            for (const result of results) add(result.meta)
            return results
          }
        const value: unknown = Reflect.get(on, key, on)
        return typeof value === 'function' ? value.bind(on) : value
      },
    })
  const proxy = wrap(db)
  return { db: proxy, total }
}

/** Reads a body to its end without keeping it: its size in bytes. */
async function drain(body: ReadableStream<Uint8Array> | null): Promise<number> {
  let bytes = 0
  const reader = body?.getReader()
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read())
    bytes += read.value.byteLength
  return bytes
}

async function once(path: string, init: RequestInit = {}): Promise<Figures> {
  const { db, total } = meteredDb(bindings.DB)
  const ctx = createExecutionContext()
  const started = performance.now()
  const response = await app.request(
    ORIGIN + path,
    { ...init, headers: { Cookie: `__Host-admin_session=${TOKEN}`, ...init.headers } },
    { ...bindings, DB: db },
    ctx,
  )
  const bytes = await drain(response.body)
  const ms = performance.now() - started
  await waitOnExecutionContext(ctx)
  return { ms, ...total, bytes, status: response.status }
}

async function job(name: Job, now: Date): Promise<Figures> {
  const { db, total } = meteredDb(bindings.DB)
  const ctx = createExecutionContext()
  const started = performance.now()
  // The one job alone, as the Cron Trigger runs it when its time makes it due.
  await runJob(name, servicesFor({ ...bindings, DB: db }), now)
  await waitOnExecutionContext(ctx)
  return { ms: performance.now() - started, ...total, bytes: 0, status: 0 }
}

/** The run with the median time of RUNS. */
async function median(path: string | ((run: number) => string), init?: (run: number) => RequestInit) {
  const runs: Figures[] = []
  for (let run = 0; run < RUNS; run++)
    runs.push(await once(typeof path === 'string' ? path : path(run), init?.(run)))
  return runs.sort((a, b) => a.ms - b.ms)[Math.floor(RUNS / 2)]!
}

const post = {
  method: 'POST',
  headers: { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', Referer: `${ORIGIN}/admin/leads` },
}
const leadId = (i: number) => `seed-${String(i).padStart(8, '0')}`
/** The run-th newest seeded lead with i % 200 = remainder (seed.ts: 1 is dead, 2 is held). */
const nth = (remainder: number, run: number) => leadId(LEADS - 200 + remainder - 200 * run)

it(`measures the console at ${LEADS} leads`, async () => {
  const now = new Date()
  await applyD1Migrations(bindings.DB, bindings.TEST_MIGRATIONS)
  await seedLeads(bindings.DB, 0, LEADS, LEADS, now)
  await seedTraffic(bindings.DB, now)
  await bindings.DB.batch([
    bindings.DB.prepare("INSERT INTO admins (id, name, created_at) VALUES ('bench', 'admin', ?)").bind(
      now.toISOString(),
    ),
    bindings.DB.prepare(
      `INSERT INTO admin_sessions (token_hash, admin_id, created_at, last_seen_at, expires_at, password_tag)
       VALUES (?, 'bench', ?, ?, ?, ?)`,
    ).bind(
      await sha256Hex(TOKEN),
      now.toISOString(),
      now.toISOString(),
      new Date(now.getTime() + 86_400_000).toISOString(),
      await passwordSessionTag('bench-admin-password'),
    ),
  ])
  await resetIsolate()
  // Page 500's cursor: the last row of page 499 (an OFFSET here, in the bench only).
  const edge = await bindings.DB.prepare(
    'SELECT received_at AS at, seq FROM leads ORDER BY received_at DESC, seq DESC LIMIT 1 OFFSET ?',
  )
    .bind(Math.min(LEADS - 1, 499 * 50 - 1))
    .first<{ at: string; seq: number }>()
  const recent = leadId(LEADS - 2) // i % 3 = 1 or 2: not spam
  const email = encodeURIComponent(`buyer${LEADS - 2}@brand${(LEADS - 2) % 997}.example`)

  const rows: [string, Figures][] = []
  const measure = async (
    name: string,
    path: string | ((run: number) => string),
    init?: (run: number) => RequestInit,
  ) => {
    const figures = await median(path, init)
    expect(figures.status, name).toBeLessThan(400)
    rows.push([name, figures])
  }
  await measure('overview /admin', '/admin')
  await measure('leads, first page', '/admin/leads')
  await measure(
    'leads, page 500',
    `/admin/leads?page=500&older=${encodeURIComponent(`${edge!.at}~${edge!.seq}`)}`,
  )
  for (const status of ['delivered', 'spam', 'dead', 'held', 'erased', 'accepted'])
    await measure(`leads, status ${status}`, `/admin/leads?status=${status}`)
  await measure('leads, delivered by the second channel', '/admin/leads?via=sales-email')
  await measure('search by e-mail', `/admin/leads?q=${email}`)
  await measure('search by name', '/admin/leads?q=Farah%20Novak')
  await measure('search a word of the inquiry', '/admin/leads?q=winter')
  await measure('search a word that is nowhere', '/admin/leads?q=zzyzx')
  // Review T7: words every lead shares (both prefixes: 8 and 3 letters), and a rare status among them.
  await measure('search a word every lead shares', '/admin/leads?q=showroom')
  await measure('search a short word every lead shares', '/admin/leads?q=for')
  await measure('search a word every lead shares, status dead', '/admin/leads?q=showroom&status=dead')
  // Sales' campaign filters and search (migrations/0040), over seed.ts's pages and campaigns.
  for (const [name, path] of Object.entries(CAMPAIGN_PAGES)) await measure(name, path)
  await measure("a lead's page", `/admin/leads/${recent}`)
  await measure(
    'Send again',
    (run) => `/admin/leads/${nth(1, run)}/send-again`,
    () => post,
  )
  await measure(
    'Erase',
    (run) => `/admin/leads/${nth(2, run)}/erase`,
    () => post,
  )
  await measure('CSV, dead leads', '/admin/leads.csv?status=dead')
  for (const days of [7, 30, 90]) await measure(`traffic, ${days} days`, `/admin/traffic?days=${days}`)
  await measure('traffic CSV, 90 days', '/admin/traffic.csv?days=90')
  rows.push(['CSV, every lead (once)', await once('/admin/leads.csv')])
  rows.push(['sweep job (once)', await job('sweep', now)])
  rows.push(['retention job (once)', await job('retention', now)])

  // The database's size as D1 reports it (meta.size_after), against D1's 10 GB per database.
  const { meta } = await bindings.DB.prepare('SELECT 1').run()
  const dbBytes = (meta as { size_after?: number }).size_after ?? 0
  const response = await fetch(inject('renderCostCollector'), {
    method: 'POST',
    body: JSON.stringify({ leads: LEADS, rows, dbBytes }),
  })
  expect(response.status).toBe(204)
})
