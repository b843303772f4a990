/**
 * The worker as tests meet it: its typed env, its origin, calls through its Hono app with a
 * modified env, client addresses no other test uses, and a fresh isolate per test.
 */
import {
  createExecutionContext,
  env as testEnv,
  runInDurableObject,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { Hono } from 'hono'
import { afterEach, beforeEach } from 'vitest'
import type { Bindings } from '../../../src/env'
import { VIEWER_URL_PATH } from '../../../src/schemas/settings'
import type { AppEnv } from '../../../src/server/app-env'
import { resetIsolate, servicesFor } from '../../../src/server/isolate'
import { provideServices } from '../../../src/server/platform/middleware/services'
import { signInGuardOf } from '../../../src/server/people/storage/sign-in-guard'
import worker, { app, loadConsole } from '../../../src/worker'

export { worker }

// The console loads with its first request (src/server/console/lazy.ts); loaded here, its routes
// are in app.routes before any test file walks them, as in a worker after its first console request.
await loadConsole()

export const ORIGIN = 'https://example.com'

/** A valid viewer address the tests save. */
export const NEW_URL = 'https://viewer.example.org/3d/?model=models/ring.glb'

export const DAY = 24 * 60 * 60 * 1000

/** Budget of a property test that sends thousands of requests. */
export const LONG = 120_000

/** The database secret the RTDB stand-in accepts in the tests that use one. */
export const DB_SECRET = `db-secret-${crypto.randomUUID()}`

/** The bindings of wrangler.toml plus the test vars of tests/vitest.config.ts. */
export const env = testEnv as unknown as Bindings

export const ADMIN = { username: 'admin', password: 'test-admin-password' }

export function basic(username: string, password: string): string {
  return 'Basic ' + btoa(`${username}:${password}`)
}

/** HTTP Basic for the JSON API (PUT /api/settings), which machines use. */
export const ADMIN_AUTH = basic(ADMIN.username, ADMIN.password)

/**
 * The console session every test starts with (tests/worker/support/setup.ts stores its hash for
 * the password admin before each test): the cookie a signed-in browser sends on ORIGIN (https).
 */
export const ADMIN_SESSION_TOKEN = 'a1'.repeat(32)
export const ADMIN_ID = 'test-admin'
export const ADMIN_COOKIE = `__Host-admin_session=${ADMIN_SESSION_TOKEN}`

/**
 * Calls the worker's Hono app with this env (bindings plus overrides). `settled` resolves once
 * its background work (waitUntil) is done.
 */
export async function callApp(path: string, init: RequestInit = {}, overrides: Partial<Bindings> = {}) {
  const ctx = createExecutionContext()
  const response = await app.request(ORIGIN + path, init, { ...env, ...overrides }, ctx)
  const body = await response.text()
  return { response, body, settled: waitOnExecutionContext(ctx) }
}

/** The composition root's services for this env plus overrides, as the worker builds them. */
export const servicesOf = (overrides: Partial<Bindings> = {}) => servicesFor({ ...env, ...overrides })

/** A Hono app for probing one piece, with the services the worker's middleware gives every request. */
export const probeApp = () => new Hono<AppEnv>().use(provideServices(servicesFor))

// Unique per test file (random start) and per call (counter): rate-limit and lockout counters
// are keyed by client, so no two tests may share one.
let clients = crypto.getRandomValues(new Uint32Array(1))[0]! % 0xfff000

/** A documentation-range IPv4 address (198.18.0.0/15) no other test uses. */
export function uniqueIpv4(): string {
  const n = clients++
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 0xff}.${n & 0xff}`
}

/** An IPv6 address in a /64 no other test uses (2001:db8::/32, the documentation range). */
export function uniqueIpv6(interfaceId = '1'): string {
  const n = clients++
  return `2001:db8:${(n >> 16).toString(16)}:${(n & 0xffff).toString(16)}::${interfaceId}`
}

/** Polls `check` until it returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** A JSON PUT of the viewer address as the admin, as the /update island sends it. */
export function putInit(view3dUrl: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: ADMIN_AUTH, ...headers },
    body: JSON.stringify({ view3dUrl }),
  }
}

/** Forgets every failed sign-in, attempt in flight and lockout. */
export async function resetSignInGuard(): Promise<void> {
  const guard = signInGuardOf(env.SIGN_IN_GUARD)
  await runInDurableObject(guard, (_instance, state) => {
    for (const table of ['failures', 'pending', 'lockouts']) state.storage.sql.exec(`DELETE FROM ${table}`)
  })
}

async function forgetViewerUrl(): Promise<void> {
  await env.SETTINGS.delete(VIEWER_URL_PATH)
  await resetIsolate()
}

/**
 * Every test of the calling file starts with no stored viewer URL, and leaves none behind:
 * cached values live in the isolate, which other test files may share.
 */
export function forgetViewerUrlAroundEachTest(): void {
  beforeEach(forgetViewerUrl)
  afterEach(forgetViewerUrl)
}

export { RATE_WINDOW_TEST_TIMEOUT, roomInRateWindow } from '../../support/rate-window'
