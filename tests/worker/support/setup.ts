/**
 * Runs in every worker test file (tests/vitest.config.ts): the D1 database gets the migrations
 * of wrangler.toml, and every test starts in a fresh isolate with an empty sign-in guard, no
 * leads, alert windows or history, and no spies left over: no test sees another's caches,
 * lockouts, daily counts or mocks.
 */
import { applyD1Migrations, env, type D1Migration } from 'cloudflare:test'
import { afterEach, beforeEach, vi } from 'vitest'
import { resetIsolate } from '../../../src/server/isolate'
import { resetSignInGuard } from './app'

const { DB, TEST_MIGRATIONS } = env as unknown as { DB: D1Database; TEST_MIGRATIONS: D1Migration[] }

await applyD1Migrations(DB, TEST_MIGRATIONS)

beforeEach(async () => {
  await resetIsolate()
  await resetSignInGuard()
  await DB.batch(
    ['leads', 'alert_windows', 'settings_history'].map((table) => DB.prepare(`DELETE FROM ${table}`)),
  )
})

afterEach(() => {
  vi.restoreAllMocks()
})
