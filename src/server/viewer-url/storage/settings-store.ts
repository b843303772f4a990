/**
 * Where the viewer address lives: Firebase Realtime Database over REST when
 * FIREBASE_DATABASE_URL is set (rtdb.ts), otherwise the SETTINGS Workers KV namespace, which
 * miniflare persists locally so the site runs with no account. One interface, so the service,
 * the caches and the tests do not care which backend answers (settings-backend.ts picks one).
 */
import { errorText, fail, ok, type Result } from '../../../lib/result'
import { withTimeout } from '../../../lib/timeout'
import { VIEWER_URL_PATH } from '../../../schemas/settings'

export interface SettingsStore {
  /** Names the backend and database ("kv", "rtdb:https://…"): part of cache keys. */
  readonly id: string
  /** The stored string; "" when nothing is stored. */
  read(): Promise<Result<string>>
  write(url: string): Promise<Result<void>>
}

/** The address in Workers KV; `timeoutMs` is the budget of one call (Config's settingsStoreBudgetMs). */
export function kvSettingsStore(kv: KVNamespace, timeoutMs: number): SettingsStore {
  return {
    id: 'kv',
    async read() {
      try {
        return ok((await withTimeout(timeoutMs, () => kv.get(VIEWER_URL_PATH))) ?? '')
      } catch (error) {
        return fail(`KV read failed: ${errorText(error)}`, true)
      }
    },
    async write(url) {
      try {
        await withTimeout(timeoutMs, () => kv.put(VIEWER_URL_PATH, url))
        return ok(undefined)
      } catch (error) {
        return fail(`KV write failed: ${errorText(error)}`, true)
      }
    },
  }
}
