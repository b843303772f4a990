/**
 * Traffic counted at the edge (issue 21): what counts as a page view, the prerender beacon, an
 * accuracy run over a synthetic day with a known truth, the salt that never outlives its day, the
 * batching, and the console's page and CSV.
 */
import { describe, expect, it } from 'vitest'
import { TrafficBuffer, TrafficCounter } from '../../../src/server/traffic/services/traffic'
import { D1TrafficStore, OTHER_VALUE, VALUES_PER_DAY } from '../../../src/server/traffic/storage/traffic'
import {
  adminGet,
  callApp,
  env,
  ORIGIN,
  SAME_ORIGIN,
  storeLead,
  tableRows,
  uniqueIpv4,
  visibleText,
  runScheduledJob,
} from '../support'
import { CHROME, collectingContext, PERSON, playSyntheticDay, storeDayLeads } from '../support/traffic'

const DAY = 24 * 60 * 60 * 1000
const today = () => new Date().toISOString().slice(0, 10)

/** A page request through the worker, as a browser sends it; waits for the count's write. */
async function view(path: string, headers: Record<string, string> = {}, init: RequestInit = {}) {
  const { response, settled } = await callApp(path, {
    headers: { ...PERSON, 'CF-Connecting-IP': uniqueIpv4(), ...headers },
    ...init,
  })
  await settled
  return response
}

async function dailyRows() {
  const { results } = await env.DB.prepare(
    'SELECT dimension, value, views FROM traffic_daily ORDER BY dimension, value',
  ).all<{
    dimension: string
    value: string
    views: number
  }>()
  return results
}

describe('what counts as a page view', () => {
  it('a person’s GET of a public page: by page, source, campaign, country and locale; and it sets no cookie', async () => {
    const direct = await view('/about-us')
    expect(direct.status).toBe(200)
    expect(direct.headers.get('Set-Cookie')).toBeNull()
    expect(await dailyRows()).toEqual([
      { dimension: 'all', value: '', views: 1 },
      { dimension: 'country', value: 'unknown', views: 1 },
      { dimension: 'locale', value: 'en', views: 1 },
      { dimension: 'page', value: '/about-us', views: 1 },
      { dimension: 'source', value: 'direct', views: 1 },
    ])
  })

  it('never a bot, a tool, a speculative request, a non-HTML request, a HEAD, or anything but a public page', async () => {
    const refused: [string, Record<string, string>, RequestInit?][] = [
      ['/', { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }],
      ['/', { 'User-Agent': 'curl/8.5.0' }],
      [
        '/',
        {
          'User-Agent':
            'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/142.0 Safari/537.36',
        },
      ],
      ['/', { 'User-Agent': '' }],
      ['/', { 'Sec-Purpose': 'prefetch' }],
      ['/', { 'Sec-Purpose': 'prefetch;prerender' }],
      ['/', { Accept: 'application/json' }],
      ['/', {}, { method: 'HEAD' }],
      ['/admin/sign-in', {}],
      ['/api/settings', {}],
      ['/rss.xml', {}],
      ['/sitemap.xml', {}],
      ['/robots.txt', {}],
    ]
    for (const [path, headers, init] of refused) await view(path, headers, init)
    expect(await dailyRows()).toEqual([])
  })

  it('a 404 is counted apart, by its path and by the page that linked to it (host and path only)', async () => {
    expect((await view('/no-such-page')).status).toBe(404)
    const linked = await view('/no-such-page', { Referer: 'https://partner.example/news/launch?who=ann#top' })
    expect(linked.status).toBe(404)
    await view('/no-such-page', { Referer: 'https://partner.example/' })
    expect(await dailyRows()).toEqual([
      { dimension: 'not-found', value: '/no-such-page', views: 3 },
      { dimension: 'not-found-from', value: '/no-such-page\ndirect', views: 1 },
      { dimension: 'not-found-from', value: '/no-such-page\npartner.example', views: 1 },
      { dimension: 'not-found-from', value: '/no-such-page\npartner.example/news/launch', views: 1 },
    ])
  })

  it('a prerendered page is counted when it is shown, through the beacon its inline script sends', async () => {
    // The prerender itself: fetched with its Sec-Purpose, not counted.
    const page = await callApp('/about-us', { headers: { ...PERSON, 'Sec-Purpose': 'prefetch;prerender' } })
    await page.settled
    expect(page.body).toContain('navigator.sendBeacon("/api/view"')
    expect(await dailyRows()).toEqual([])
    const { response, settled } = await callApp('/api/view', {
      method: 'POST',
      headers: {
        ...SAME_ORIGIN,
        'User-Agent': CHROME,
        'Content-Type': 'text/plain;charset=UTF-8',
        'CF-Connecting-IP': uniqueIpv4(),
      },
      body: `${ORIGIN}/gaming?utm_source=newsletter&utm_campaign=spring\n${ORIGIN}/`,
    })
    await settled
    expect(response.status).toBe(204)
    const rows = await dailyRows()
    expect(rows).toContainEqual({ dimension: 'page', value: '/gaming', views: 1 })
    expect(rows).toContainEqual({ dimension: 'campaign', value: 'spring', views: 1 })
    expect(rows).toContainEqual({ dimension: 'source', value: 'newsletter', views: 1 })
    const foreign = await callApp('/api/view', {
      method: 'POST',
      headers: { ...SAME_ORIGIN, 'User-Agent': CHROME },
      body: 'https://evil.example/\n',
    })
    expect(foreign.response.status).toBe(204)
    expect((await dailyRows()).filter((row) => row.dimension === 'all')).toEqual([
      { dimension: 'all', value: '', views: 1 },
    ])
  })

  it('the beacon counts nothing a script posts without a browser’s same-origin headers', async () => {
    const scripts: Record<string, string>[] = [
      {},
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ]
    for (const headers of scripts) {
      const { response, settled } = await callApp('/api/view', {
        method: 'POST',
        headers: { ...headers, 'User-Agent': CHROME, 'CF-Connecting-IP': uniqueIpv4() },
        body: `${ORIGIN}/gaming?utm_campaign=junk-${Math.random()}\n`,
      })
      await settled
      expect(response.status, JSON.stringify(headers)).toBe(403)
    }
    expect(await dailyRows()).toEqual([])
  })
})

describe('hostile traffic', () => {
  it('3,000 views with junk campaigns, sources and 404 paths leave a fixed ceiling of rows, and every view counted', async () => {
    const store = new D1TrafficStore(env.DB)
    const day = new Date().toISOString().slice(0, 10)
    const views = Array.from({ length: 3000 }, (_, i) => ({
      day,
      visitor: `v${i}`,
      client: `c${i}`,
      values: [
        ['all', ''],
        ['campaign', `junk-${i}`],
        ['source', `spam-${i}.example`],
        ['not-found', `/wp-admin-${i}.php`],
        ['not-found-from', `/wp-admin-${i}.php\nspam-${i}.example`],
      ] as [Parameters<typeof store.write>[0][number]['values'][number][0], string][],
    }))
    // In batches, as the counter writes them.
    for (let i = 0; i < views.length; i += 500)
      expect((await store.write(views.slice(i, i + 500))).ok).toBe(true)
    const rows = await env.DB.prepare(
      'SELECT dimension, COUNT(*) AS n, SUM(views) AS views FROM traffic_daily WHERE day = ? GROUP BY dimension',
    )
      .bind(day)
      .all<{ dimension: string; n: number; views: number }>()
    for (const dimension of ['campaign', 'source', 'not-found', 'not-found-from'])
      expect(rows.results.find((row) => row.dimension === dimension)).toEqual({
        dimension,
        n: VALUES_PER_DAY + 1,
        views: 3000,
      })
    const other = await env.DB.prepare(
      "SELECT views FROM traffic_daily WHERE day = ? AND dimension = 'campaign' AND value = ?",
    )
      .bind(day, OTHER_VALUE)
      .first<{ views: number }>()
    expect(other?.views).toBe(3000 - VALUES_PER_DAY)
    // A value kept earlier in the day keeps counting as itself.
    await store.write([{ day, visitor: 'w', client: 'c0', values: [['campaign', 'junk-0']] }])
    const first = await env.DB.prepare(
      "SELECT views FROM traffic_daily WHERE day = ? AND dimension = 'campaign' AND value = 'junk-0'",
    )
      .bind(day)
      .first<{ views: number }>()
    expect(first?.views).toBe(2)
  })
})

describe('a synthetic day with a known truth', () => {
  it('5,000 views from 1,000 visitors, 500 bots and 200 speculative requests: the console shows views, visitors and leads exactly', async () => {
    const store = new D1TrafficStore(env.DB)
    const counter = new TrafficCounter(store, new TrafficBuffer())
    const { ctx, settled } = collectingContext()
    const truth = await playSyntheticDay(counter, ctx)
    await settled()
    await counter.flush()

    // Leads of the day, with their attribution; spam never counts.
    await storeDayLeads()

    const { body } = await adminGet('/admin/traffic?days=7')
    const text = visibleText(body)
    expect(text).toContain(`Views ${truth.views}`)
    expect(text).toContain(`Visitors ${truth.visitors}`)
    expect(text).toContain('Leads 15')
    expect(text).toContain(`Conversion ${((15 / 1000) * 100).toFixed(1)} %`)
    const campaignRows = tableRows(body, 'Campaigns')
    expect(campaignRows).toContainEqual([
      'spring',
      String(truth.campaign.get('spring')),
      '250',
      '12',
      '4.8 %',
    ])
    expect(campaignRows).toContainEqual(['summer', String(truth.campaign.get('summer')), '250', '0', '0.0 %'])
    const countryRows = tableRows(body, 'Countries')
    expect(countryRows.map((row) => [row[0], row[1], row[2]]).sort()).toEqual(
      [...truth.country].map(([country, n]) => [country, String(n), '200']).sort(),
    )
    // 0 bots and 0 speculative requests: every view above is a person's.
    const perDay = tableRows(body, 'Views, visitors and leads per day (UTC)')
    expect(perDay[0]).toEqual([today(), '5000', '1000', '15'])

    const csv = await adminGet('/admin/traffic.csv?days=7&by=campaign')
    expect(csv.response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe('campaign,views,visitors,leads')
    expect(lines).toContain(`"spring",${truth.campaign.get('spring')},250,12`)
  }, 60_000)
})

describe('the salt and the visitor hashes never outlive their day', () => {
  it('folding a day keeps its counts, deletes its hashes and salt, and the next day hashes the same visitor differently', async () => {
    const store = new D1TrafficStore(env.DB)
    let now = Date.parse('2026-11-20T12:00:00.000Z')
    const counter = new TrafficCounter(store, new TrafficBuffer(), { now: () => now })
    const { ctx, settled } = collectingContext()
    const same = { ...PERSON, 'CF-Connecting-IP': '203.0.113.9' }
    counter.record({ method: 'GET', url: `${ORIGIN}/`, status: 200, headers: new Headers(same) }, null, ctx)
    await settled()
    await counter.flush()
    const before = await env.DB.prepare(
      "SELECT visitor FROM traffic_seen WHERE day = '2026-11-20' AND dimension = 'all'",
    ).first<{ visitor: string }>()
    expect(before?.visitor).toMatch(/^[0-9a-f]{32}$/)

    now += DAY
    counter.record({ method: 'GET', url: `${ORIGIN}/`, status: 200, headers: new Headers(same) }, null, ctx)
    await counter.foldPastDays()
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM traffic_seen WHERE day = '2026-11-20'").first('n'),
    ).toBe(0)
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM traffic_salts WHERE day = '2026-11-20'").first('n'),
    ).toBe(0)
    const folded = await env.DB.prepare(
      "SELECT views, visitors, folded FROM traffic_daily WHERE day = '2026-11-20' AND dimension = 'all'",
    ).first()
    expect(folded).toEqual({ views: 1, visitors: 1, folded: 1 })
    const after = await env.DB.prepare(
      "SELECT visitor FROM traffic_seen WHERE day = '2026-11-21' AND dimension = 'all'",
    ).first<{ visitor: string }>()
    expect(after?.visitor).toMatch(/^[0-9a-f]{32}$/)
    expect(after?.visitor).not.toBe(before?.visitor)
  })

  it('the 10-minute sweep folds the days that have ended', async () => {
    const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10)
    await env.DB.batch([
      env.DB.prepare("INSERT INTO traffic_salts VALUES (?, 'old-salt')").bind(yesterday),
      env.DB.prepare(
        "INSERT INTO traffic_daily (day, dimension, value, views) VALUES (?, 'all', '', 2)",
      ).bind(yesterday),
      env.DB.prepare(
        "INSERT INTO traffic_seen VALUES (?, 'hash-a', 'all', ''), (?, 'hash-b', 'all', '')",
      ).bind(yesterday, yesterday),
    ])
    await runScheduledJob('sweep')
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM traffic_seen').first('n')).toBe(0)
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM traffic_salts').first('n')).toBe(0)
    expect(
      await env.DB.prepare('SELECT visitors FROM traffic_daily WHERE day = ?')
        .bind(yesterday)
        .first('visitors'),
    ).toBe(2)
  })
})

describe('batching', () => {
  it('N views become a bounded number of D1 writes: at most one per interval, or per 200 views', async () => {
    const store = new D1TrafficStore(env.DB)
    let writes = 0
    const write = store.write.bind(store)
    store.write = (views) => ((writes += 1), write(views))
    let now = Date.now()
    const counter = new TrafficCounter(store, new TrafficBuffer(), { now: () => now, flushEveryMs: 50 })
    const { ctx, settled } = collectingContext()
    // 1,000 views over 20 simulated intervals of 50 ms each.
    for (let i = 0; i < 1000; i++) {
      if (i % 50 === 0) now += 50
      counter.record(
        {
          method: 'GET',
          url: `${ORIGIN}/`,
          status: 200,
          headers: new Headers({ ...PERSON, 'CF-Connecting-IP': `10.9.${i >> 8}.${i & 255}` }),
        },
        null,
        ctx,
      )
    }
    await settled()
    await counter.flush()
    expect(writes).toBeGreaterThan(0)
    expect(writes).toBeLessThanOrEqual(20 + 1000 / 200 + 1)
    expect(
      await env.DB.prepare("SELECT views FROM traffic_daily WHERE dimension = 'all'").first('views'),
    ).toBe(1000)
  })

  it('the request never waits for the write', async () => {
    const store = new D1TrafficStore(env.DB)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const write = store.write.bind(store)
    store.write = async (views) => (await held, write(views))
    const counter = new TrafficCounter(store, new TrafficBuffer())
    const { ctx, settled } = collectingContext()
    counter.record({ method: 'GET', url: `${ORIGIN}/`, status: 200, headers: new Headers(PERSON) }, null, ctx)
    // record() returned before the write could start; it finishes once released.
    expect(await dailyRows()).toEqual([])
    release()
    await settled()
    expect((await dailyRows()).length).toBeGreaterThan(0)
  })
})

describe('the console', () => {
  it('answers 400 for a period other than 7, 30 or 90 days, and a breakdown it does not know', async () => {
    expect((await adminGet('/admin/traffic?days=5')).response.status).toBe(400)
    expect((await adminGet('/admin/traffic.csv?days=30&by=week')).response.status).toBe(400)
    const page = await adminGet('/admin/traffic')
    expect(page.response.status).toBe(200)
    expect(visibleText(page.body)).toContain('Views 0')
    expect(page.body).toContain('<svg')
    expect(page.body).toMatch(/aria-current="page">30\b/)
  })

  it('the overview shows today’s views and leads', async () => {
    await view('/about-us')
    await storeLead({})
    const text = visibleText((await adminGet('/admin')).body)
    expect(text).toContain('Today (UTC) Page views 1 Leads 1')
  })
})
