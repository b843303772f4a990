/**
 * Runs in every worker test file (tests/vitest.config.ts): the D1 database gets the migrations
 * of wrangler.toml, and every test starts in a fresh isolate with an empty sign-in guard and no
 * spies left over, so no test sees another's caches, lockouts or mocks.
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
})

afterEach(() => {
  vi.restoreAllMocks()
})
