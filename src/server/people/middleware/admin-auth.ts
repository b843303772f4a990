/**
 * The settings API's sign-in (PUT /api/settings): reads the Access token and the Authorization
 * header, asks the access service (people/services/access.ts) who that is, and answers a refusal with
 * its status, its challenge and the words content/admin holds for its code. On success
 * `c.var.admin` names who signed in.
 */
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { auth } from 'hono/utils/basic-auth'
import { access } from '../../../content/admin/sign-in'
import type { Failure } from '../../../lib/result'
import type { AccessRefusal } from '../../../schemas/admin-outcomes'
import type { AppEnv } from '../../app-env'
import type { Authorization } from '../services/access'
import { clientKeyOf, type AnswerStyle } from '../../platform/http'

const REALM = 'XR Stores admin'
const BEARER = /^Bearer\s+(\S+)\s*$/i

/** Each refusal's status, and the challenge that tells a client how to sign in. */
const ANSWERS: Record<AccessRefusal, { status: 401 | 403 | 429 | 503; challenge?: string }> = {
  'wrong-password': { status: 401, challenge: `Basic realm="${REALM}", charset="UTF-8"` },
  'bad-api-token': { status: 401, challenge: 'Bearer error="invalid_token"' },
  'need-api-token': { status: 401, challenge: 'Bearer' },
  'through-access': { status: 401 },
  'bad-access-token': { status: 403 },
  'no-role': { status: 403 },
  'locked-out': { status: 429 },
  'guard-down': { status: 503 },
  'password-off': { status: 503 },
  'password-too-short': { status: 503 },
}

/** The Authorization header as the access service reads it. */
function authorizationOf(c: Context): Authorization {
  const header = c.req.header('Authorization')
  if (header === undefined) return undefined
  if (/^Bearer\b/i.test(header)) return { bearer: BEARER.exec(header)?.[1] ?? '' }
  return { basic: auth(c.req.raw) }
}

/**
 * A refusal of the console or the API: its status (the API's, unless the console names its
 * own), challenge and words, never stored by anyone.
 */
export function refusal(
  c: Context,
  style: AnswerStyle,
  error: Failure<AccessRefusal>,
  statusHere?: 401 | 403 | 429 | 503,
) {
  const code = error.code ?? 'guard-down'
  const { challenge } = ANSWERS[code]
  const status = statusHere ?? ANSWERS[code].status
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' }
  if (challenge) headers['WWW-Authenticate'] = challenge
  if (error.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.retryAfterSeconds)
  const words = access[code]
  return style === 'json' ? c.json({ error: words }, status, headers) : c.text(words, status, headers)
}

/** Access first, then a machine's token, then the password: what PUT /api/settings requires. */
export const adminAuth = (style: AnswerStyle) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const person = await c.var.services.people.access.apiPerson({
      assertion: c.req.header('Cf-Access-Jwt-Assertion'),
      authorization: authorizationOf(c),
      client: clientKeyOf(c),
      path: new URL(c.req.url).pathname,
    })
    if (!person.ok) return refusal(c, style, person.error)
    c.set('admin', person.value)
    return next()
  })

/** Admin-only and per request: never stored by a browser or a shared cache, never indexed. */
export const privateResponse = createMiddleware(async (c, next) => {
  await next()
  c.res.headers.set('Cache-Control', 'no-store')
  c.res.headers.set('X-Robots-Tag', 'noindex, nofollow')
})
