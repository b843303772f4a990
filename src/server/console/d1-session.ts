/**
 * The console reads through a D1 session (the Sessions API, issue 33), so that with read
 * replication on, a console opened far from the primary reads a nearby replica; who is signed in,
 * and with which role, is read through a second session that starts at the primary. The session's
 * bookmark travels in a cookie: the request after a write (the 303 after Send again, say) starts
 * from that write's bookmark, so it never reads a replica that has not seen it. Without
 * replication, or locally, the same path runs and every query goes to the one database.
 * The cookie is set only where it matters, on a post answered with a redirect, and lives for
 * minutes, named and flagged as the console's own cookies are (people/middleware/console-session.ts):
 * every other answer carries exactly the cookies it did before.
 */
import { getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { AppEnv, Bindings, Services } from '../app-env'
import { cookieOptions, prefixOf } from '../people/middleware/console-session'

const BOOKMARK_COOKIE = 'd1_bookmark'
/** Replicas catch up within seconds; the bookmark only has to outlive the redirect it rides on. */
const BOOKMARK_MS = 5 * 60 * 1000

/** A bookmark as D1 writes them: hex parts joined by dashes, nothing a cookie could not carry. */
const BOOKMARK = /^[0-9a-f-]{1,200}$/i

/** The composition root's services for some bindings, `checks` the database that says who is signed in. */
export type ServicesFor = (env: Bindings, checks: D1Database) => Services

export const consoleReadsNearby = (servicesFor: ServicesFor) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const bookmark = getCookie(c, BOOKMARK_COOKIE, prefixOf(c))
    const session = c.env.DB.withSession(
      bookmark && BOOKMARK.test(bookmark) ? bookmark : 'first-unconstrained',
    )
    // Who someone is (session, role, devices, invitations) is read from the primary: a sign-out,
    // a revoked invitation or a demotion counts at once, everywhere (review T8). Lists read nearby.
    const checks = c.env.DB.withSession('first-primary')
    // A session has prepare() and batch(), all the storage classes use (storage/*.ts).
    c.set(
      'services',
      servicesFor({ ...c.env, DB: session as unknown as D1Database }, checks as unknown as D1Database),
    )
    await next()
    const latest = session.getBookmark()
    const redirectAfterPost = c.req.method === 'POST' && c.res.status >= 300 && c.res.status < 400
    if (redirectAfterPost && latest && latest !== bookmark)
      setCookie(c, BOOKMARK_COOKIE, latest, cookieOptions(c, BOOKMARK_MS))
  })
