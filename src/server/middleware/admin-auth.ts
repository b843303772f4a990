/**
 * Who may change what the site shows. Two ways in, each its own middleware:
 * - accessSignIn: Cloudflare Access (when ACCESS_TEAM_DOMAIN and ACCESS_AUD are set) signs the
 *   person in with a valid Cf-Access-Jwt-Assertion; their e-mail is the admin's name.
 * - apiTokenSignIn: `Authorization: Bearer <SETTINGS_API_TOKEN>` (32+ characters), for machines
 *   that change the viewer address without a person's password; named "api token".
 * - passwordSignIn: HTTP Basic with ADMIN_USERNAME (default "admin") and ADMIN_PASSWORD (12+
 *   characters), parsed by Hono's own helper and compared in constant time.
 * The sign-in guard (a Durable Object) is asked before any token or password is compared, so a
 * locked-out client is refused even with the right one. On success `c.var.admin` names who signed
 * in. Failed sign-ins are logged by client, never with the user name, password or token.
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
/** A machine's token is random, not remembered: long enough that guessing is hopeless. */
export const MIN_API_TOKEN_LENGTH = 32
/** Who the history names for a change made with SETTINGS_API_TOKEN. */
export const API_TOKEN_ADMIN = 'api token'

export const ADMIN_MESSAGES = {
  unauthorized: 'Sign in with the admin username and password.',
  badApiToken: 'The API token is not valid.',
  needApiToken: 'Send the API token as `Authorization: Bearer <token>`.',
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

/**
 * Asks the sign-in guard, then `check` (which compares the credentials), then tells the guard how
 * it went. Answers a locked-out client with 429 (and a guard it cannot reach with 503) before
 * comparing anything; otherwise returns the outcome.
 */
async function guarded(
  c: Context<AppEnv>,
  style: AnswerStyle,
  check: () => Promise<Outcome>,
): Promise<Outcome | Response> {
  const client = clientKeyOf(c)
  const path = pathOf(c)
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
  const outcome = await check()
  const lockedNow = await guard.end(begun.ticket, outcome).catch(() => false)
  if (outcome === 'failed') log.warn('admin', 'failed sign-in', { client, path })
  if (lockedNow) log.warn('admin', 'client locked out after repeated failed sign-ins', { client })
  return outcome
}

const BEARER = /^Bearer\s+(\S+)\s*$/i

/**
 * A machine's Bearer token (SETTINGS_API_TOKEN, 32+ characters) behind the same guard as the
 * password; passes a request without one (or one Access already signed in) to the next way in.
 */
export const apiTokenSignIn = (style: AnswerStyle) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('Authorization') ?? ''
    if (c.var.admin || !/^Bearer\b/i.test(header)) return next()
    const expected = c.env.SETTINGS_API_TOKEN ?? ''
    // Tokens off: the password door answers (and counts) it as the wrong scheme it then is.
    if (expected.length < MIN_API_TOKEN_LENGTH) {
      if (expected) log.error('admin', 'API tokens off: SETTINGS_API_TOKEN is too short', { path: pathOf(c) })
      return next()
    }
    const presented = BEARER.exec(header)?.[1] ?? ''
    const outcome = await guarded(c, style, async () =>
      (await timingSafeEqual(presented, expected)) ? 'succeeded' : 'failed',
    )
    if (outcome instanceof Response) return outcome
    if (outcome !== 'succeeded') {
      return refuse(c, style, 401, ADMIN_MESSAGES.badApiToken, {
        'WWW-Authenticate': 'Bearer error="invalid_token"',
      })
    }
    c.set('admin', { who: API_TOKEN_ADMIN })
    return next()
  })

/** HTTP Basic behind the sign-in guard; passes a request another way in already signed in. */
export const passwordSignIn = (style: AnswerStyle) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (c.var.admin) return next()
    const path = pathOf(c)
    const password = c.env.ADMIN_PASSWORD ?? ''
    if (!password) {
      if (accessConfig(c.env)) return refuse(c, style, 401, ADMIN_MESSAGES.throughAccess)
      if ((c.env.SETTINGS_API_TOKEN ?? '').length >= MIN_API_TOKEN_LENGTH)
        return refuse(c, style, 401, ADMIN_MESSAGES.needApiToken, { 'WWW-Authenticate': 'Bearer' })
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

    // A missing header is the browser's first request, not a failure; a malformed one is.
    const outcome = await guarded(c, style, async () => {
      if (c.req.header('Authorization') === undefined) return 'no credentials'
      const credentials = auth(c.req.raw)
      return credentials && (await isPasswordAdmin(credentials, c.env)) ? 'succeeded' : 'failed'
    })
    if (outcome instanceof Response) return outcome
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

/** Access first, then a machine's token, then the password: what PUT /api/settings requires. */
export const adminAuth = (style: AnswerStyle) =>
  every(accessSignIn(style), apiTokenSignIn(style), passwordSignIn(style))
