/**
 * Console reads go through a D1 session (middleware/d1-session.ts): a console action's redirect
 * carries the session's bookmark, and the next request starts its session from it, so with read
 * replication on it never reads a replica older than the write it follows.
 */
import { describe, expect, it } from 'vitest'
import { ADMIN_COOKIE, adminGet, adminPost, env, storeLead } from '../support'

/** The DB binding, recording what each withSession call was asked for. */
function sessionsOf(db: D1Database) {
  const asked: (string | undefined)[] = []
  const recording = new Proxy(db, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target)
      if (key === 'withSession')
        return (constraint?: string) => (asked.push(constraint), target.withSession(constraint))
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  return { db: recording, asked }
}

describe('the console reads through a D1 session', () => {
  it('starts unconstrained, and after an action from the bookmark its redirect set', async () => {
    const lead = await storeLead({ status: 'dead' })
    const { db, asked } = sessionsOf(env.DB)
    expect((await adminGet('/admin/leads', { DB: db })).response.status).toBe(200)
    expect(asked).toEqual(['first-unconstrained'])
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
    expect(asked.at(-1)).toBe(bookmark)
    expect(after.body).not.toContain('>dead<')
  })

  it('ignores a bookmark that is not one', async () => {
    const { db, asked } = sessionsOf(env.DB)
    const answer = await adminGet('/admin', { DB: db }, `${ADMIN_COOKIE}; __Host-d1_bookmark=%3Cscript%3E`)
    expect(answer.response.status).toBe(200)
    expect(asked).toEqual(['first-unconstrained'])
  })
})
