/**
 * Field speed (issue 62): the beacon's guards, the histograms' accuracy against synthetic beacons
 * drawn from known distributions, the day's ceiling under a hostile wave, and no cookie ever.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { VitalsBuffer, VitalsCollector, type VitalsReport } from '../../../src/server/traffic/services/vitals'
import { bucketOf, METRICS, type Metric } from '../../../src/server/traffic/services/vitals-histogram'
import { D1VitalsStore, VITALS_ROWS_PER_DAY } from '../../../src/server/traffic/storage/vitals'
import {
  callApp,
  env,
  roomInRateWindow,
  runScheduledJob,
  SAME_ORIGIN,
  servicesOf,
  uniqueIpv4,
} from '../support'
import { waveSize } from '../../support/fuzz'
import { CHROME, collectingContext } from '../support/traffic'

const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 26_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.2 Mobile/15E148 Safari/604.1'

/** A deterministic generator (mulberry32), so every run draws the same beacons. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A log-normal draw of median `median` and shape `sigma` (Box–Muller). */
const logNormal = (next: () => number, median: number, sigma: number) =>
  median * Math.exp(sigma * Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()))

/** Each metric's known distribution: log-normal, and CLS zero on 30 % of views, as real pages are. */
const DISTRIBUTIONS: Record<Metric, (next: () => number) => number> = {
  LCP: (next) => logNormal(next, 2_200, 0.6),
  INP: (next) => logNormal(next, 140, 0.8),
  CLS: (next) => (next() < 0.3 ? 0 : logNormal(next, 0.06, 1)),
  FCP: (next) => logNormal(next, 1_300, 0.5),
  TTFB: (next) => logNormal(next, 450, 0.7),
}

/** The nearest-rank quantile of a sample, the definition the histogram reads. */
function nearestRank(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1]!
}

const dayOf = (now: number) => new Date(now).toISOString().slice(0, 10)
const count = async (sql: string, ...bind: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...bind)
    .first<number>('n')) ?? 0

const report = (overrides: Partial<VitalsReport> & Pick<VitalsReport, 'metrics'>): VitalsReport => ({
  page: '/',
  known: true,
  nav: 'navigate',
  device: 'phone',
  region: 'SA',
  headers: new Headers({ 'User-Agent': CHROME, 'CF-Connecting-IP': '203.0.113.9' }),
  ...overrides,
})

/** A beacon through the worker, as a browser's sendBeacon posts it. */
async function beacon(body: unknown, init: { headers?: Record<string, string>; cf?: object } = {}) {
  const { response, settled } = await callApp('/api/vitals', {
    method: 'POST',
    headers: {
      ...SAME_ORIGIN,
      'User-Agent': CHROME,
      'Content-Type': 'text/plain;charset=UTF-8',
      'CF-Connecting-IP': uniqueIpv4(),
      ...init.headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(init.cf ? { cf: init.cf } : {}),
  } as RequestInit)
  await settled
  return response
}

const storedRows = async () =>
  (
    await env.DB.prepare(
      'SELECT page, metric, device, region, nav, browser, bucket, count FROM vitals_daily WHERE day = ? ORDER BY page, metric, bucket',
    )
      .bind(new Date().toISOString().slice(0, 10))
      .all()
  ).results

// The file's tests share one D1: each starts from no field speed at all.
beforeEach(async () => {
  await env.DB.batch([env.DB.prepare('DELETE FROM vitals_daily'), env.DB.prepare('DELETE FROM vitals_days')])
})

describe('field speed histograms', () => {
  it('10,000 synthetic beacons from known distributions: each metric’s p75 (and p50, p90) read back within 5 %', async () => {
    const now = Date.UTC(2031, 0, 15, 12)
    // Batching is the view count's and is tested there: here the counters go in two writes.
    const store = new D1VitalsStore(env.DB, VITALS_ROWS_PER_DAY, 5_000)
    const collector = new VitalsCollector(store, new VitalsBuffer(), {
      now: () => now,
      flushEveryMs: 1,
    })
    const { ctx, settled } = collectingContext()
    const next = random(62)
    const pages = ['/', '/about-us']
    const devices = ['phone', 'tablet', 'desktop'] as const
    const truth = new Map<string, number[]>()
    for (let i = 0; i < 10_000; i++) {
      const page = pages[i % pages.length]!
      const device = devices[i % devices.length]!
      const metrics = Object.fromEntries(METRICS.map((metric) => [metric, DISTRIBUTIONS[metric](next)]))
      for (const metric of METRICS) {
        const key = `${page} ${metric} ${device}`
        const values = truth.get(key) ?? []
        values.push(metrics[metric]!)
        truth.set(key, values)
      }
      await collector.record(report({ page, device, region: i % 3 ? 'SA' : 'EU', metrics }), ctx)
    }
    await settled()
    await collector.flush()

    const read = await collector.quantiles(7)
    if (!read.ok) throw new Error(read.error.message)
    expect(read.value).toHaveLength(pages.length * devices.length * METRICS.length)
    for (const figures of read.value) {
      const values = truth.get(`${figures.page} ${figures.metric} ${figures.device}`)!
      expect(figures.count).toBe(values.length)
      for (const q of [0.5, 0.75, 0.9] as const) {
        const exact = nearestRank(values, q)
        const read = figures[q === 0.5 ? 'p50' : q === 0.75 ? 'p75' : 'p90']
        expect(
          Math.abs(read - exact),
          `${figures.metric} p${q * 100} ${figures.page} ${figures.device}`,
        ).toBeLessThanOrEqual(0.05 * exact)
      }
    }
    // Histograms, not rows: far fewer rows than the 50,000 values counted, and the day's count of them exact.
    const rows = await count('SELECT COUNT(*) AS n FROM vitals_daily WHERE day = ?', dayOf(now))
    expect(rows).toBeLessThan(2_000)
    expect(await store.day(dayOf(now))).toEqual({
      ok: true,
      value: { rows, outOfRange: 0, unknownPage: 0, overCeiling: 0 },
    })
  })

  it('the day’s rows stop at the ceiling whatever anyone sends; rows it has go on counting, and what it turned away is counted', async () => {
    const now = Date.UTC(2031, 1, 3, 12)
    const ceiling = 40
    const collector = new VitalsCollector(new D1VitalsStore(env.DB, ceiling), new VitalsBuffer(), {
      now: () => now,
      flushEveryMs: 1,
    })
    const { ctx, settled } = collectingContext()
    // 500 distinct values, each its own bucket, page or device: far more rows than the ceiling.
    for (let i = 0; i < 500; i++)
      await collector.record(report({ page: `/p${i % 7}`, metrics: { LCP: 1.1 ** (i % 110), TTFB: i } }), ctx)
    await settled()
    await collector.flush()
    const day = dayOf(now)
    expect(await count('SELECT COUNT(*) AS n FROM vitals_daily WHERE day = ?', day)).toBe(ceiling)
    const kept = await count('SELECT SUM(count) AS n FROM vitals_daily WHERE day = ?', day)
    const bookkeeping = await collector.store.day(day)
    expect(bookkeeping.ok && bookkeeping.value).toMatchObject({ rows: ceiling })
    expect(bookkeeping.ok && kept + bookkeeping.value.overCeiling).toBe(1_000)

    // A row the day already has still counts at the ceiling.
    const [first] = (
      await env.DB.prepare('SELECT page, bucket FROM vitals_daily WHERE day = ? AND metric = ? LIMIT 1')
        .bind(day, 'LCP')
        .all<{ page: string; bucket: number }>()
    ).results
    await collector.record(report({ page: first!.page, metrics: { LCP: 1.1 ** (first!.bucket - 0.5) } }), ctx)
    await collector.flush()
    expect(await count('SELECT SUM(count) AS n FROM vitals_daily WHERE day = ?', day)).toBe(kept + 1)
    expect(await count('SELECT COUNT(*) AS n FROM vitals_daily WHERE day = ?', day)).toBe(ceiling)
  })

  it('one client has at most VIEW_LIMITER’s 60 beacons a minute counted, and its page views keep their own allowance', async () => {
    await roomInRateWindow(10_000)
    const collector = new VitalsCollector(new D1VitalsStore(env.DB), new VitalsBuffer(), {
      limiter: env.VIEW_LIMITER,
      flushEveryMs: 1,
    })
    const { ctx, settled } = collectingContext()
    const headers = new Headers({ 'User-Agent': CHROME, 'CF-Connecting-IP': uniqueIpv4() })
    const taken: boolean[] = []
    for (let i = 0; i < 100; i++)
      taken.push(await collector.record(report({ headers, metrics: { LCP: 1_000 } }), ctx))
    await settled()
    await collector.flush()
    const counted = taken.filter(Boolean).length
    expect(counted).toBeGreaterThan(0)
    expect(counted).toBeLessThanOrEqual(60)
    expect(await count('SELECT SUM(count) AS n FROM vitals_daily WHERE day = ?', dayOf(Date.now()))).toBe(
      counted,
    )
    // The view count asks the same binding by the bare client key: still room there.
    const { success } = await env.VIEW_LIMITER.limit({ key: headers.get('CF-Connecting-IP')! })
    expect(success).toBe(true)
  })

  it('the daily retention deletes the days older than TRAFFIC_RETENTION_DAYS (400) and keeps the rest', async () => {
    const now = Date.UTC(2031, 5, 1, 3)
    for (const daysAgo of [401, 399]) {
      const collector = new VitalsCollector(new D1VitalsStore(env.DB), new VitalsBuffer(), {
        now: () => now - daysAgo * 24 * 60 * 60 * 1000,
      })
      await collector.record(
        report({ metrics: { LCP: 1_500 }, known: daysAgo === 399 }),
        collectingContext().ctx,
      )
      await collector.record(report({ metrics: { LCP: 1_500 } }), collectingContext().ctx)
      await collector.flush()
    }
    const days = async () =>
      (await env.DB.prepare('SELECT day FROM vitals_days ORDER BY day').all<{ day: string }>()).results.map(
        (row) => row.day,
      )
    expect(await days()).toEqual(['2030-04-26', '2030-04-28'])
    await runScheduledJob('retention', env, now)
    expect(await days()).toEqual(['2030-04-28'])
    expect(await count('SELECT COUNT(*) AS n FROM vitals_daily')).toBe(1)
  })

  it('bucket edges: values out of physical range have no bucket; 0 is bucket 0', () => {
    expect(bucketOf('LCP', -1)).toBeUndefined()
    expect(bucketOf('LCP', 120_001)).toBeUndefined()
    expect(bucketOf('CLS', 11)).toBeUndefined()
    expect(bucketOf('INP', Number.NaN)).toBeUndefined()
    expect(bucketOf('LCP', 0)).toBe(0)
    expect(bucketOf('CLS', 0)).toBe(0)
    expect(VITALS_ROWS_PER_DAY).toBeGreaterThan(0)
  })
})

describe('POST /api/vitals', () => {
  const valid = { page: '/about-us', nav: 'navigate', width: 390, metrics: { LCP: 1800, CLS: 0.02, INP: 96 } }

  it('counts a browser’s beacon by page, metric, device, continent and browser, text/plain or JSON, with no cookie', async () => {
    const plain = await beacon(valid, {
      headers: { 'User-Agent': SAFARI },
      cf: { continent: 'SA', country: 'BR' },
    })
    const json = await beacon(
      { ...valid, page: '/about-us?utm_source=mail#top', width: 1440, metrics: { TTFB: 320 } },
      { headers: { 'Content-Type': 'application/json' }, cf: { continent: 'EU' } },
    )
    for (const response of [plain, json]) {
      expect(response.status).toBe(204)
      expect(response.headers.get('Set-Cookie')).toBeNull()
    }
    expect(await storedRows()).toEqual([
      {
        page: '/about-us',
        metric: 'CLS',
        device: 'phone',
        region: 'SA',
        nav: 'navigate',
        browser: 'safari',
        bucket: bucketOf('CLS', 0.02),
        count: 1,
      },
      {
        page: '/about-us',
        metric: 'INP',
        device: 'phone',
        region: 'SA',
        nav: 'navigate',
        browser: 'safari',
        bucket: bucketOf('INP', 96),
        count: 1,
      },
      {
        page: '/about-us',
        metric: 'LCP',
        device: 'phone',
        region: 'SA',
        nav: 'navigate',
        browser: 'safari',
        bucket: bucketOf('LCP', 1800),
        count: 1,
      },
      {
        page: '/about-us',
        metric: 'TTFB',
        device: 'desktop',
        region: 'EU',
        nav: 'navigate',
        browser: 'chromium',
        bucket: bucketOf('TTFB', 320),
        count: 1,
      },
    ])
  })

  it('a prerendered view is recorded as prerendered', async () => {
    expect((await beacon({ ...valid, nav: 'prerender', metrics: { LCP: 0, FCP: 0 } })).status).toBe(204)
    const rows = await storedRows()
    expect(rows).toHaveLength(2)
    for (const row of rows) expect(row).toMatchObject({ page: '/about-us', nav: 'prerender', bucket: 0 })
  })

  it('refuses a script’s post, a large body, another type and a malformed beacon, and stores none of them', async () => {
    const refused = [
      await beacon(valid, {
        headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', Referer: '' },
      }),
      await beacon(`{"page":"/","nav":"navigate","width":1,"metrics":{"LCP":1},"x":"${'a'.repeat(2_000)}"}`),
      await beacon(valid, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
      await beacon('not json'),
      await beacon({ ...valid, metrics: { FID: 12 } }),
      await beacon({ ...valid, metrics: {} }),
      await beacon({ ...valid, page: 'https://evil.example/' }),
      await beacon({ ...valid, id: 'visitor-7' }),
    ]
    expect(refused.map((response) => response.status)).toEqual([403, 413, 415, 400, 400, 400, 400, 400])
    for (const response of refused) expect(response.headers.get('Set-Cookie')).toBeNull()
    expect(await storedRows()).toEqual([])
    // A bot's beacon is answered like any other, and never counted.
    expect((await beacon(valid, { headers: { 'User-Agent': 'HeadlessChrome/142.0' } })).status).toBe(204)
    expect(await storedRows()).toEqual([])
  })

  /** 10,000 from 1,000 clients in `npm run test:fuzz`; 500 from 500 clients in `npm test` (each beacon costs a request). */
  const HOSTILE = waveSize(10_000, 500)
  const CLIENTS = Math.min(HOSTILE, 1_000)
  const ARRIVING_TOGETHER = 50

  it(`a hostile wave of ${HOSTILE.toLocaleString('en')} beacons (out-of-range values, unknown pages, ${CLIENTS.toLocaleString('en')} clients) leaves the day’s rows and figures as they were`, async () => {
    const services = servicesOf()
    for (let i = 0; i < 20; i++)
      await beacon({
        ...valid,
        page: i % 2 ? '/' : '/about-us',
        metrics: { LCP: 1_000 + 100 * i, INP: 50 + i },
      })
    const before = await services.traffic.vitals.quantiles(1)
    const rowsBefore = await storedRows()
    expect(rowsBefore.length).toBeGreaterThan(0)

    const responses: Response[] = []
    const send = (i: number) => {
      const client = `198.51.${(i % CLIENTS) >> 8}.${(i % CLIENTS) & 0xff}`
      const unknown = i % 2 === 0
      return beacon(
        unknown
          ? { ...valid, page: `/wp-admin-${i}.php`, metrics: { LCP: 900 + i } }
          : { ...valid, metrics: { LCP: -5, INP: 1e9, CLS: 50, TTFB: 200_000 } },
        { headers: { 'CF-Connecting-IP': client } },
      )
    }
    // Beacons arrive together, as a wave's would.
    for (let i = 0; i < HOSTILE; i += ARRIVING_TOGETHER)
      responses.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(ARRIVING_TOGETHER, HOSTILE - i) }, (_, j) => send(i + j)),
        )),
      )
    await services.traffic.vitals.flush()
    for (const response of responses) {
      expect(response.status).toBe(204)
      expect(response.headers.get('Set-Cookie')).toBeNull()
    }
    expect(await storedRows()).toEqual(rowsBefore)
    expect(await services.traffic.vitals.quantiles(1)).toEqual(before)
    const day = await services.traffic.vitals.store.day(new Date().toISOString().slice(0, 10))
    if (!day.ok) throw new Error(day.error.message)
    expect(day.value.rows).toBeLessThanOrEqual(VITALS_ROWS_PER_DAY)
    expect(day.value.rows).toBe(rowsBefore.length)
    // Dropped and counted: every value of a known page out of range, every report of an unknown page.
    expect(day.value.outOfRange).toBe(4 * Math.floor(HOSTILE / 2))
    expect(day.value.unknownPage).toBe(Math.ceil(HOSTILE / 2))
  }, 60_000)
})
