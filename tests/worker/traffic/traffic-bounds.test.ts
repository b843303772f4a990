/**
 * Traffic writes are bounded whatever anyone sends (security review S1; a wave of 100,000 views in
 * `npm run test:fuzz`, 10,000 in `npm test`): one client, whatever
 * user agents it rotates, has at most VIEW_LIMITER's 60 views a minute counted; the free-text
 * dimensions keep VALUES_PER_DAY values a day; and days past TRAFFIC_RETENTION_DAYS roll up to
 * months.
 */
import { describe, expect, it } from 'vitest'
import { TrafficBuffer, TrafficCounter } from '../../../src/server/traffic/services/traffic'
import {
  D1TrafficStore,
  PAGES_PER_DAY,
  VALUES_PER_CLIENT,
  VALUES_PER_DAY,
  type Dimension,
} from '../../../src/server/traffic/storage/traffic'
import {
  adminGet,
  callApp,
  DAY,
  servicesOf,
  env,
  ORIGIN,
  RATE_WINDOW_TEST_TIMEOUT,
  roomInRateWindow,
  tableRows,
  visibleText,
  runScheduledJob,
} from '../support'
import { waveSize } from '../../support/fuzz'
import { collectingContext, PERSON } from '../support/traffic'

/** VIEW_LIMITER's allowance per client and minute (wrangler.toml). */
const VIEWS_PER_CLIENT_MINUTE = 60
/**
 * 100,000 in `npm run test:fuzz`; 10,000 in `npm test`, which still sends each address 500 views
 * in the minute (past its 60) and well over VALUES_PER_DAY distinct sources and campaigns.
 */
const HOSTILE_VIEWS = waveSize(100_000, 10_000)
/** The limiter's window (a wall-clock minute, tests/support/rate-window.ts) the clock is in now. */
const minuteWindow = () => Math.floor(Date.now() / 60_000)

/** Requests arrive over time, not all in one tick: the counter's waitUntil work settles between these. */
const ARRIVING_TOGETHER = 500
const CLIENTS = 20

const count = async (sql: string) => (await env.DB.prepare(sql).first<number>('n')) ?? 0

describe(`${HOSTILE_VIEWS.toLocaleString('en')} hostile views`, () => {
  it(
    'from 20 addresses rotating user agents, campaigns, sources and 404 paths: each address counted 60 times a minute at most, and the day’s rows under their ceiling',
    async () => {
      await roomInRateWindow(30_000)
      const firstWindow = minuteWindow()
      const counter = new TrafficCounter(new D1TrafficStore(env.DB), new TrafficBuffer(), {
        flushEveryMs: 50,
        limiter: env.VIEW_LIMITER,
      })
      const { ctx, settled } = collectingContext()
      for (let i = 0; i < HOSTILE_VIEWS; i++) {
        const notFound = i % 3 === 0
        counter.record(
          {
            method: 'GET',
            url: notFound
              ? `${ORIGIN}/wp-admin-${i}.php`
              : `${ORIGIN}/?utm_source=spam-${i}.example&utm_campaign=junk-${i}`,
            status: notFound ? 404 : 200,
            headers: new Headers({
              ...PERSON,
              'User-Agent': `${PERSON['User-Agent']} rotate/${i}`,
              'CF-Connecting-IP': `198.51.100.${i % CLIENTS}`,
            }),
            country: 'XX',
          },
          null,
          ctx,
        )
        if (i % ARRIVING_TOGETHER === ARRIVING_TOGETHER - 1) await settled()
      }
      await settled()
      await counter.flush()
      // 30 s is room enough on a quiet machine; on a loaded one the views can reach the next minute,
      // whose window gives each address another 60.
      const windows = minuteWindow() - firstWindow + 1

      const counted = await count(
        "SELECT COALESCE(SUM(views), 0) AS n FROM traffic_daily WHERE dimension IN ('all', 'not-found')",
      )
      expect(counted).toBeGreaterThan(0)
      expect(counted).toBeLessThanOrEqual(CLIENTS * VIEWS_PER_CLIENT_MINUTE * windows)
      // The day's rows: 'all', one page, one country, one locale, and each free-text dimension
      // (source, campaign, a 404's path, and its path with the linking page) at its cap plus (other).
      expect(await count('SELECT COUNT(*) AS n FROM traffic_daily')).toBeLessThanOrEqual(
        4 + 4 * (VALUES_PER_DAY + 1),
      )
      // Each counted view is at most one visitor row per dimension value it counts for.
      expect(await count('SELECT COUNT(*) AS n FROM traffic_seen')).toBeLessThanOrEqual(counted * 6)

      const overview = await adminGet('/admin')
      expect(overview.response.status).toBe(200)
      expect(visibleText(overview.body)).toMatch(/Today \(UTC\) Page views \d+/)
    },
    RATE_WINDOW_TEST_TIMEOUT * 4,
  )
})

/** `count` distinct percent-encoded spellings of `path` (each character as itself, %xx or %XX). */
function spellingsOf(path: string, count: number): string[] {
  const found = new Set<string>()
  for (let n = 1; found.size < count; n++) {
    let spelled = ''
    let rest = n
    for (const char of path) {
      const hex = char.charCodeAt(0).toString(16)
      const mode = char === '/' ? 0 : rest % 3
      rest = Math.floor(rest / 3)
      spelled += mode === 0 ? char : `%${mode === 1 ? hex : hex.toUpperCase()}`
    }
    if (spelled !== path) found.add(spelled)
  }
  return [...found]
}

/** The review's 300 in `npm run test:fuzz`; 100 in `npm test`. */
const SPELLINGS = waveSize(300, 100)

describe('U2: percent-encoded spellings of a page', () => {
  it(`U2: ${SPELLINGS} spellings of /about-us from as many clients are one page row, /about-us, and the traffic page lists no other`, async () => {
    const spellings = spellingsOf('/about-us', SPELLINGS)
    expect(spellings).toContain('/%61bout-us')
    const settled: Promise<unknown>[] = []
    for (const [i, spelling] of spellings.entries()) {
      const page = await callApp(spelling, {
        headers: {
          ...PERSON,
          'CF-Connecting-IP': `2001:db8:${(i >> 8).toString(16)}:${(i & 255).toString(16)}::1`,
        },
      })
      expect(page.response.status).toBe(200)
      settled.push(page.settled)
    }
    await Promise.all(settled)
    const counter = servicesOf().traffic.counter
    if (!counter.ok) throw new Error(counter.error.message)
    await counter.value.flush()

    const pages = await env.DB.prepare(
      "SELECT value, views FROM traffic_daily WHERE dimension = 'page' ORDER BY value",
    ).all<{ value: string; views: number }>()
    expect(pages.results).toEqual([{ value: '/about-us', views: SPELLINGS }])
    const traffic = visibleText((await adminGet('/admin/traffic?days=7')).body)
    expect(traffic).toContain('/about-us')
    expect(traffic).not.toMatch(/%[0-9a-f]{2}/i)
  })

  it('U2: a page value past the day’s cap of pages counts as (other), however it got there', async () => {
    const store = new D1TrafficStore(env.DB)
    const day = new Date().toISOString().slice(0, 10)
    const views = Array.from({ length: PAGES_PER_DAY + 50 }, (_, i) => ({
      day,
      visitor: `v${i}`,
      client: `c${i}`,
      values: [['page', `/page-${i}`]] as [Dimension, string][],
    }))
    for (let i = 0; i < views.length; i += 200)
      expect((await store.write(views.slice(i, i + 200))).ok).toBe(true)
    const rows = await env.DB.prepare(
      "SELECT COUNT(*) AS n, SUM(views) AS views FROM traffic_daily WHERE dimension = 'page' AND day = ?",
    )
      .bind(day)
      .first<{ n: number; views: number }>()
    expect(rows).toEqual({ n: PAGES_PER_DAY + 1, views: PAGES_PER_DAY + 50 })
  })
})

describe('U11: the 404 inbox under a scanner', () => {
  it('U11: one client sending 500 distinct misses leaves room for another client’s real miss, listed by name', async () => {
    // No limiter: VIEW_LIMITER's 60 a minute only stretches these over 9 minutes.
    const counter = new TrafficCounter(new D1TrafficStore(env.DB), new TrafficBuffer(), { flushEveryMs: 50 })
    const { ctx, settled } = collectingContext()
    const miss = (path: string, ip: string, agent: string, referrer: string | null) =>
      counter.record(
        {
          method: 'GET',
          url: `${ORIGIN}${path}`,
          status: 404,
          headers: new Headers({ ...PERSON, 'User-Agent': agent, 'CF-Connecting-IP': ip }),
        },
        referrer,
        ctx,
      )
    for (let i = 0; i < 500; i++)
      miss(
        `/wp-content/plugins/scan-${i}.php`,
        '2001:db8:5ca:1::9',
        `${PERSON['User-Agent']} rotate/${i}`,
        null,
      )
    await settled()
    await counter.flush()
    miss('/old-pricing', '203.0.113.40', PERSON['User-Agent'], 'https://partner.example/links')
    await settled()
    await counter.flush()

    const INBOX = 'Addresses that answer 404, most hits first'
    const inbox = tableRows((await adminGet('/admin/redirects')).body, INBOX)
    expect(inbox.find((row) => row[0] === '/old-pricing')?.slice(0, 4)).toEqual([
      '/old-pricing',
      '1',
      '1',
      'partner.example/links',
    ])
    // The scanner brought its share of the day's paths, and the rest of its misses count as (other).
    const scanned = await count(
      "SELECT COUNT(*) AS n FROM traffic_daily WHERE dimension = 'not-found' AND value LIKE '/wp-content/%'",
    )
    expect(scanned).toBe(VALUES_PER_CLIENT)
  })
})

describe('days past TRAFFIC_RETENTION_DAYS', () => {
  it('roll up to their months in the daily retention; newer days stay as they are', async () => {
    const now = Date.UTC(2027, 5, 15, 3)
    const dayOf = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString().slice(0, 10)
    // 401 and 402 days ago are one month (May 2026); 399 days ago is kept per day.
    const days = [dayOf(402), dayOf(401), dayOf(399)]
    expect(days.map((day) => day.slice(0, 7))).toEqual(['2026-05', '2026-05', '2026-05'])
    const insert = env.DB.prepare(
      'INSERT INTO traffic_daily (day, dimension, value, views, visitors, folded) VALUES (?, ?, ?, ?, ?, 1)',
    )
    await env.DB.batch(
      days.flatMap((day, i) => [
        insert.bind(day, 'all', '', 100 + i, 40 + i),
        insert.bind(day, 'page', '/gaming', 10 + i, 4 + i),
      ]),
    )
    await runScheduledJob('retention', env, now)

    const monthly = await env.DB.prepare(
      'SELECT month, dimension, value, views, visitors FROM traffic_monthly ORDER BY dimension',
    ).all()
    expect(monthly.results).toEqual([
      { month: '2026-05', dimension: 'all', value: '', views: 201, visitors: 81 },
      { month: '2026-05', dimension: 'page', value: '/gaming', views: 21, visitors: 9 },
    ])
    const daily = await env.DB.prepare('SELECT DISTINCT day FROM traffic_daily').all<{ day: string }>()
    expect(daily.results.map((row) => row.day)).toEqual([dayOf(399)])
  })
})
