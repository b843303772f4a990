/**
 * Console reads go through a D1 session (console/d1-session.ts): a console action's redirect
 * carries the session's bookmark, and the next request starts its session from it, so with read
 * replication on it never reads a replica older than the write it follows.
 */
import { describe, expect, it } from 'vitest'
import { ADMIN_COOKIE, adminGet, adminPost, env, storeLead } from '../support'

/** The DB binding, recording what each withSession call was asked for, and the SQL each session ran. */
function sessionsOf(db: D1Database) {
  const asked: (string | undefined)[] = []
  const ran: { constraint: string | undefined; sql: string }[] = []
  const recordingSession = (session: D1DatabaseSession, constraint: string | undefined) =>
    new Proxy(session, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target)
        if (key === 'prepare') return (sql: string) => (ran.push({ constraint, sql }), target.prepare(sql))
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
  const recording = new Proxy(db, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target)
      if (key === 'withSession')
        return (constraint?: string) => (
          asked.push(constraint),
          recordingSession(target.withSession(constraint), constraint)
        )
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { db: recording, asked, ran }
}

describe('the console reads through a D1 session', () => {
  it('starts unconstrained, and after an action from the bookmark its redirect set', async () => {
    const lead = await storeLead({ status: 'dead' })
    const { db, asked } = sessionsOf(env.DB)
    expect((await adminGet('/admin/leads', { DB: db })).response.status).toBe(200)
    expect(asked).toEqual(['first-unconstrained', 'first-primary'])
    expect((await adminGet('/admin/leads', { DB: db })).response.headers.get('Set-Cookie')).toBeNull()

    const { response } = await adminPost(`/admin/leads/${lead.id}/send-again`, {}, { overrides: { DB: db } })
    expect(response.status).toBe(303)
    const cookie =
      /__Host-d1_bookmark=([^;]+);[^,]*Max-Age=300; Path=\/; HttpOnly; Secure; SameSite=Strict/.exec(
        response.headers.get('Set-Cookie') ?? '',
      )
    expect(cookie).not.toBeNull()
    const bookmark = cookie![1]!
    const after = await adminGet(
      `/admin/leads/${lead.id}`,
      { DB: db },
      `${ADMIN_COOKIE}; __Host-d1_bookmark=${bookmark}`,
    )
    expect(after.response.status).toBe(200)
    expect(asked.at(-2)).toBe(bookmark)
    expect(after.body).not.toContain('>dead<')
  })

  it('ignores a bookmark that is not one', async () => {
    const { db, asked } = sessionsOf(env.DB)
    const answer = await adminGet('/admin', { DB: db }, `${ADMIN_COOKIE}; __Host-d1_bookmark=%3Cscript%3E`)
    expect(answer.response.status).toBe(200)
    expect(asked).toEqual(['first-unconstrained', 'first-primary'])
  })

  it('reads who is signed in, and their role, from the primary; the page’s lists nearby (review T8)', async () => {
    await storeLead({ status: 'dead' })
    const { db, ran } = sessionsOf(env.DB)
    expect((await adminGet('/admin/leads', { DB: db })).response.status).toBe(200)
    const where = (table: RegExp) => [
      ...new Set(ran.filter(({ sql }) => table.test(sql)).map((r) => r.constraint)),
    ]
    expect(where(/FROM admin_sessions/)).toEqual(['first-primary'])
    expect(where(/FROM leads\b/)).toEqual(['first-unconstrained'])
  })
})
