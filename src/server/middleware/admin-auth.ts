/**
 * Who may change what the site shows. Two ways in:
 * - Cloudflare Access (when ACCESS_TEAM_DOMAIN and ACCESS_AUD are set): a valid
 *   Cf-Access-Jwt-Assertion; the person's e-mail is the admin's name.
 * - HTTP Basic with ADMIN_USERNAME (default "admin") and ADMIN_PASSWORD (12+ characters),
 *   compared in constant time by Hono's basicAuth. The sign-in guard (a Durable Object) is asked
 *   before any password is compared, so a locked-out client is refused even with the right one.
 * On success `c.get('admin')` names who signed in. Failed sign-ins are logged by client, never
 * with the user name or password.
 */
import type { Context } from 'hono'
import { basicAuth } from 'hono/basic-auth'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import { timingSafeEqual } from 'hono/utils/buffer'
import type { AppEnv } from '../../env'
import { log } from '../../lib/log'
import { errorText } from '../../lib/result'
import { isolate } from '../isolate'
import { accessConfig, verifyAccessJwt } from '../services/access-jwt'
import type { Outcome } from '../storage/sign-in-guard'
import { clientKeyOf } from './rate-limit'

const REALM = 'XR Stores admin'
export const MIN_PASSWORD_LENGTH = 12

export const ADMIN_MESSAGES = {
  unauthorized: 'Sign in with the admin username and password.',
  throughAccess: 'Sign in through Cloudflare Access to reach the admin.',
  badAccessToken: 'The Cloudflare Access token is not valid for this site.',
  tooMany: 'Too many failed sign-in attempts. Try again in 15 minutes.',
  guardDown: 'Sign-in is unavailable right now. Try again in a minute.',
  disabled:
    'Admin access is disabled: set ADMIN_PASSWORD (`wrangler secret put ADMIN_PASSWORD`, or ADMIN_PASSWORD=... in .dev.vars for local development).',
  tooShort: `Admin access is disabled: ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters long. Set a longer one with \`wrangler secret put ADMIN_PASSWORD\`.`,
} as const

/** How refusals are written: JSON for the API, plain text for pages (the browser shows it). */
export type AdminAuthStyle = 'json' | 'text'

function refuse(
  c: Context<AppEnv>,
  style: AdminAuthStyle,
  status: 401 | 403 | 429 | 503,
  message: string,
  headers: Record<string, string> = {},
) {
  const all = { 'Cache-Control': 'no-store', ...headers }
  return style === 'json' ? c.json({ error: message }, status, all) : c.text(message, status, all)
}

/** The one instance that counts every admin sign-in. */
export const signInGuard = (c: Context<AppEnv>) =>
  c.env.SIGN_IN_GUARD.get(c.env.SIGN_IN_GUARD.idFromName('admin-sign-in'))

export function adminAuth(style: AdminAuthStyle) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const path = new URL(c.req.url).pathname
    const access = accessConfig(c.env)
    const assertion = c.req.header('Cf-Access-Jwt-Assertion')
    if (access && assertion) {
      const verified = await verifyAccessJwt(assertion, access, isolate().accessKeys)
      if (!verified.ok) {
        log.warn('admin', `refused an Access token on ${path}: ${verified.error.message}`)
        return refuse(c, style, 403, ADMIN_MESSAGES.badAccessToken)
      }
      c.set('admin', { who: verified.value.email })
      return next()
    }

    const password = c.env.ADMIN_PASSWORD ?? ''
    if (!password) {
      if (access) return refuse(c, style, 401, ADMIN_MESSAGES.throughAccess)
      log.error('admin', `request to ${path} refused: ADMIN_PASSWORD is not set`)
      return refuse(c, style, 503, ADMIN_MESSAGES.disabled)
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      log.error('admin', `request to ${path} refused: ADMIN_PASSWORD is shorter than ${MIN_PASSWORD_LENGTH}`)
      return refuse(c, style, 503, ADMIN_MESSAGES.tooShort)
    }

    const client = clientKeyOf(c)
    const guard = signInGuard(c)
    const begun = await guard.begin(client).catch((error: unknown) => {
      log.error('admin', `sign-in guard unavailable: ${errorText(error)}`)
      return undefined
    })
    if (!begun) return refuse(c, style, 503, ADMIN_MESSAGES.guardDown)
    if (!begun.allowed) {
      log.warn('admin', `client ${client} refused on ${path}: locked out for ${begun.retryAfterSeconds} s`)
      return refuse(c, style, 429, ADMIN_MESSAGES.tooMany, { 'Retry-After': String(begun.retryAfterSeconds) })
    }

    const username = c.env.ADMIN_USERNAME || 'admin'
    // Written by verifyUser, which basicAuth calls only for a well-formed Basic header.
    const attempt: { outcome: Outcome } = {
      outcome: c.req.header('Authorization') === undefined ? 'no credentials' : 'failed',
    }
    try {
      await basicAuth({
        realm: REALM,
        verifyUser: async (user, pass) => {
          const [userOk, passOk] = await Promise.all([
            timingSafeEqual(user, username),
            timingSafeEqual(pass, password),
          ])
          if (userOk && passOk) attempt.outcome = 'succeeded'
          return userOk && passOk
        },
      })(c, async () => undefined)
    } catch (error) {
      // basicAuth throws its 401 for a missing, malformed or wrong Authorization header.
      if (!(error instanceof HTTPException)) throw error
    } finally {
      const lockedNow = await guard.end(begun.ticket, attempt.outcome).catch(() => false)
      if (attempt.outcome === 'failed') log.warn('admin', `failed sign-in from client ${client} on ${path}`)
      if (lockedNow) log.warn('admin', `client ${client} locked out after repeated failed sign-ins`)
    }
    if (attempt.outcome !== 'succeeded') {
      return refuse(c, style, 401, ADMIN_MESSAGES.unauthorized, {
        'WWW-Authenticate': `Basic realm="${REALM}", charset="UTF-8"`,
      })
    }
    c.set('admin', { who: username })
    await next()
  })
}
