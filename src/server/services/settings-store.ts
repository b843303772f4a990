/**
 * Where the viewer address lives: Firebase Realtime Database over REST when
 * FIREBASE_DATABASE_URL is set, otherwise the SETTINGS Workers KV namespace (which miniflare
 * persists locally, so the site runs with no account). One interface, so the API, the page
 * cache and the tests do not care which backend answers.
 */
import type { Bindings } from '../../env'
import { VIEWER_URL_PATH } from '../../schemas/settings'
import { createRtdbClient, databaseUrlProblem, type RtdbAuth, type RtdbClient } from './firebase-rest'
import { GoogleAuthError, parseServiceAccount } from './google-auth'

export type StoreResult<T> = { ok: true; value: T } | { ok: false; message: string }

export interface SettingsStore {
  /** Names the backend and database, e.g. "kv" or "rtdb:https://x.firebaseio.com": part of cache keys. */
  readonly id: string
  /** The stored address; "" when nothing is stored. */
  readViewerUrl(timeoutMs?: number): Promise<StoreResult<string>>
  writeViewerUrl(url: string, timeoutMs?: number): Promise<StoreResult<null>>
}

const DEFAULT_TIMEOUT_MS = 2000

/** The store the environment configures. Never throws: a bad configuration fails each call instead. */
export function settingsStoreFor(env: Bindings): SettingsStore {
  const databaseUrl = env.FIREBASE_DATABASE_URL?.trim()
  if (!databaseUrl) return kvStore(env.SETTINGS)
  const id = `rtdb:${databaseUrl}`
  const urlProblem = databaseUrlProblem(databaseUrl)
  if (urlProblem) return brokenStore(id, urlProblem)
  let auth: RtdbAuth = { kind: 'none' }
  if (env.FIREBASE_SERVICE_ACCOUNT?.trim()) {
    try {
      auth = { kind: 'service-account', account: parseServiceAccount(env.FIREBASE_SERVICE_ACCOUNT) }
    } catch (error) {
      return brokenStore(
        id,
        error instanceof GoogleAuthError ? error.message : 'Bad FIREBASE_SERVICE_ACCOUNT.',
      )
    }
  } else if (env.FIREBASE_AUTH?.trim()) {
    auth = { kind: 'token', token: env.FIREBASE_AUTH.trim() }
  }
  return rtdbStore(id, createRtdbClient({ databaseUrl, auth, timeoutMs: DEFAULT_TIMEOUT_MS }))
}

function rtdbStore(id: string, client: RtdbClient): SettingsStore {
  return {
    id,
    async readViewerUrl(timeoutMs) {
      const result = await client.get(VIEWER_URL_PATH, { timeoutMs })
      if (!result.ok) return { ok: false, message: result.error.message }
      if (result.value === null) return { ok: true, value: '' }
      if (typeof result.value !== 'string') {
        return { ok: false, message: `${VIEWER_URL_PATH} holds a ${typeof result.value}, not a string.` }
      }
      return { ok: true, value: result.value }
    },
    async writeViewerUrl(url, timeoutMs) {
      const result = await client.put(VIEWER_URL_PATH, url, { timeoutMs })
      return result.ok ? result : { ok: false, message: result.error.message }
    },
  }
}

function kvStore(kv: KVNamespace): SettingsStore {
  return {
    id: 'kv',
    async readViewerUrl(timeoutMs = DEFAULT_TIMEOUT_MS) {
      try {
        const value = await withTimeout(kv.get(VIEWER_URL_PATH), timeoutMs)
        return { ok: true, value: value ?? '' }
      } catch (error) {
        return { ok: false, message: `KV read failed: ${(error as Error)?.message ?? error}` }
      }
    },
    async writeViewerUrl(url, timeoutMs = DEFAULT_TIMEOUT_MS) {
      try {
        await withTimeout(kv.put(VIEWER_URL_PATH, url), timeoutMs)
        return { ok: true, value: null }
      } catch (error) {
        return { ok: false, message: `KV write failed: ${(error as Error)?.message ?? error}` }
      }
    },
  }
}

function brokenStore(id: string, message: string): SettingsStore {
  const failed = { ok: false, message: `Settings store misconfigured: ${message}` } as const
  return { id, readViewerUrl: async () => failed, writeViewerUrl: async () => failed }
}

/** Settles with the promise, or rejects once `ms` have passed (the operation itself cannot be aborted). */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * The spec's reader: the stored address, or "" when nothing is stored. A failed read is logged as
 * "Error getting URL:" and also reads as "".
 */
export async function getViewerUrl(store: SettingsStore, timeoutMs?: number): Promise<string> {
  const result = await store.readViewerUrl(timeoutMs)
  if (result.ok) return result.value
  console.error('Error getting URL:', result.message)
  return ''
}

/** The spec's writer: true when stored; a failure is logged as "Error updating URL:" and returns false. */
export async function setViewerUrl(store: SettingsStore, url: string, timeoutMs?: number): Promise<boolean> {
  const result = await store.writeViewerUrl(url, timeoutMs)
  if (result.ok) return true
  console.error('Error updating URL:', result.message)
  return false
}
