/**
 * Which settings store the environment configures: Firebase Realtime Database when
 * FIREBASE_DATABASE_URL is set (with its credentials), else the SETTINGS Workers KV namespace.
 */
import type { Bindings } from '../../../env'
import { isSecureEndpoint } from '../../../lib/endpoints'
import { fail, ok, type Result } from '../../../lib/result'
import { parseServiceAccount, type TokenCache } from './google-token'
import { rtdbSettingsStore } from './rtdb'
import { kvSettingsStore, type SettingsStore } from './settings-store'

/** What selects the store (the cache of each store is kept apart by it). */
export const settingsConfigKey = (env: Bindings): string =>
  JSON.stringify([env.FIREBASE_DATABASE_URL, env.FIREBASE_AUTH, env.FIREBASE_SERVICE_ACCOUNT])

/**
 * The store the environment configures, or why it cannot run. A database URL without
 * credentials is refused rather than tried unauthenticated: a database whose rules let anyone
 * read or write settings/ is a hole, not a configuration.
 */
export function settingsStoreFor(
  env: Bindings,
  tokens: TokenCache,
  timeoutMs: number,
): Result<SettingsStore> {
  const databaseUrl = env.FIREBASE_DATABASE_URL?.trim()
  if (!databaseUrl) return ok(kvSettingsStore(env.SETTINGS, timeoutMs))
  const url = URL.parse(databaseUrl)
  if (!url || !isSecureEndpoint(url.href)) {
    return fail('FIREBASE_DATABASE_URL must be an https:// address (http:// only on this machine).')
  }
  const serviceAccount = env.FIREBASE_SERVICE_ACCOUNT?.trim()
  if (serviceAccount) {
    const account = parseServiceAccount(serviceAccount)
    return account.ok ? ok(rtdbSettingsStore(url, { account: account.value, tokens }, timeoutMs)) : account
  }
  const secret = env.FIREBASE_AUTH?.trim()
  if (secret) return ok(rtdbSettingsStore(url, { secret }, timeoutMs))
  return fail(
    'FIREBASE_DATABASE_URL is set without credentials: set FIREBASE_SERVICE_ACCOUNT (recommended) or FIREBASE_AUTH, or unset FIREBASE_DATABASE_URL to keep the address in Workers KV.',
  )
}
