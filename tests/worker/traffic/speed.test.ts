/**
 * The console's Speed page (issue 62): p75 of loading, response and stability per page, device and
 * region over 7 and 28 days with their counts, "not enough data" below 100 views, Google's
 * ratings in words and colours, the charts as SVG with no script, and reads that never scan the
 * histogram table (its primary key's day range only).
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { speedValue } from '../../../src/components/admin/SpeedRating'
import { bucketOf, valueOfBucket, type Metric } from '../../../src/server/traffic/services/vitals-histogram'
import { speedReport } from '../../../src/server/traffic/services/speed-report'
import { CRUX_ENDPOINT, CruxReader, readCrux } from '../../../src/server/traffic/services/crux'
import { D1CruxStore } from '../../../src/server/traffic/storage/crux'
import { D1SpeedStore, SPEED_STATEMENTS } from '../../../src/server/traffic/storage/speed'
import { adminGet, DAY, env, newWebhook, ORIGIN, runScheduledJob, tableRows, visibleText } from '../support'
import { sessionAs } from '../support/roles'
import { callApp } from '../support'

/** How the page writes a p75 that fell in the bucket of `value` (the bucket's middle). */
const shown = (metric: 'LCP' | 'INP' | 'CLS', value: number) =>
  speedValue(metric, valueOfBucket(metric, bucketOf(metric, value)!))

const today = () => new Date().toISOString().slice(0, 10)
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10)

interface Seed {
  day?: string
  page?: string
  metric: Metric
  device?: string
  region?: string
  value: number
  count: number
}

/** Histogram counters written straight to D1, as the collector's batch writes them. */
async function seed(rows: Seed[]) {
  await env.DB.batch(
    rows.map((row) =>
      env.DB.prepare(
        `INSERT INTO vitals_daily (day, page, metric, device, region, nav, browser, bucket, count)
         VALUES (?, ?, ?, ?, ?, 'navigate', 'chromium', ?, ?)
         ON CONFLICT DO UPDATE SET count = count + excluded.count`,
      ).bind(
        row.day ?? today(),
        row.page ?? '/',
        row.metric,
        row.device ?? 'phone',
        row.region ?? 'SA',
        bucketOf(row.metric, row.value)!,
        row.count,
      ),
    ),
  )
}

beforeEach(async () => {
  await env.DB.batch(
    [
      'vitals_daily',
      'vitals_days',
      'vitals_windows',
      'vitals_windows_built',
      'vitals_day_figures',
      'crux_records',
    ].map((table) => env.DB.prepare(`DELETE FROM ${table}`)),
  )
})

describe('/admin/speed', () => {
  it('shows each page’s, device’s and region’s p75 with its count and rating, and "not enough data" below 100 views', async () => {
    await seed([
      // /about-us: 150 loads at 1.8 s (good), 40 at 5 s: p75 is 1.8 s; 120 responses, 80 at 150 ms, 40 at 600 ms.
      { page: '/about-us', metric: 'LCP', value: 1_800, count: 150 },
      { page: '/about-us', metric: 'LCP', value: 5_000, count: 40 },
      { page: '/about-us', metric: 'INP', value: 150, count: 80 },
      { page: '/about-us', metric: 'INP', value: 600, count: 40 },
      { page: '/about-us', metric: 'CLS', value: 0.02, count: 60 },
      // /: slow on computers in Europe, 100 views exactly: poor.
      { page: '/', metric: 'LCP', device: 'desktop', region: 'EU', value: 4_500, count: 100 },
      { page: '/', metric: 'CLS', device: 'desktop', region: 'EU', value: 0.15, count: 100 },
    ])
    const { response, body } = await adminGet('/admin/speed')
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const fast = [
      `${shown('LCP', 1_800)} good 190 views`,
      `${shown('INP', 600)} poor 120 views`,
      'not enough data 60 views',
    ]
    const slow = [
      `${shown('LCP', 4_500)} poor 100 views`,
      'not enough data 0 views',
      `${shown('CLS', 0.15)} needs improvement 100 views`,
    ]
    expect(tableRows(body, 'Pages')).toEqual([
      ['/about-us', ...fast],
      ['/', ...slow],
    ])
    expect(tableRows(body, 'Devices')).toEqual([
      ['Phones', ...fast],
      ['Computers', ...slow],
    ])
    expect(tableRows(body, 'Where visitors are')).toEqual([
      ['South America', ...fast],
      ['Europe', ...slow],
    ])
    // The whole site: 290 loads, three in four at or under 4.5 s.
    expect(tableRows(body, 'The whole site over the last 28 days')).toEqual([
      [
        'Every page',
        `${shown('LCP', 4_500)} poor 290 views`,
        `${shown('INP', 600)} poor 120 views`,
        `${shown('CLS', 0.15)} needs improvement 160 views`,
      ],
    ])
    // The rating is a colour too: each word sits in its colour's class.
    expect(body).toMatch(/<span class="speed-rating speed-good">good<\/span>/)
    expect(body).toMatch(/<span class="speed-rating speed-poor">poor<\/span>/)
    expect(body).toMatch(/<span class="speed-rating speed-needs-improvement">needs improvement<\/span>/)
    const text = visibleText(body)
    expect(text).toContain('Google’s marks: loading good up to 2.5 s and poor over 4 s')
    for (const word of ['p75', 'LCP ', 'undefined', 'null', 'NaN']) expect(text).not.toContain(word)
  })

  it('reads 7 or 28 days: a day three weeks ago counts in 28 and not in 7; any other period is refused', async () => {
    await seed([
      { metric: 'LCP', value: 1_200, count: 120 },
      { day: daysAgo(20), metric: 'LCP', value: 3_000, count: 400 },
      // Outside both: 40 days ago, and tomorrow's never read either.
      { day: daysAgo(40), metric: 'LCP', value: 9_000, count: 900 },
    ])
    const week = tableRows((await adminGet('/admin/speed?days=7')).body, 'Pages')
    const none = ['not enough data 0 views', 'not enough data 0 views']
    expect(week).toEqual([['/', `${shown('LCP', 1_200)} good 120 views`, ...none]])
    const month = tableRows((await adminGet('/admin/speed?days=28')).body, 'Pages')
    expect(month).toEqual([['/', `${shown('LCP', 3_000)} needs improvement 520 views`, ...none]])
    for (const bad of ['5', '30', 'x']) {
      const refused = await adminGet(`/admin/speed?days=${bad}`)
      expect(refused.response.status).toBe(400)
      expect(refused.body).toBe('Choose a period of 7 or 28 days (?days=7 or 28).')
    }
  })

  it('draws each measure’s last 28 days as SVG with no script, and the same figures in a table', async () => {
    await seed([
      { day: daysAgo(10), metric: 'LCP', value: 2_000, count: 150 },
      { day: daysAgo(2), metric: 'LCP', value: 3_200, count: 300 },
      { metric: 'INP', value: 120, count: 200 },
    ])
    const { body } = await adminGet('/admin/speed')
    expect(body.match(/<svg\b[^>]*role="img"/g)).toHaveLength(3)
    expect(body).toContain('Loading per day: what three visitors in four got over the 7 days up to that day')
    // The loading line: a point on each day whose 7 days hold day 10 (days 10 to 4) or day 2 (2 to 0), a gap on day 3.
    const loading = /<svg[^>]*aria-labelledby="speed-chart-lcp-title[\s\S]*?<\/svg>/.exec(body)?.[0] ?? ''
    expect(loading.match(/<circle\b/g)).toHaveLength(10)
    expect(loading).toContain('class="speed-band-poor"')
    expect(body).not.toMatch(/<script\b(?![^>]*type="application\/json")[^>]*src=/)
    const perDay = tableRows(body, 'The whole site per day (UTC), each day read over the 7 days up to it')
    expect(perDay).toHaveLength(28)
    expect(perDay[0]).toEqual([today(), shown('LCP', 3_200), shown('INP', 120), 'not enough data'])
    expect(perDay[3]).toEqual([daysAgo(3), 'not enough data', 'not enough data', 'not enough data'])
    expect(perDay[4]).toEqual([daysAgo(4), shown('LCP', 2_000), 'not enough data', 'not enough data'])
    expect(perDay[17]).toEqual([daysAgo(17), 'not enough data', 'not enough data', 'not enough data'])
  })

  it('is open to admins, editors and sales, and says so when nothing is measured yet', async () => {
    for (const role of ['admin', 'editor', 'sales'] as const) {
      const { response, body } = await callApp('/admin/speed', { headers: { Cookie: await sessionAs(role) } })
      expect(response.status, role).toBe(200)
      expect(tableRows(body, 'Pages'), role).toEqual([['No views measured in this period.']])
    }
  })

  it('sums the window’s closed days once a day: the same figures as from the rows, and yesterday read once', async () => {
    const day = Date.UTC(2031, 2, 10)
    const at = (n: number) => new Date(day - n * DAY).toISOString().slice(0, 10)
    const rows: Seed[] = []
    for (let n = 0; n < 40; n++)
      rows.push(
        { day: at(n), page: n % 2 ? '/' : '/about-us', metric: 'LCP', value: 1_000 + 100 * n, count: 30 },
        { day: at(n), metric: 'INP', device: n % 3 ? 'phone' : 'desktop', value: 100 + 10 * n, count: 25 },
        { day: at(n), metric: 'CLS', region: n % 2 ? 'EU' : 'AS', value: 0.01 * (n % 20), count: 20 },
      )
    await seed(rows)
    const store = new D1SpeedStore(env.DB)
    // Five minutes after midnight the page reads the rows; at noon the window summed up to yesterday.
    const fromRows = await speedReport(store, day + 5 * 60_000)
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM vitals_windows_built').first('n')).toBe(0)
    const summed = await speedReport(store, day + 12 * 3_600_000)
    expect(summed.ok && fromRows.ok).toBe(true)
    expect(summed).toEqual(fromRows)
    expect(await env.DB.prepare('SELECT through FROM vitals_windows_built').all()).toMatchObject({
      results: [{ through: at(1) }],
    })
    // Counts written to yesterday after its window was summed are not read again; today's are, at once.
    await seed([
      { day: at(1), metric: 'LCP', value: 9_000, count: 5_000 },
      { day: at(0), metric: 'INP', value: 450, count: 5_000 },
    ])
    const later = await speedReport(store, day + 13 * 3_600_000)
    if (!later.ok || !summed.ok) throw new Error('not read')
    expect(later.value.site.month.LCP).toEqual(summed.value.site.month.LCP)
    expect(later.value.site.month.INP.count).toBe(summed.value.site.month.INP.count + 5_000)
    expect(later.value.perDay.at(-1)!.figures.INP.count).toBe(
      summed.value.perDay.at(-1)!.figures.INP.count + 5_000,
    )
    // The daily job sums the next day's window, and the last one goes.
    await runScheduledJob('retention', env, day + DAY + 3 * 3_600_000)
    expect(await env.DB.prepare('SELECT through FROM vitals_windows_built').all()).toMatchObject({
      results: [{ through: at(0) }],
    })
  })

  it('sends one alert naming the top pages slow 3 days running: loading over 2.5 s or response over 200 ms', async () => {
    const webhook = await newWebhook()
    const day = Date.UTC(2031, 3, 20, 3)
    const at = (n: number) => new Date(day - n * DAY).toISOString().slice(0, 10)
    const rows: Seed[] = []
    for (const n of [1, 2, 3])
      rows.push(
        { day: at(n), page: '/try-on', metric: 'LCP', value: 4_200, count: 120 },
        { day: at(n), page: '/gaming', metric: 'INP', value: 450, count: 150 },
        // Slow two days of three: not running.
        { day: at(n), page: '/', metric: 'LCP', value: n === 1 ? 2_000 : 3_000, count: 150 },
        // Slow, but read from too few views a day to say.
        { day: at(n), page: '/blog', metric: 'LCP', value: 5_000, count: 60 },
        // Today's slowness is not a day that has ended.
        { day: at(0), page: '/about-us', metric: 'LCP', value: 9_000, count: 500 },
      )
    await seed(rows)
    await runScheduledJob('retention', { ...env, ALERT_WEBHOOK_URL: webhook.url, SITE_ORIGIN: ORIGIN }, day)
    const ms = (value: number) => `${Math.round(valueOfBucket('INP', bucketOf('INP', value)!))} ms`
    const s = (value: number) => `${(valueOfBucket('LCP', bucketOf('LCP', value)!) / 1000).toFixed(1)} s`
    const reason = `/gaming response ${[ms(450), ms(450), ms(450)].join(', ')}; /try-on loading ${[s(4_200), s(4_200), s(4_200)].join(', ')}`
    expect(await webhook.received()).toEqual([
      {
        event: 'speed.slow',
        leadId: null,
        reason,
        text: `XR Stores site: pages were slow for real visitors 3 days running (Google’s loading over 2.5 s or response over 200 ms): ${reason}. Open ${ORIGIN}/admin/speed to see where and on which devices.`,
      },
    ])
  })

  it('reads Google’s 28-day view of the origin and the top pages from CrUX, and shows it beside ours with the difference', async () => {
    await seed([
      { page: '/about-us', metric: 'LCP', value: 3_000, count: 300 },
      { page: '/about-us', metric: 'INP', value: 150, count: 200 },
      { page: '/blog', metric: 'LCP', value: 1_500, count: 150 },
    ])
    // A stand-in for queryRecord, answering as the CrUX API documents: p75s (CLS's a string), the
    // collection period, and 404 NOT_FOUND for a page it has too little Chrome traffic for.
    const received: { url: string; body: unknown }[] = []
    const period = {
      firstDate: { year: 2026, month: 11, day: 2 },
      lastDate: { year: 2026, month: 11, day: 29 },
    }
    const standIn = async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { origin?: string; url?: string }
      received.push({ url: String(input), body })
      if (body.url?.endsWith('/blog'))
        return Response.json(
          { error: { code: 404, message: 'chrome ux report data not found', status: 'NOT_FOUND' } },
          { status: 404 },
        )
      const slow = body.url ? 1 : 0.9
      return Response.json({
        record: {
          key: body.url ? { url: body.url } : { origin: body.origin },
          metrics: {
            largest_contentful_paint: {
              histogram: [
                { start: 0, end: 2500, density: 0.7 },
                { start: 2500, end: 4000, density: 0.2 },
                { start: 4000, density: 0.1 },
              ],
              percentiles: { p75: 2_600 * slow },
            },
            interaction_to_next_paint: { percentiles: { p75: 180 } },
            cumulative_layout_shift: { percentiles: { p75: '0.04' } },
          },
          collectionPeriod: period,
        },
      })
    }
    const reader = new CruxReader('test-key', ORIGIN, 1_000, CRUX_ENDPOINT, standIn as typeof fetch)
    await readCrux(reader, new D1CruxStore(env.DB), new D1SpeedStore(env.DB), new Date())
    const metrics = ['largest_contentful_paint', 'interaction_to_next_paint', 'cumulative_layout_shift']
    expect(received).toEqual([
      { url: `${CRUX_ENDPOINT}?key=test-key`, body: { origin: ORIGIN, metrics } },
      { url: `${CRUX_ENDPOINT}?key=test-key`, body: { url: `${ORIGIN}/about-us`, metrics } },
      { url: `${CRUX_ENDPOINT}?key=test-key`, body: { url: `${ORIGIN}/blog`, metrics } },
    ])
    const { body } = await adminGet('/admin/speed')
    const ours = shown('LCP', 3_000)
    const delta = (Number(ours.slice(0, -2)) - 2.6).toFixed(1)
    expect(tableRows(body, 'Google’s figures beside ours, 28 days')).toEqual([
      [
        '/about-us',
        `Google 2.6 s, ours ${ours} (+${delta} s)`,
        `Google 180 ms, ours ${shown('INP', 150)} (−${180 - Number(shown('INP', 150).slice(0, -3))} ms)`,
        'Google 0.04, ours not enough data',
      ],
      [
        'The whole site',
        expect.stringMatching(/^Google 2\.3 s, ours /),
        expect.any(String),
        expect.any(String),
      ],
    ])
    expect(visibleText(body)).toContain(
      'over its own 28 days (2026-11-02 to 2026-11-29, Chrome visitors only)',
    )
  })

  it('reads the histograms by the day range of their primary key: no statement scans the table', async () => {
    const statements = [
      ...(['page', 'device', 'region'] as const).map(
        (by) => [SPEED_STATEMENTS[by], [daysAgo(27), today(), daysAgo(6)]] as const,
      ),
      [SPEED_STATEMENTS.days, [daysAgo(33), today()]] as const,
      [SPEED_STATEMENTS.window, [daysAgo(1)]] as const,
      [SPEED_STATEMENTS.figures, [daysAgo(27), daysAgo(1)]] as const,
      [SPEED_STATEMENTS.pageDays, [daysAgo(3), daysAgo(1)]] as const,
      [SPEED_STATEMENTS.pages(2), [daysAgo(29), today(), '/', '/about-us']] as const,
    ]
    for (const [sql, values] of statements) {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...values)
        .all<{ detail: string }>()
      const details = results.map((row) => row.detail)
      expect(details, sql).toContainEqual(
        expect.stringMatching(/^SEARCH vitals_\w+ USING PRIMARY KEY \((day>\? AND day<\?|through=\?)\)/),
      )
      expect(
        details.filter((detail) => /^SCAN vitals_/.test(detail)),
        sql,
      ).toEqual([])
    }
    // An experiment's versions: its own rows, by experiment and day.
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${SPEED_STATEMENTS.arms}`)
      .bind('x', daysAgo(27), today())
      .all<{ detail: string }>()
    expect(results[0]?.detail).toMatch(
      /^SEARCH vitals_arms USING PRIMARY KEY \(experiment=\? AND day>\? AND day<\?\)/,
    )
  })
})
