/**
 * Who is signed in to the console, and the two cookies that say so:
 * - the session cookie: a random token whose hash is a row in D1 (people/services/admin-sessions.ts);
 *   HttpOnly, SameSite=Strict, Path=/, and `__Host-` and Secure on https;
 * - the device cookie: set on every successful sign-in, signed (Hono's signed cookies, a key the
 *   worker makes in D1), valid 30 days by the time inside its signed value, and only while its
 *   row in admin_devices names an admin (people/storage/admin-devices.ts). Password attempts that carry
 *   the password admin's are counted per device and never meet the global ceiling
 *   (people/storage/sign-in-guard.ts); anyone else's counts as an unknown client.
 *
 * consoleSignIn guards every console page: the access service names the person (Cloudflare
 * Access, or a session); without one, a page answers 303 to the sign-in page with where it was
 * going.
 */
import type { Context } from 'hono'
import { deleteCookie, getCookie, getSignedCookie, setCookie, setSignedCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { randomHex } from '../../../lib/hex'
import { log } from '../../../lib/log'
import { signInHref } from '../../../lib/admin-links'
import type { AppEnv } from '../../app-env'
import type { AdminRecord } from '../storage/admins'
import { SESSION_MAX_MS } from '../services/admin-sessions'
import { refusal } from './admin-auth'

const SESSION_COOKIE = 'admin_session'
const DEVICE_COOKIE = 'admin_device'
const DEVICE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000
const TOKEN = /^[0-9a-f]{64}$/
const DEVICE_VALUE = /^([0-9a-f]{32})\.(\d{1,15})$/

type Ctx = Context<AppEnv>

const isHttps = (c: Ctx) => new URL(c.req.url).protocol === 'https:'
/** The console's cookies: `__Host-` and Secure over https; plain on http://localhost (`npm run dev`). */
export const prefixOf = (c: Ctx) => (isHttps(c) ? ('host' as const) : undefined)
export const cookieOptions = (c: Ctx, maxAgeMs: number) =>
  ({
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    secure: isHttps(c),
    maxAge: Math.floor(maxAgeMs / 1000),
    ...(isHttps(c) ? { prefix: 'host' as const } : {}),
  }) as const

export function sessionToken(c: Ctx): string | undefined {
  const token = getCookie(c, SESSION_COOKIE, prefixOf(c))
  return token && TOKEN.test(token) ? token : undefined
}

function setSessionCookie(c: Ctx, token: string): void {
  setCookie(c, SESSION_COOKIE, token, cookieOptions(c, SESSION_MAX_MS))
}

export function clearSessionCookie(c: Ctx): void {
  deleteCookie(c, SESSION_COOKIE, {
    path: '/',
    secure: isHttps(c),
    ...(isHttps(c) ? { prefix: 'host' } : {}),
  })
}

async function deviceKey(c: Ctx): Promise<string | undefined> {
  const key = await c.var.services.people.devices.signingKey()
  if (!key.ok) log.warn('admin', 'device cookies unavailable', { reason: key.error.message })
  return key.ok ? key.value : undefined
}

/** The id inside the browser's device cookie, if this worker signed it within 30 days. */
async function signedDeviceId(c: Ctx, key: string, now: number): Promise<string | undefined> {
  const value = await getSignedCookie(c, key, DEVICE_COOKIE, prefixOf(c))
  const match = value ? DEVICE_VALUE.exec(value) : null
  if (!match) return undefined
  const issuedAt = Number(match[2])
  return now - issuedAt < DEVICE_MAX_AGE_MS && issuedAt <= now ? match[1] : undefined
}

/**
 * The browser's trusted device: its cookie is one we signed within 30 days and still belongs to
 * an admin (people/storage/admin-devices.ts), so forgetting it or removing that admin ends its trust.
 */
export async function trustedDevice(
  c: Ctx,
  now = Date.now(),
): Promise<{ id: string; adminId: string } | undefined> {
  const key = await deviceKey(c)
  const id = key ? await signedDeviceId(c, key, now) : undefined
  if (!id) return undefined
  const owner = await c.var.services.people.devices.owner(id)
  if (!owner.ok) log.warn('admin', 'device not checked', { reason: owner.error.message })
  return owner.ok && owner.value ? { id, adminId: owner.value } : undefined
}

/**
 * After `adminId` signed in: the browser's device cookie, issued or renewed for 30 days. A
 * cookie of another admin's is replaced, never shared.
 */
async function trustDevice(c: Ctx, adminId: string, now = Date.now()): Promise<void> {
  const key = await deviceKey(c)
  if (!key) return
  const known = await trustedDevice(c, now)
  const id = known?.adminId === adminId ? known.id : randomHex(16)
  const stored = await c.var.services.people.devices.remember(id, adminId, new Date(now).toISOString())
  if (!stored.ok) return log.warn('admin', 'device not trusted', { reason: stored.error.message })
  await setSignedCookie(c, DEVICE_COOKIE, `${id}.${now}`, key, cookieOptions(c, DEVICE_MAX_AGE_MS))
}

/**
 * Signs `admin` in on this browser: a new session and its cookie, and the device cookie renewed.
 * Logs the admin's id, never their name.
 */
export async function startConsoleSession(c: Ctx, admin: AdminRecord, via: 'password' | 'passkey') {
  const { access, sessions } = c.var.services.people
  const started = await sessions.start(admin, await access.passwordTagFor(admin.name))
  if (!started.ok) return started
  setSessionCookie(c, started.value)
  await trustDevice(c, admin.id)
  log.info('admin', 'signed in', { adminId: admin.id, via })
  await c.var.services.people.activity.record({
    action: 'signed-in',
    actor: admin.name,
    actorId: admin.id,
    detail: via,
  })
  return started
}

/** Where this request was going: its path and query. */
const destination = (c: Ctx) => {
  const url = new URL(c.req.url)
  return url.pathname + url.search
}

/**
 * Every console page and post: the signed-in person on `c.var.admin` (people/services/access.ts
 * decides who that is), or the way to sign in. A refusal is plain text: 403, or 503 when the
 * session could not be read.
 */
export const consoleSignIn = createMiddleware<AppEnv>(async (c, next) => {
  const token = sessionToken(c)
  const person = await c.var.services.people.access.consolePerson({
    assertion: c.req.header('Cf-Access-Jwt-Assertion'),
    sessionToken: token,
    path: new URL(c.req.url).pathname,
  })
  if (person.ok === false && person.error.code === 'no-role') {
    // The console's page loads with its first use, not in every isolate (issue 58).
    const { noRolePage } = await import('../../../pages/admin/ForbiddenPage')
    return c.render(noRolePage(c.var.services.people.access.accessAdmins), { status: 403 })
  }
  if (!person.ok) return refusal(c, 'text', person.error, person.error.code === 'guard-down' ? 503 : 403)
  if (person.value) {
    c.set('admin', person.value)
    return next()
  }
  if (token) clearSessionCookie(c)
  return c.redirect(signInHref(c.req.method === 'GET' ? destination(c) : undefined), 303)
})
