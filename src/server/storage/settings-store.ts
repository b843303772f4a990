/**
 * Where the viewer address lives: Firebase Realtime Database over REST when
 * FIREBASE_DATABASE_URL is set (rtdb.ts), otherwise the SETTINGS Workers KV namespace, which
 * miniflare persists locally so the site runs with no account. One interface, so the service,
 * the caches and the tests do not care which backend answers.
 */
import type { Bindings } from '../../env'
import { isSecureEndpoint } from '../../lib/endpoints'
import { errorText, fail, ok, type Result } from '../../lib/result'
import { withTimeout } from '../../lib/timeout'
import { VIEWER_URL_PATH } from '../../schemas/settings'
import { parseServiceAccount, type TokenCache } from './google-token'
import { rtdbSettingsStore } from './rtdb'

export interface SettingsStore {
  /** Names the backend and database ("kv", "rtdb:https://…"): part of cache keys. */
  readonly id: string
  /** The stored string; "" when nothing is stored. */
  read(): Promise<Result<string>>
  write(url: string): Promise<Result<void>>
}

/** Budget of one store call (a token mint has its own). */
export const STORE_TIMEOUT_MS = 2500

export function kvSettingsStore(kv: KVNamespace): SettingsStore {
  return {
    id: 'kv',
    async read() {
      try {
        return ok((await withTimeout(STORE_TIMEOUT_MS, () => kv.get(VIEWER_URL_PATH))) ?? '')
      } catch (error) {
        return fail(`KV read failed: ${errorText(error)}`, true)
      }
    },
    async write(url) {
      try {
        await withTimeout(STORE_TIMEOUT_MS, () => kv.put(VIEWER_URL_PATH, url))
        return ok(undefined)
      } catch (error) {
        return fail(`KV write failed: ${errorText(error)}`, true)
      }
    },
  }
}

/**
 * The store the environment configures, or why it cannot run. A database URL without
 * credentials is refused rather than tried unauthenticated: a database whose rules let anyone
 * read or write settings/ is a hole, not a configuration.
 */
export function settingsStoreFor(env: Bindings, tokens: TokenCache): Result<SettingsStore> {
  const databaseUrl = env.FIREBASE_DATABASE_URL?.trim()
  if (!databaseUrl) return ok(kvSettingsStore(env.SETTINGS))
  const url = URL.parse(databaseUrl)
  if (!url || !isSecureEndpoint(url.href)) {
    return fail('FIREBASE_DATABASE_URL must be an https:// address (http:// only on this machine).')
  }
  const serviceAccount = env.FIREBASE_SERVICE_ACCOUNT?.trim()
  if (serviceAccount) {
    const account = parseServiceAccount(serviceAccount)
    return account.ok
      ? ok(rtdbSettingsStore(url, { account: account.value, tokens }, STORE_TIMEOUT_MS))
      : account
  }
  const secret = env.FIREBASE_AUTH?.trim()
  if (secret) return ok(rtdbSettingsStore(url, { secret }, STORE_TIMEOUT_MS))
  return fail(
    'FIREBASE_DATABASE_URL is set without credentials: set FIREBASE_SERVICE_ACCOUNT (recommended) or FIREBASE_AUTH, or unset FIREBASE_DATABASE_URL to keep the address in Workers KV.',
  )
}
