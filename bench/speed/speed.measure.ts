/**
 * Field speed's costs (issue 62), inside workerd with its local D1:
 * 1. one beacon's ingestion in the collector (traffic/services/vitals.ts record: the bot check,
 *    the browser family, five buckets and their counters), timed in batches between KV reads as
 *    bench/render-cost does; and the batch write later, per beacon;
 * 2. the Speed page (/admin/speed, through the worker itself) with 1 day of histograms and with
 *    400, seeded straight into D1 (ROWS_PER_DAY rows a day): the median of RUNS requests, and what
 *    D1 reports it read.
 * Figures are posted to the collector (bench/render-cost/collect.ts) for bench/lib/speed.mjs.
 */
import { applyD1Migrations, createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test'
import type { D1Migration } from 'cloudflare:test'
import { expect, inject, it } from 'vitest'
import type { Bindings } from '../../src/env'
import { sha256Hex } from '../../src/lib/hex'
import { resetIsolate } from '../../src/server/isolate'
import { passwordSessionTag } from '../../src/server/people/services/access'
import { VitalsBuffer, VitalsCollector } from '../../src/server/traffic/services/vitals'
import { D1VitalsStore } from '../../src/server/traffic/storage/vitals'
import { app } from '../../src/worker'
import { measure } from '../render-cost/timing'

const ROWS_PER_DAY = Number(import.meta.env.VITE_SPEED_ROWS_PER_DAY ?? 2_000)
const RUNS = 9
const ORIGIN = 'https://example.com'
const TOKEN = 'c3'.repeat(32)
const bindings = env as unknown as Bindings & { TEST_MIGRATIONS: D1Migration[] }
const CHROME =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Mobile Safari/537.36'
const DAY = 24 * 60 * 60 * 1000

/**
 * `days` days of histograms ending today, ROWS_PER_DAY rows each: 20 pages × 5 metrics × 20
 * buckets, spread over the devices and continents, as a busy site's day might hold.
 */
async function seed(days: number) {
  await bindings.DB.batch(
    ['vitals_daily', 'vitals_days', 'vitals_windows', 'vitals_windows_built', 'vitals_day_figures'].map(
      (table) => bindings.DB.prepare(`DELETE FROM ${table}`),
    ),
  )
  const today = new Date().toISOString().slice(0, 10)
  await bindings.DB.prepare(
    `WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < ?2 - 1),
       r(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM r WHERE k < ?3 - 1)
     INSERT INTO vitals_daily (day, page, metric, device, region, nav, browser, bucket, count)
     SELECT date(?1, '-' || n || ' days'), '/p' || (k % 20),
       CASE (k / 20) % 5 WHEN 0 THEN 'LCP' WHEN 1 THEN 'INP' WHEN 2 THEN 'CLS' WHEN 3 THEN 'FCP' ELSE 'TTFB' END,
       CASE k % 3 WHEN 0 THEN 'phone' WHEN 1 THEN 'tablet' ELSE 'desktop' END,
       CASE k % 7 WHEN 0 THEN 'AF' WHEN 1 THEN 'AS' WHEN 2 THEN 'EU' WHEN 3 THEN 'NA' WHEN 4 THEN 'OC' WHEN 5 THEN 'SA' ELSE 'unknown' END,
       'navigate', 'chromium', 60 + k / 100, 1 + k % 50
     FROM d, r`,
  )
    .bind(today, days, ROWS_PER_DAY)
    .run()
  const rows = await bindings.DB.prepare('SELECT COUNT(*) AS n FROM vitals_daily').first<number>('n')
  expect(rows).toBe(days * ROWS_PER_DAY)
  return rows ?? 0
}

/** One request of the Speed page, timed to its last byte, with what D1 says it read. */
async function speedPage(days: number) {
  const runs: { ms: number; bytes: number }[] = []
  let firstMs = 0
  for (let run = 0; run < RUNS + 2; run++) {
    const ctx = createExecutionContext()
    const started = performance.now()
    const response = await app.request(
      `${ORIGIN}/admin/speed?days=${days}`,
      { headers: { Cookie: `__Host-admin_session=${TOKEN}` } },
      bindings,
      ctx,
    )
    const bytes = (await response.arrayBuffer()).byteLength
    const ms = performance.now() - started
    await waitOnExecutionContext(ctx)
    expect(response.status).toBe(200)
    // The first sums the window (the day's first read, unless the daily job did); the second warms up.
    if (run === 0) firstMs = ms
    if (run >= 2) runs.push({ ms, bytes })
  }
  const sorted = runs.sort((a, b) => a.ms - b.ms)
  return {
    ...sorted[Math.floor(sorted.length / 2)]!,
    minMs: sorted[0]!.ms,
    maxMs: sorted.at(-1)!.ms,
    firstMs,
  }
}

it('measures field speed’s ingestion and the Speed page at 1 and 400 days', async () => {
  const now = new Date()
  await applyD1Migrations(bindings.DB, bindings.TEST_MIGRATIONS)
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
      new Date(now.getTime() + DAY).toISOString(),
      await passwordSessionTag('bench-admin-password'),
    ),
  ])
  await resetIsolate()

  // 1. One beacon: five metrics of a known page from a phone in South America.
  const collector = new VitalsCollector(new D1VitalsStore(bindings.DB), new VitalsBuffer(), {
    flushEveryMs: 600_000,
  })
  const noWait = { waitUntil: () => {} }
  const headers = new Headers({ 'User-Agent': CHROME, 'CF-Connecting-IP': '203.0.113.7' })
  let i = 0
  const beacon = () => ({
    page: '/about-us',
    known: true,
    nav: 'navigate' as const,
    device: 'phone' as const,
    region: 'SA',
    headers,
    // Values that move, so the buckets (and the counters' keys) vary as real ones do.
    metrics: {
      LCP: 1_500 + (i % 97) * 40,
      INP: 80 + (i % 89),
      CLS: (i % 13) / 100,
      FCP: 900 + (i % 83) * 10,
      TTFB: 200 + (i++ % 79),
    },
  })
  await collector.record(beacon(), noWait)
  await collector.flush()
  const ingest = await measure(500, () => collector.record(beacon(), noWait))
  await collector.flush()
  const write = await measure(1, async () => {
    for (let n = 0; n < 200; n++) await collector.record(beacon(), noWait)
    await collector.flush()
  })

  // 2. The Speed page at 1 day and at 400 days of histograms.
  const pages: Record<string, unknown>[] = []
  for (const days of [1, 28, 400]) {
    const rows = await seed(days)
    for (const period of [28, 7]) pages.push({ days, rows, period, ...(await speedPage(period)) })
  }

  const response = await fetch(inject('renderCostCollector'), {
    method: 'POST',
    body: JSON.stringify({
      rowsPerDay: ROWS_PER_DAY,
      ingest,
      write: { ...write, medianMs: write.medianMs / 200, minMs: write.minMs / 200, maxMs: write.maxMs / 200 },
      pages,
    }),
  })
  expect(response.status).toBe(204)
})
