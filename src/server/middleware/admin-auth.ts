/**
 * Who may change what the site shows. Two ways in, each its own middleware:
 * - accessSignIn: Cloudflare Access (when ACCESS_TEAM_DOMAIN and ACCESS_AUD are set) signs the
 *   person in with a valid Cf-Access-Jwt-Assertion; their e-mail is the admin's name.
 * - passwordSignIn: HTTP Basic with ADMIN_USERNAME (default "admin") and ADMIN_PASSWORD (12+
 *   characters), parsed by Hono's own helper and compared in constant time. The sign-in guard (a
 *   Durable Object) is asked before any password is compared, so a locked-out client is refused
 *   even with the right one.
 * On success `c.var.admin` names who signed in. Failed sign-ins are logged by client, never with
 * the user name or password.
 */
import type { Context } from 'hono'
import { every } from 'hono/combine'
import { createMiddleware } from 'hono/factory'
import { auth } from 'hono/utils/basic-auth'
import { timingSafeEqual } from 'hono/utils/buffer'
import { log } from '../../lib/log'
import type { AppEnv, Bindings } from '../app-env'
import { accessConfig, verifyAccessJwt } from '../services/access-jwt'
import type { Outcome } from '../storage/sign-in-guard'
import { clientKeyOf } from './rate-limit'
import type { AnswerStyle } from './services'

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

/** Whether the password door is open: `on`, or why not. */
export type PasswordState = 'on' | 'unset' | 'too short' | 'access only'

export function passwordState(env: Bindings): PasswordState {
  if (accessConfig(env) && env.ADMIN_PASSWORD_WITH_ACCESS !== 'true') return 'access only'
  const password = env.ADMIN_PASSWORD ?? ''
  if (!password) return 'unset'
  return password.length < MIN_PASSWORD_LENGTH ? 'too short' : 'on'
}

/** The password admin's name: ADMIN_USERNAME, or "admin". */
export const passwordAdminName = (env: Bindings) => env.ADMIN_USERNAME || 'admin'

/** Whether the user name and password are the admin's (both compared, in constant time). */
export async function isPasswordAdmin(credentials: { username: string; password: string }, env: Bindings) {
  const [userOk, passOk] = await Promise.all([
    timingSafeEqual(credentials.username, passwordAdminName(env)),
    timingSafeEqual(credentials.password, env.ADMIN_PASSWORD ?? ''),
  ])
  return userOk && passOk
}

function refuse(
  c: Context<AppEnv>,
  style: AnswerStyle,
  status: 401 | 403 | 429 | 503,
  message: string,
  headers: Record<string, string> = {},
) {
  const all = { 'Cache-Control': 'no-store', ...headers }
  return style === 'json' ? c.json({ error: message }, status, all) : c.text(message, status, all)
}

const pathOf = (c: Context) => new URL(c.req.url).pathname

/** A request that Access let through carries its token; a valid one signs the person in. */
export const accessSignIn = (style: AnswerStyle) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const access = accessConfig(c.env)
    const assertion = c.req.header('Cf-Access-Jwt-Assertion')
    if (!access || !assertion) return next()
    const verified = await verifyAccessJwt(assertion, access, c.var.services.accessKeys)
    if (!verified.ok) {
      log.warn('admin', 'refused an Access token', { path: pathOf(c), reason: verified.error.message })
      return refuse(c, style, 403, ADMIN_MESSAGES.badAccessToken)
    }
    c.set('admin', { who: verified.value.email })
    return next()
  })

/** HTTP Basic behind the sign-in guard; passes a person Access already signed in. */
export const passwordSignIn = (style: AnswerStyle) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (c.var.admin) return next()
    const path = pathOf(c)
    const password = c.env.ADMIN_PASSWORD ?? ''
    if (!password) {
      if (accessConfig(c.env)) return refuse(c, style, 401, ADMIN_MESSAGES.throughAccess)
      log.error('admin', 'request refused: ADMIN_PASSWORD is not set', { path })
      return refuse(c, style, 503, ADMIN_MESSAGES.disabled)
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      log.error('admin', 'request refused: ADMIN_PASSWORD is too short', {
        path,
        minLength: MIN_PASSWORD_LENGTH,
      })
      return refuse(c, style, 503, ADMIN_MESSAGES.tooShort)
    }

    const client = clientKeyOf(c)
    const guard = c.var.services.signInGuard()
    const begun = await guard.begin(client).catch((error: unknown) => {
      log.error('admin', 'sign-in guard unavailable', { error })
      return undefined
    })
    if (!begun) return refuse(c, style, 503, ADMIN_MESSAGES.guardDown)
    if (!begun.allowed) {
      log.warn('admin', 'client refused: locked out', {
        client,
        path,
        retryAfterSeconds: begun.retryAfterSeconds,
      })
      return refuse(c, style, 429, ADMIN_MESSAGES.tooMany, { 'Retry-After': String(begun.retryAfterSeconds) })
    }

    // A missing header is the browser's first request, not a failure; a malformed one is.
    const credentials = auth(c.req.raw)
    const outcome: Outcome =
      c.req.header('Authorization') === undefined
        ? 'no credentials'
        : credentials && (await isPasswordAdmin(credentials, c.env))
          ? 'succeeded'
          : 'failed'
    const lockedNow = await guard.end(begun.ticket, outcome).catch(() => false)
    if (outcome === 'failed') log.warn('admin', 'failed sign-in', { client, path })
    if (lockedNow) log.warn('admin', 'client locked out after repeated failed sign-ins', { client })
    if (outcome !== 'succeeded') {
      return refuse(c, style, 401, ADMIN_MESSAGES.unauthorized, {
        'WWW-Authenticate': `Basic realm="${REALM}", charset="UTF-8"`,
      })
    }
    c.set('admin', { who: passwordAdminName(c.env) })
    return next()
  })

/** Admin-only and per request: never stored by a browser or a shared cache, never indexed. */
export const privateResponse = createMiddleware(async (c, next) => {
  await next()
  c.res.headers.set('Cache-Control', 'no-store')
  c.res.headers.set('X-Robots-Tag', 'noindex, nofollow')
})

/** Access first, then the password: what /admin, /update and PUT /api/settings require. */
export const adminAuth = (style: AnswerStyle) => every(accessSignIn(style), passwordSignIn(style))
