/**
 * Network errors with no script (issue 62): the reporting headers on the site's pages only, and
 * POST /api/reports counting the Reporting API's `network-error` reports per day, page and type,
 * under the day's ceiling whatever anyone sends, shown on the Speed page.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import {
  D1NetworkErrorStore,
  NETWORK_ERROR_STATEMENTS,
} from '../../../src/server/traffic/storage/network-errors'
import {
  adminGet,
  callApp,
  DAY,
  env,
  ORIGIN,
  roomInRateWindow,
  tableRows,
  uniqueIpv4,
  visibleText,
} from '../support'
import { CHROME, PERSON } from '../support/traffic'

const today = () => new Date().toISOString().slice(0, 10)
const ENDPOINT = `${ORIGIN}/api/reports`

/** A `network-error` report as Chromium queues it. */
const networkError = (type: string, path = '/', extra: object = {}) => ({
  type: 'network-error',
  age: 12,
  url: `${ORIGIN}${path}`,
  user_agent: CHROME,
  body: { type, phase: type.split('.')[0], elapsed_time: 48, method: 'GET', status_code: 0, ...extra },
})

/** A batch as the browser posts it: no Origin, no cookie. */
async function post(body: unknown, headers: Record<string, string> = {}) {
  const { response, settled } = await callApp('/api/reports', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/reports+json',
      'User-Agent': CHROME,
      'CF-Connecting-IP': uniqueIpv4(),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  await settled
  return response
}

const stored = async () =>
  (
    await env.DB.prepare('SELECT page, kind, count FROM network_errors WHERE day = ? ORDER BY page, kind')
      .bind(today())
      .all<{ page: string; kind: string; count: number }>()
  ).results

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM network_errors').run()
})

describe('the reporting headers', () => {
  it('are on the site’s pages, pointing at /api/reports, and not on the console, the APIs or the robots file', async () => {
    for (const path of ['/', '/about-us', '/no-such-page']) {
      const { response } = await callApp(path, { headers: PERSON })
      expect(response.headers.get('Content-Type'), path).toMatch(/^text\/html/)
      expect(response.headers.get('Reporting-Endpoints'), path).toBe(`network-errors="${ENDPOINT}"`)
      expect(JSON.parse(response.headers.get('Report-To') ?? 'null'), path).toEqual({
        group: 'network-errors',
        max_age: 2_592_000,
        endpoints: [{ url: ENDPOINT }],
      })
      expect(JSON.parse(response.headers.get('NEL') ?? 'null'), path).toEqual({
        report_to: 'network-errors',
        max_age: 2_592_000,
      })
    }
    const console = await adminGet('/admin/speed')
    expect(console.response.status).toBe(200)
    const others = [
      console.response,
      (await callApp('/admin', { headers: PERSON })).response,
      (await callApp('/api/vitals', { headers: PERSON })).response,
      await post([]),
      (await callApp('/robots.txt', { headers: PERSON })).response,
    ]
    for (const response of others)
      for (const header of ['Reporting-Endpoints', 'Report-To', 'NEL'])
        expect(response.headers.get(header), `${response.url} ${header}`).toBeNull()
  })
})

describe('the privacy page', () => {
  it('says what the browsers’ failure reports keep: counts per kind, page and day, nothing else', async () => {
    const text = visibleText((await callApp('/privacy-policy')).body)
    expect(text).toContain(
      'We keep only how many times each kind of failure happened on each page each day, for 400 days',
    )
  })
})

describe('POST /api/reports', () => {
  it('counts only the network errors of a mixed batch, per page and type, with 204 and no cookie', async () => {
    const response = await post([
      { type: 'csp-violation', age: 1, url: `${ORIGIN}/`, user_agent: CHROME, body: { blockedURL: 'x' } },
      { type: 'deprecation', age: 1, url: `${ORIGIN}/`, user_agent: CHROME, body: { id: 'x' } },
      // Another report type whose body looks like a network error's is still not one.
      { type: 'intervention', age: 1, url: `${ORIGIN}/`, user_agent: CHROME, body: { type: 'tcp.reset' } },
      networkError('dns.name_not_resolved', '/'),
      networkError('dns.name_not_resolved', '/?utm_source=mail'),
      networkError('tcp.reset', '/about-us'),
      networkError('tls.cert.authority_invalid', '/about-us'),
      networkError('ok', '/', { status_code: 200 }),
      networkError('tcp.reset', '/wp-login.php'),
      networkError('made.up.error', '/'),
      { type: 'network-error', url: `${ORIGIN}/`, body: null },
      'not a report',
    ])
    expect(response.status).toBe(204)
    expect(response.headers.get('Set-Cookie')).toBeNull()
    expect(await stored()).toEqual([
      { page: '(other)', kind: 'tcp.reset', count: 1 },
      { page: '/', kind: 'dns.name_not_resolved', count: 2 },
      { page: '/', kind: 'other', count: 1 },
      { page: '/about-us', kind: 'tcp.reset', count: 1 },
      { page: '/about-us', kind: 'tls.cert.authority_invalid', count: 1 },
    ])
  })

  it('a hostile batch: 10,000 reports (413), unknown types and pages (one row), the wrong type or no JSON (415, 400), a bot’s: nothing past the bounds', async () => {
    const huge = Array.from({ length: 10_000 }, (_, i) => networkError(`junk.${i}`, `/junk-${i}`))
    expect((await post(huge)).status).toBe(413)
    expect((await post([networkError('tcp.reset')], { 'Content-Type': 'application/json' })).status).toBe(415)
    expect((await post('[{"type":')).status).toBe(400)
    expect((await post({ type: 'network-error' })).status).toBe(400)
    expect((await post([networkError('tcp.reset')], { 'User-Agent': 'curl/8.5.0' })).status).toBe(204)
    expect(await stored()).toEqual([])

    // 20 batches from 20 clients, each 500 reports of made-up types on made-up pages: at most the
    // first 100 of each batch count, and all of them in the one row they can reach.
    for (let batch = 0; batch < 20; batch++) {
      const reports = Array.from({ length: 500 }, (_, i) => ({
        type: 'network-error',
        url: `https://elsewhere.example/${batch}-${i}`,
        body: { type: `x.${batch}.${i}` },
      }))
      const response = await post(reports)
      expect(response.status).toBe(204)
      expect(response.headers.get('Set-Cookie')).toBeNull()
    }
    expect(await stored()).toEqual([{ page: '(other)', kind: 'other', count: 20 * 100 }])
  })

  it('keeps a day under its ceiling of rows, and a row the day has goes on counting', async () => {
    const store = new D1NetworkErrorStore(env.DB, 5)
    const day = today()
    const rows = Array.from({ length: 20 }, (_, i) => ({ day, page: `/p${i}`, kind: 'tcp.reset', count: 1 }))
    const first = await store.add(rows)
    expect(first.ok).toBe(true)
    expect(await stored()).toHaveLength(5)
    await store.add([
      { day, page: '/p0', kind: 'tcp.reset', count: 4 },
      { day, page: '/p19', kind: 'tcp.reset', count: 1 },
    ])
    const after = await stored()
    expect(after).toHaveLength(5)
    expect(after.find((row) => row.page === '/p0')?.count).toBe(5)
  })

  it('one client has at most VIEW_LIMITER’s 60 batches a minute counted', async () => {
    await roomInRateWindow(10_000)
    const client = uniqueIpv4()
    for (let i = 0; i < 70; i++)
      expect((await post([networkError('tcp.timed_out')], { 'CF-Connecting-IP': client })).status).toBe(204)
    expect(await stored()).toEqual([{ page: '/', kind: 'tcp.timed_out', count: 60 }])
  })
})

describe('the Speed page’s "Connections that failed"', () => {
  it('reads and writes within one day’s range of the primary key, never a scan of the table', async () => {
    const statements = [
      [NETWORK_ERROR_STATEMENTS.add(2_000), [today(), '/', 'tcp.reset', 1]],
      [NETWORK_ERROR_STATEMENTS.totals, [today(), today()]],
    ] as const
    for (const [sql, values] of statements) {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...values)
        .all<{ detail: string }>()
      const details = results.map((row) => row.detail)
      expect(details, sql).toContainEqual(
        expect.stringMatching(/^SEARCH network_errors USING PRIMARY KEY \(day/),
      )
      expect(
        details.filter((detail) => /^SCAN network_errors/.test(detail)),
        sql,
      ).toEqual([])
    }
  })

  it('shows each kind in plain words with its count over 7 or 28 days, and "none reported" when there are none', async () => {
    const empty = await adminGet('/admin/speed?days=7')
    expect(tableRows(empty.body, 'Connections that failed over the last 7 days')).toEqual([['none reported']])

    await post([
      networkError('dns.name_not_resolved', '/'),
      networkError('dns.failed', '/about-us'),
      networkError('tcp.reset', '/'),
      networkError('tls.cert.date_invalid', '/'),
    ])
    const old = new Date(Date.now() - 10 * DAY).toISOString().slice(0, 10)
    await env.DB.prepare(
      "INSERT INTO network_errors (day, page, kind, count) VALUES (?, '/', 'tcp.reset', 5)",
    )
      .bind(old)
      .run()

    const week = await adminGet('/admin/speed?days=7')
    expect(week.response.status).toBe(200)
    expect(tableRows(week.body, 'Connections that failed over the last 7 days')).toEqual([
      ['the address could not be found (DNS)', '2'],
      ['the connection was reset', '1'],
      ['a secure connection could not be made', '1'],
    ])
    const month = await adminGet('/admin/speed?days=28')
    expect(tableRows(month.body, 'Connections that failed over the last 28 days')).toEqual([
      ['the connection was reset', '6'],
      ['the address could not be found (DNS)', '2'],
      ['a secure connection could not be made', '1'],
    ])
  })
})
