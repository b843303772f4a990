import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import { basicAuth } from 'hono/basic-auth'
import { timingSafeEqual } from 'hono/utils/buffer'
import type { AppEnv } from '../../env'
import { isolate } from '../isolate'
import { checkRateLimit, clientKey } from './rate-limit'

const REALM = 'XR Stores admin'
const LIMIT_PERIOD_SECONDS = 60

/** What to answer when credentials are missing or wrong: JSON for APIs, a line of text for pages. */
export type AdminAuthStyle = 'json' | 'text'

const UNAUTHORIZED = 'Sign in with the admin username and password to change the 3D viewer URL.'
const TOO_MANY = 'Too many failed sign-in attempts. Try again in a minute.'
export const ADMIN_DISABLED =
  'Admin access is disabled: set ADMIN_PASSWORD (`wrangler secret put ADMIN_PASSWORD`, or ADMIN_PASSWORD=... in .dev.vars for local development).'

function reply(c: Context<AppEnv>, style: AdminAuthStyle, status: 401 | 429 | 503, message: string) {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' }
  if (status === 401) headers['WWW-Authenticate'] = `Basic realm="${REALM}", charset="UTF-8"`
  if (status === 429) headers['Retry-After'] = String(LIMIT_PERIOD_SECONDS)
  return style === 'json' ? c.json({ error: message }, status, headers) : c.text(message, status, headers)
}

/**
 * HTTP Basic auth for the admin routes with ADMIN_USERNAME (default "admin") and ADMIN_PASSWORD,
 * compared in constant time by Hono's basicAuth. Without ADMIN_PASSWORD the routes answer 503.
 * Failed sign-ins are logged (never the password or user name) and rate limited per client with
 * the ADMIN_LIMITER binding.
 */
export function adminAuth(style: AdminAuthStyle) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const password = c.env.ADMIN_PASSWORD
    if (!password) {
      console.error('Admin request refused: ADMIN_PASSWORD is not set')
      return reply(c, style, 503, ADMIN_DISABLED)
    }
    const username = c.env.ADMIN_USERNAME || 'admin'
    const client = clientKey(c)
    const lockedUntil = isolate().adminLockouts
    const path = new URL(c.req.url).pathname

    let limited: Response | null = null
    /** Logs a failed sign-in (never the password or user name) and counts it towards the limit. */
    const recordFailure = async (detail: Record<string, unknown>) => {
      console.warn('Failed admin sign-in', { path, client, method: c.req.method, ...detail })
      limited = await checkRateLimit(
        c,
        c.env.ADMIN_LIMITER,
        `admin:${client}`,
        TOO_MANY,
        LIMIT_PERIOD_SECONDS,
      )
      if (limited) {
        forgetExpiredLockouts(lockedUntil)
        lockedUntil.set(client, Date.now() + LIMIT_PERIOD_SECONDS * 1000)
        console.warn('Admin sign-in rate limit reached', { path, client })
      }
    }

    let verified = false
    const check = basicAuth({
      realm: REALM,
      verifyUser: async (user, pass) => {
        verified = true
        if ((lockedUntil.get(client) ?? 0) > Date.now()) {
          limited = reply(c, style, 429, TOO_MANY)
          return false
        }
        const [userOk, passOk] = await Promise.all([
          timingSafeEqual(user, username),
          timingSafeEqual(pass, password),
        ])
        if (userOk && passOk) return true
        await recordFailure({ knownUser: userOk })
        return false
      },
    })

    // basicAuth only decides here; the route runs after it, outside this try.
    let allowed = false
    try {
      await check(c, async () => {
        allowed = true
      })
    } catch (error) {
      if (!(error instanceof HTTPException)) throw error
      // basicAuth refuses a malformed or non-Basic Authorization header before verifyUser runs;
      // that is still a sign-in attempt, so it is logged, limited and subject to a lockout.
      if (!verified && c.req.header('Authorization') !== undefined) {
        if ((lockedUntil.get(client) ?? 0) > Date.now()) return reply(c, style, 429, TOO_MANY)
        await recordFailure({ malformed: true })
      }
      return limited ?? reply(c, style, 401, UNAUTHORIZED)
    }
    if (!allowed) return reply(c, style, 401, UNAUTHORIZED)
    await next()
  })
}

function forgetExpiredLockouts(lockedUntil: Map<string, number>): void {
  const now = Date.now()
  for (const [client, until] of lockedUntil) if (until <= now) lockedUntil.delete(client)
}
