/**
 * The lead desk at any size (issue 33, migrations/0019): no console query scans leads or a traffic
 * table (checked with EXPLAIN QUERY PLAN on every statement the console's pages run), the counters
 * the triggers keep always equal a count of the table, Erase leaves no word in the search index,
 * and the CSV export streams past any one batch.
 */
import { describe, expect, it } from 'vitest'
import type { Bindings } from '../../../src/env'
import {
  adminGet,
  adminPost,
  DAY,
  env,
  newLeadContent,
  storeLead,
  tableRows,
  visibleText,
  runScheduledJob,
} from '../support'
import type { Job } from '../../../src/server/maintenance'
import { TEST_TIMINGS } from '../../support/timings'

const LIST = 'Leads, newest first'
/**
 * A hang detector for a test that makes dozens of requests or thousands of rows, not a speed check:
 * in `npm test` this file runs beside the browser tests at a lower priority, where the retention
 * backlog's 11,500 leads took 63 s (22 s for the whole file alone).
 */
const MANY_REQUESTS = 120_000

/** The database binding, recording every statement prepared and the values bound to it. */
function recordingDb(db: D1Database): { db: D1Database; statements: { sql: string; values: unknown[] }[] } {
  const statements: { sql: string; values: unknown[] }[] = []
  // The console reads through a session (console/d1-session.ts): its statements are recorded too.
  const recording = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(on, key) {
        const value: unknown = Reflect.get(on, key, on)
        if (key === 'withSession')
          return (constraint?: string) => recording((on as D1Database).withSession(constraint))
        if (key !== 'prepare') return typeof value === 'function' ? value.bind(on) : value
        return (sql: string) => {
          const entry = { sql, values: [] as unknown[] }
          statements.push(entry)
          const statement = (on as D1Database).prepare(sql)
          const bind = statement.bind.bind(statement)
          statement.bind = (...values: unknown[]) => ((entry.values = values), bind(...values))
          return statement
        }
      },
    })
  return { db: recording(db), statements }
}

/**
 * An unfiltered list walks its index in the index's own order and stops at its LIMIT: the plan
 * says SCAN, but it reads LIMIT rows whatever the size of the table.
 */
const walksInOrderToLimit = (sql: string, detail: string) =>
  detail.includes(' USING INDEX ') && !/\bWHERE\b/i.test(sql) && /\bLIMIT \?\s*$/.test(sql)

/** Each query plan line that walks a whole table (or a whole index of it) that grows with success. */
async function scansOf(statements: { sql: string; values: unknown[] }[]): Promise<string[]> {
  const scans: string[] = []
  for (const { sql, values } of statements) {
    if (!/^\s*(SELECT|WITH|UPDATE|DELETE|INSERT)/i.test(sql)) continue
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...values)
      .all<{ detail: string }>()
    for (const { detail } of results)
      if (
        /^SCAN (leads|l|traffic_\w+|lead_attempts)\b/.test(detail) &&
        !detail.includes('VIRTUAL TABLE') &&
        !walksInOrderToLimit(sql, detail)
      )
        scans.push(`${detail}  ←  ${sql.replace(/\s+/g, ' ').slice(-160)}`)
  }
  return scans
}

describe('the lead desk at any size', () => {
  it(
    'runs no console query or job statement that scans leads, their attempts or a traffic table',
    async () => {
      const fair = {
        pagePath: '/lp/retail-fair-2027',
        referrer: null,
        utmSource: null,
        utmMedium: null,
        utmCampaign: 'spring-fair',
      }
      const lead = await storeLead({ status: 'dead' }, newLeadContent(), fair)
      for (let i = 0; i < 60; i++)
        await storeLead({ status: i % 2 ? 'delivered' : 'spam' }, newLeadContent(), i % 10 ? fair : undefined)
      const { db, statements } = recordingDb(env.DB)
      const overrides: Partial<Bindings> = { DB: db }
      const first = await adminGet('/admin/leads', overrides)
      const older = /href="([^"]+)" rel="next"/.exec(first.body)![1]!.replaceAll('&amp;', '&')
      const campaign = await adminGet('/admin/leads?campaign=spring-fair', overrides)
      const campaignOlder = /href="([^"]+)" rel="next"/.exec(campaign.body)![1]!.replaceAll('&amp;', '&')
      const pages = [
        '/admin',
        older,
        campaignOlder,
        '/admin/leads?status=dead',
        '/admin/leads?status=delivered&via=emailjs',
        '/admin/leads?via=sales-email',
        `/admin/leads?q=${encodeURIComponent(lead.content.email)}`,
        '/admin/leads?q=showroom&status=spam',
        // Sales' campaign filters and search (migrations/0040), alone, together, with a status and
        // a channel, with an e-mail address, and their second page and export.
        '/admin/leads?path=%2Flp%2Fretail-fair-2027',
        '/admin/leads?campaign=spring-fair',
        '/admin/leads?path=%2Flp%2Fretail-fair-2027&campaign=spring-fair&status=dead&via=emailjs',
        `/admin/leads?campaign=spring-fair&q=${encodeURIComponent(lead.content.email)}`,
        '/admin/leads?q=retail-fair-2027&campaign=spring-fair',
        '/admin/leads?q=spring-fair&status=delivered',
        '/admin/leads.csv?path=%2Flp%2Fretail-fair-2027&status=delivered',
        `/admin/leads/${lead.id}`,
        '/admin/leads.csv',
        '/admin/leads.csv?q=grace',
        '/admin/traffic?days=7',
        '/admin/traffic?days=90',
        '/admin/traffic.csv?days=30',
      ]
      for (const page of pages) expect((await adminGet(page, overrides)).response.status, page).toBe(200)
      for (const action of ['send-again', 'erase'])
        expect(
          (await adminPost(`/admin/leads/${lead.id}/${action}`, {}, { overrides })).response.status,
        ).toBe(303)
      // The jobs too: the sweep (which folds traffic) and retention.
      for (const job of ['sweep', 'retention'] as const) await runScheduledJob(job, { ...env, DB: db })
      // The pages' own statements were seen (through the console's D1 session), not only the jobs'.
      expect(statements.some(({ sql }) => sql.includes('FROM lead_search s JOIN leads l'))).toBe(true)
      expect(statements.some(({ sql }) => sql.includes('FROM lead_source_totals'))).toBe(true)
      expect(statements.some(({ sql }) => sql.includes('FROM traffic_daily'))).toBe(true)
      expect(await scansOf(statements)).toEqual([])
    },
    MANY_REQUESTS,
  )

  it(
    'finds a rare status among leads that all share a word without walking every match (review T7)',
    async () => {
      await env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 6000)
         INSERT INTO leads (id, received_at, updated_at, status, name, inquiry)
         SELECT 'shared-' || i, ?1, ?1, 'delivered', 'Buyer ' || i, 'A virtual showroom, please' FROM n`,
      )
        .bind(new Date(Date.now() - DAY).toISOString())
        .run()
      // storeLead's inquiry asks for a virtual showroom; the third dead lead's does not.
      const failed = [await storeLead({ status: 'dead' }), await storeLead({ status: 'dead' })]
      const other = await storeLead({ status: 'dead' })
      await env.DB.prepare('UPDATE leads SET inquiry = ? WHERE id = ?')
        .bind('A try-on for our trainers', other.id)
        .run()
      const { db, statements } = recordingDb(env.DB)
      const { response, body } = await adminGet('/admin/leads?q=showroom&status=dead', { DB: db })
      expect(response.status).toBe(200)
      for (const lead of failed) expect(body).toContain(lead.id)
      expect(body).not.toContain(other.id)
      expect(body).not.toContain('shared-')
      // A status filter's word is no search word: `statusdead` typed in finds nothing.
      expect((await adminGet('/admin/leads?q=statusdead')).body).not.toContain(failed[0]!.id)
      let rowsRead = 0
      for (const { sql, values } of statements.filter(({ sql }) => /^\s*SELECT/i.test(sql)))
        rowsRead += (
          await env.DB.prepare(sql)
            .bind(...values)
            .all()
        ).meta.rows_read
      // Joining the word's 6,002 matches to leads to find the dead ones read them all, and more.
      expect(rowsRead).toBeLessThan(200)
      expect(await scansOf(statements)).toEqual([])
    },
    MANY_REQUESTS,
  )

  it('finds the test able to fail: a search by instr would scan leads', async () => {
    const sql = 'SELECT id FROM leads WHERE instr(lower(name), ?) > 0 ORDER BY received_at DESC LIMIT 50'
    expect(await scansOf([{ sql, values: ['grace'] }])).toHaveLength(1)
  })

  it('keeps its counters equal to a count of the table through every change', async () => {
    // Each with an attribution of its own, and two sharing one, for the traffic page's counters.
    const attribution = (i: number) => ({
      pagePath: i % 2 ? '/try-on' : '/',
      referrer: i === 3 ? null : 'https://www.google.com/',
      utmSource: null,
      utmMedium: null,
      utmCampaign: i === 1 ? 'spring' : null,
    })
    const leads = await Promise.all(
      ['dead', 'held', 'spam', 'accepted', 'delivered', 'delivered'].map((status, i) =>
        storeLead({ status: status as never }, newLeadContent(), attribution(i)),
      ),
    )
    await storeLead({ status: 'spam', receivedAt: '2025-01-01T00:00:00.000Z' })
    await adminPost(`/admin/leads/${leads[0]!.id}/send-again`)
    await adminPost(`/admin/leads/${leads[1]!.id}/mark-spam`)
    await adminPost(`/admin/leads/${leads[2]!.id}/not-spam`)
    await adminPost(`/admin/leads/${leads[4]!.id}/erase`)
    await env.DB.prepare("UPDATE leads SET status = 'delivered', delivered_via = 'sales-email' WHERE id = ?")
      .bind(leads[3]!.id)
      .run()
    await env.DB.prepare("DELETE FROM leads WHERE status = 'spam' AND received_at < '2026-01-01'").run()
    const counted = async (sql: string) => (await env.DB.prepare(sql).all()).results
    expect(
      await counted('SELECT day, status, send_via, n FROM lead_day_counts WHERE n > 0 ORDER BY 1, 2, 3'),
    ).toEqual(
      await counted(
        `SELECT substr(received_at, 1, 10) AS day, status, COALESCE(send_via, '') AS send_via, COUNT(*) AS n
         FROM leads GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      ),
    )
    expect(
      await counted('SELECT status, delivered_via, n FROM lead_totals WHERE n > 0 ORDER BY 1, 2'),
    ).toEqual(
      await counted(
        `SELECT status, COALESCE(delivered_via, '') AS delivered_via, COUNT(*) AS n FROM leads GROUP BY 1, 2 ORDER BY 1, 2`,
      ),
    )
    const attributed = await counted(
      `SELECT day, page_path, referrer, utm_source, utm_campaign, n FROM lead_attribution_days
       WHERE n > 0 ORDER BY 1, 2, 3, 4, 5`,
    )
    expect(attributed.length).toBeGreaterThan(1)
    expect(attributed).toEqual(
      await counted(
        `SELECT substr(received_at, 1, 10) AS day, COALESCE(page_path, '') AS page_path,
           COALESCE(referrer, '') AS referrer, COALESCE(utm_source, '') AS utm_source,
           COALESCE(utm_campaign, '') AS utm_campaign, COUNT(*) AS n
         FROM leads WHERE status <> 'spam' GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
      ),
    )
  })

  it('keeps no word of an erased lead in the search index', async () => {
    const lead = await storeLead({ status: 'dead' })
    const marker = lead.content.name.split(' ').at(-1)!
    const matches = async () =>
      (
        await env.DB.prepare('SELECT rowid FROM lead_search WHERE lead_search MATCH ?')
          .bind(`"${marker}"`)
          .all()
      ).results.length
    expect(await matches()).toBe(1)
    expect((await adminPost(`/admin/leads/${lead.id}/erase`)).response.status).toBe(303)
    expect(await matches()).toBe(0)
    const search = await adminGet(`/admin/leads?q=${marker}`)
    expect(tableRows(search.body, LIST)).toEqual([['No lead matches.']])
    // The index's own check: every word it holds belongs to a row it still indexes.
    await env.DB.prepare("INSERT INTO lead_search (lead_search, rank) VALUES ('integrity-check', 0)").run()
  })

  it('keeps no bytes of an erased lead’s words in the index’s data, not only out of its answers', async () => {
    const word = 'zebulonqx'
    const erased = await storeLead({ status: 'dead' }, { ...newLeadContent(), name: `Marta ${word}` })
    await storeLead({ status: 'dead' })
    const bytes = [...new TextEncoder().encode(word)].map((b) => b.toString(16).padStart(2, '0')).join('')
    const indexData = async () =>
      (
        await env.DB.prepare('SELECT lower(hex(block)) AS h FROM lead_search_data').all<{ h: string }>()
      ).results
        .map((row) => row.h)
        .join('')
    expect(await indexData()).toContain(bytes)
    expect((await adminPost(`/admin/leads/${erased.id}/erase`)).response.status).toBe(303)
    expect(await indexData()).not.toContain(bytes)
  })

  it(
    'streams a CSV export of more leads than one batch holds, every row once',
    async () => {
      const statements = Array.from({ length: 1_203 }, (_, i) =>
        env.DB.prepare(
          `INSERT INTO leads (id, received_at, updated_at, status, name) VALUES (?1, ?2, ?2, 'delivered', ?3)`,
        ).bind(`bulk-${i}`, new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString(), `Bulk ${i}`),
      )
      await env.DB.batch(statements)
      const { response, body } = await adminGet('/admin/leads.csv?status=delivered')
      expect(response.status).toBe(200)
      const lines = body.trimEnd().split('\r\n').slice(1)
      expect(lines).toHaveLength(1_203)
      expect(new Set(lines).size).toBe(1_203)
      expect(lines[0]).toContain('"bulk-1202"')
      expect(lines.at(-1)).toContain('"bulk-0"')
    },
    MANY_REQUESTS,
  )

  it(
    'drains a retention backlog in bounded runs, saying on the overview about how many are left',
    async () => {
      /** `count` leads of one status received `days` ago, made by SQLite itself. */
      const seed = (count: number, status: string, days: number) =>
        env.DB.prepare(
          `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
         INSERT INTO leads (id, received_at, updated_at, status, name, email)
         SELECT ?2 || i, ?3, ?3, ?2, 'Old Lead ' || i, 'old' || i || '@example.com' FROM n`,
        )
          .bind(count, status, new Date(Date.now() - days * DAY).toISOString())
          .run()
      // In batches of the tests' size (support/timings.ts), which the statements' bounds scale with.
      const batch = TEST_TIMINGS.retentionBatchLeads
      await seed(7.5 * batch, 'delivered', 100)
      await seed(4 * batch, 'spam', 40)
      const fresh = await storeLead({ status: 'delivered' })
      const run = (job: Job) => runScheduledJob(job)
      const left = async () => {
        const { results } = await env.DB.prepare(
          'SELECT status, COUNT(*) AS n FROM leads GROUP BY status ORDER BY status',
        ).all<{ status: string; n: number }>()
        return Object.fromEntries(results.map((r) => [r.status, r.n]))
      }
      const backlogNote = async () =>
        /about ([\d,]+) leads past their retention period/.exec(
          visibleText((await adminGet('/admin')).body),
        )?.[1]

      // The daily run: 5 statements of at most a batch each, the delivered first.
      await run('retention')
      expect(await left()).toEqual({ delivered: 2.5 * batch + 1, erased: 5 * batch, spam: 4 * batch })
      expect(await backlogNote()).toBe((6.5 * batch).toLocaleString('en-US'))
      // The sweep goes on while a backlog is left: the delivered finish (3 statements), none of the
      // other statuses is due (1), then spam until the budget is spent (1).
      await run('sweep')
      expect(await left()).toEqual({ delivered: 1, erased: 7.5 * batch, spam: 3 * batch })
      expect(await backlogNote()).toBe((3 * batch).toLocaleString('en-US'))
      await run('sweep')
      expect(await left()).toEqual({ delivered: 1, erased: 7.5 * batch })
      expect(await backlogNote()).toBeUndefined()
      expect(
        (await env.DB.prepare('SELECT status FROM leads WHERE id = ?').bind(fresh.id).first())?.status,
      ).toBe('delivered')
    },
    MANY_REQUESTS,
  )
})
