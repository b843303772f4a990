/**
 * The activity log: what each console event writes (who, what, on what; never a password, a
 * token or a lead's field), /admin/activity's filters and pages, its CSV with the formula guard,
 * and the retention that keeps 400 days.
 */
import '../support/webauthn'
import { createExecutionContext } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import {
  ADMIN,
  ADMIN_COOKIE,
  ADMIN_ID,
  callApp,
  env,
  ORIGIN,
  SAME_ORIGIN,
  sessionAs,
  storeLead,
  tableRows,
  uniqueIpv4,
  visibleText,
  worker,
  runScheduledJob,
} from '../support'

interface Row {
  id: number
  at: string
  actor: string
  actor_id: string | null
  action: string
  subject: string | null
  detail: string | null
  client: string | null
}

const rows = async () => (await env.DB.prepare('SELECT * FROM activity ORDER BY id').all<Row>()).results

const FORM = { ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' }

const post = (path: string, body = '', cookie = ADMIN_COOKIE, headers: Record<string, string> = {}) =>
  callApp(path, {
    method: 'POST',
    redirect: 'manual',
    headers: { ...FORM, Cookie: cookie, ...headers },
    body,
  })

describe('what the log records', () => {
  it('sign-ins, failed ones by client only, and sign-outs', async () => {
    const ip = uniqueIpv4()
    await post('/admin/sign-in', `username=admin&password=not-the-password-${ip}`, '', {
      'CF-Connecting-IP': ip,
    })
    const good = await post('/admin/sign-in', new URLSearchParams(ADMIN).toString(), '', {
      'CF-Connecting-IP': ip,
    })
    const session = good.response.headers
      .getSetCookie()
      .find((c) => c.startsWith('__Host-admin_session='))!
      .split(';')[0]!
    await post('/admin/sign-out', '', session)
    const log = await rows()
    expect(log.map((r) => [r.action, r.actor, r.detail])).toEqual([
      ['sign-in-failed', '', 'password'],
      ['signed-in', 'admin', 'password'],
      ['signed-out', 'admin', null],
    ])
    expect(log[0]!.client).toBe(ip)
    expect(log[1]!.actor_id).toBe(ADMIN_ID)
    expect(JSON.stringify(log)).not.toContain('not-the-password')
    expect(JSON.stringify(log)).not.toContain(ADMIN.password)
  })

  it('lead actions and exports by lead id and filter, never a lead’s field or a search’s words', async () => {
    const { id, content } = await storeLead({ status: 'dead' })
    await post(`/admin/leads/${id}/send-again`)
    await post(`/admin/leads/${id}/erase`)
    await callApp(`/admin/leads.csv?status=dead&q=${encodeURIComponent(content.email)}`, {
      headers: { Cookie: ADMIN_COOKIE },
    })
    const log = await rows()
    expect(log.map((r) => [r.action, r.subject])).toEqual([
      ['lead-sent-again', id],
      ['lead-erased', id],
      ['leads-exported', null],
    ])
    expect(log[2]!.detail).toBe('status dead, with a search (not kept)')
    for (const field of Object.values(content)) expect(JSON.stringify(log)).not.toContain(field)
  })

  it('a lead export is recorded as it starts: a download cut off after its first rows is there too', async () => {
    for (let i = 0; i < 3; i++) await storeLead({ status: 'delivered' })
    // As a browser whose download stops: the body is read no further than its first chunk.
    const response = await worker.fetch!(
      new Request(`${ORIGIN}/admin/leads.csv?status=delivered`, { headers: { Cookie: ADMIN_COOKIE } }),
      env,
      createExecutionContext(),
    )
    expect(response.status).toBe(200)
    const reader = response.body!.getReader()
    expect((await reader.read()).done).toBe(false)
    await reader.cancel()
    const log = await rows()
    expect(log.map((r) => [r.action, r.actor, r.detail])).toEqual([
      ['leads-exported', ADMIN.username, 'status delivered'],
    ])
  })

  it('the team, passkeys, the viewer URL and traffic exports', async () => {
    await post('/admin/team/invite', 'name=Sam&role=sales')
    await sessionAs('sales')
    await post('/admin/team/admins/role-sales/role', 'role=editor')
    await post('/admin/team/admins/role-sales/remove')
    await post('/admin/settings', 'view3dUrl=https%3A%2F%2Fviewer.example.org%2F')
    await callApp('/admin/traffic.csv?days=7&by=source', { headers: { Cookie: ADMIN_COOKIE } })
    expect((await rows()).map((r) => [r.action, r.subject, r.detail])).toEqual([
      ['invited', null, 'Sam as sales'],
      ['role-changed', 'role-sales', 'to editor'],
      ['admin-removed', 'role-sales', null],
      ['viewer-url-changed', null, 'https://viewer.example.org/ (console)'],
      ['traffic-exported', null, '7 days by source'],
    ])
  })
})

describe('/admin/activity', () => {
  async function seed(n: number) {
    const statements = Array.from({ length: n }, (_, i) =>
      env.DB.prepare('INSERT INTO activity (at, actor, action, subject) VALUES (?, ?, ?, ?)').bind(
        new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
        i % 2 ? 'Ada' : 'Bob',
        i % 3 ? 'lead-erased' : 'leads-exported',
        `lead-${i}`,
      ),
    )
    await env.DB.batch(statements)
  }

  it('lists newest first, 50 a page with a link to older ones, filtered by person and action', async () => {
    await seed(120)
    const first = await callApp('/admin/activity', { headers: { Cookie: ADMIN_COOKIE } })
    const table = tableRows(first.body, 'Activity, newest first (times in UTC)')
    expect(table).toHaveLength(50)
    expect(table[0]).toEqual(['2026-11-01 01:59:00 UTC', 'Ada', 'Erased a lead', 'lead-119', '—'])
    const older = /href="(\/admin\/activity\?before=\d+)"/.exec(first.body)?.[1]
    expect(older).toBeDefined()
    const second = await callApp(older!, { headers: { Cookie: ADMIN_COOKIE } })
    expect(tableRows(second.body, 'Activity, newest first (times in UTC)')[0]![3]).toBe('lead-69')
    const filtered = await callApp('/admin/activity?person=Ada&action=leads-exported', {
      headers: { Cookie: ADMIN_COOKIE },
    })
    const only = tableRows(filtered.body, 'Activity, newest first (times in UTC)')
    expect(only.length).toBe(20)
    for (const row of only) expect([row[1], row[2]]).toEqual(['Ada', 'Exported leads'])
    expect(visibleText(filtered.body)).not.toContain('Older entries')
  })

  it('exports the filter as CSV, every field quoted and formula-guarded, and records the export', async () => {
    await env.DB.prepare(
      "INSERT INTO activity (at, actor, actor_id, action, detail) VALUES ('2026-11-01T00:00:00.000Z', '=HYPERLINK(\"x\")', 'ada-1', 'invited', '+1 555')",
    ).run()
    const { response, body } = await callApp('/admin/activity.csv?action=invited', {
      headers: { Cookie: ADMIN_COOKIE },
    })
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="activity-\d{4}-\d\d-\d\d\.csv"$/,
    )
    // The text decoder drops the byte-order mark; the bytes keep it (the lead export's test reads them).
    expect(body.split('\r\n')).toEqual([
      '"time (UTC)","person","person id","action","subject","detail","client"',
      '"2026-11-01T00:00:00.000Z","\'=HYPERLINK(""x"")","ada-1","invited","","\'+1 555",""',
      '',
    ])
    const last = (await rows()).at(-1)!
    expect([last.action, last.detail]).toEqual(['activity-exported', 'everyone, invited'])
  })

  it('streams a long log whole', async () => {
    await seed(1200)
    const { body } = await callApp('/admin/activity.csv', { headers: { Cookie: ADMIN_COOKIE } })
    expect(body.split('\r\n').filter(Boolean)).toHaveLength(1201)
  })
})

describe('retention', () => {
  it('keeps 400 days (ACTIVITY_RETENTION_DAYS) and deletes what is older', async () => {
    const day = 86_400_000
    await env.DB.batch(
      [401, 399, 1].map((days) =>
        env.DB.prepare("INSERT INTO activity (at, actor, action) VALUES (?, 'admin', 'signed-in')").bind(
          new Date(Date.now() - days * day).toISOString(),
        ),
      ),
    )
    await runScheduledJob('retention')
    expect((await rows()).length).toBe(2)
    await runScheduledJob('retention', { ...env, ACTIVITY_RETENTION_DAYS: '30' })
    expect((await rows()).length).toBe(1)
  })

  it('T13: the database itself refuses to change or delete an entry, even an old one, outside the retention job', async () => {
    const old = new Date(Date.now() - 401 * 86_400_000).toISOString()
    await env.DB.batch(
      [old, new Date().toISOString()].map((at) =>
        env.DB.prepare("INSERT INTO activity (at, actor, action) VALUES (?, 'admin', 'signed-in')").bind(at),
      ),
    )
    const before = await rows()
    await expect(env.DB.prepare("UPDATE activity SET actor = 'someone else'").run()).rejects.toThrow(
      /append-only/,
    )
    await expect(
      env.DB.prepare('DELETE FROM activity WHERE id = ?').bind(before[1]!.id).run(),
    ).rejects.toThrow(/append-only/)
    // Not even a row past the retention period, by any statement but the job's.
    await expect(
      env.DB.prepare('DELETE FROM activity WHERE at < ?')
        .bind(old + 'Z')
        .run(),
    ).rejects.toThrow(/append-only/)
    // Nor by declaring a cutoff of today: the job's cutoff is at least a day old.
    await expect(
      env.DB.batch([
        env.DB.prepare("INSERT INTO activity_retention (cutoff) VALUES ('9999')"),
        env.DB.prepare('DELETE FROM activity'),
      ]),
    ).rejects.toThrow(/append-only/)
    expect(await rows()).toEqual(before)
    // The retention job still deletes what is past its period, and only that.
    await runScheduledJob('retention')
    expect((await rows()).map((row) => row.at)).toEqual([before[1]!.at])
  })
})
