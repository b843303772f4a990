/**
 * The viewer address as pages render it, without making a page wait on the database:
 *   1. per-isolate memory, fresh for a few seconds;
 *   2. the Cache API of this location (shared by its isolates, refreshed by every write here);
 *   3. the settings store, read once per isolate at a time, in the background when a stale
 *      value is at hand (stale-while-revalidate) and otherwise awaited for at most PAGE_WAIT_MS
 *      (only the first render of an isolate can wait; after a slow or failed read the last known
 *      value, or "", counts as stale and is served while the store is asked again).
 * A failed or slow read never fails a page: the last known value, else the default, is used.
 */
import type { Bindings } from '../../env'
import { external } from '../../content/external'
import { getViewerUrl, setViewerUrl, settingsStoreFor, type SettingsStore } from './settings-store'

type WaitUntil = Pick<ExecutionContext, 'waitUntil'>

/** How long a value read from the store or the Cache API is used before looking again. */
const MEMORY_TTL_MS = 5_000
/** After a failed read, the last known value is kept this long before the store is asked again. */
const RETRY_AFTER_FAILURE_MS = 5_000
/** Lifetime of the Cache API entry shared by the isolates of one location. */
const EDGE_TTL_SECONDS = 60
/** The longest a page render waits for the viewer address. */
const PAGE_WAIT_MS = 400
/** Budget of a store read; it goes on in the background after the page stops waiting. */
const STORE_READ_TIMEOUT_MS = 2_500
/** Budget of the fresh read the /update page shows. */
const ADMIN_READ_TIMEOUT_MS = 1_500

interface MemoryEntry {
  /** Stored address as read ("" when nothing is stored). */
  value: string
  freshUntil: number
}

const memory = new Map<string, MemoryEntry>()
const inflight = new Map<string, Promise<string | null>>()
/** Bumped by each write, so a read that started before the write cannot put the old value back. */
const generations = new Map<string, number>()
const edgeKeysUsed = new Set<string>()

const TIMED_OUT = Symbol('timed out')

/** The stored address, or the default when nothing is stored or the store cannot answer in time. */
export function withDefault(stored: string): string {
  return stored.trim() || external.defaultViewerUrl
}

/**
 * The effective viewer address for a render. Never throws and waits at most PAGE_WAIT_MS. Cheap
 * on the hot path (a memory lookup), so it is also the settings part of a cached page's key.
 */
export async function effectiveViewerUrl(env: Bindings, ctx: WaitUntil): Promise<string> {
  let key = ''
  try {
    const store = settingsStoreFor(env)
    key = store.id
    const result = await within(storedUrl(store, ctx), PAGE_WAIT_MS)
    if (result !== TIMED_OUT) return withDefault(result)
    console.warn(
      `Viewer URL not known within ${PAGE_WAIT_MS} ms; rendering the last known or default address`,
    )
    // Later renders use this at once (the read goes on in the background) instead of waiting too.
    remember(key, memory.get(key)?.value ?? '', RETRY_AFTER_FAILURE_MS)
  } catch (error) {
    console.error('Error getting URL:', error)
  }
  return withDefault(memory.get(key)?.value ?? '')
}

/** Cache key ingredient for cached HTML: changes exactly when the rendered viewer address changes. */
export const viewerUrlCacheKeyPart = effectiveViewerUrl

async function storedUrl(store: SettingsStore, ctx: WaitUntil): Promise<string> {
  const entry = memory.get(store.id)
  if (entry && entry.freshUntil > Date.now()) return entry.value
  const shared = await readEdge(store.id)
  if (shared !== undefined) {
    remember(store.id, shared, MEMORY_TTL_MS)
    return shared
  }
  const read = refresh(store, ctx)
  if (entry) return entry.value
  return (await read) ?? ''
}

/** One store read per key at a time; on success memory and the Cache API hold the value. */
function refresh(store: SettingsStore, ctx: WaitUntil): Promise<string | null> {
  const running = inflight.get(store.id)
  if (running) return running
  const generation = generations.get(store.id) ?? 0
  const read = store
    .readViewerUrl(STORE_READ_TIMEOUT_MS)
    .then(async (result) => {
      if ((generations.get(store.id) ?? 0) !== generation) return memory.get(store.id)?.value ?? null
      if (!result.ok) {
        console.error('Error getting URL:', result.message)
        // Keep serving the last known value (or the default) instead of asking again on every request.
        remember(store.id, memory.get(store.id)?.value ?? '', RETRY_AFTER_FAILURE_MS)
        return null
      }
      remember(store.id, result.value, MEMORY_TTL_MS)
      await writeEdge(store.id, result.value)
      return result.value
    })
    .catch((error: unknown) => {
      console.error('Error getting URL:', error)
      return null
    })
    .finally(() => inflight.delete(store.id))
  inflight.set(store.id, read)
  ctx.waitUntil(read)
  return read
}

function remember(key: string, value: string, ttlMs: number): void {
  memory.set(key, { value, freshUntil: Date.now() + ttlMs })
}

/**
 * Writes a new address (the spec's writer: true, or false after logging "Error updating URL:")
 * and, on success, refreshes this isolate's memory and this location's Cache API entry, so the
 * next page view here shows it.
 */
export async function saveViewerUrl(env: Bindings, url: string): Promise<boolean> {
  const store = settingsStoreFor(env)
  const saved = await setViewerUrl(store, url)
  if (!saved) return false
  generations.set(store.id, (generations.get(store.id) ?? 0) + 1)
  remember(store.id, url, MEMORY_TTL_MS)
  await writeEdge(store.id, url)
  return true
}

/** A fresh read for the admin page (no cache): the stored address, or "" (spec reader semantics). */
export function readStoredViewerUrl(env: Bindings): Promise<string> {
  return getViewerUrl(settingsStoreFor(env), ADMIN_READ_TIMEOUT_MS)
}

// --- Cache API (one entry per store, under a synthetic URL) ---

function edgeRequest(key: string): Request {
  return new Request(`https://viewer-url.settings.internal/${encodeURIComponent(key)}`)
}

function edgeCache(): Cache | undefined {
  // The DOM lib's CacheStorage type hides Workers' `caches.default`.
  return typeof caches === 'undefined' ? undefined : (caches as unknown as { default: Cache }).default
}

async function readEdge(key: string): Promise<string | undefined> {
  try {
    const hit = await edgeCache()?.match(edgeRequest(key))
    if (!hit) return undefined
    const body = (await hit.json()) as { value?: unknown }
    return typeof body.value === 'string' ? body.value : undefined
  } catch (error) {
    console.warn('Viewer URL cache read failed:', error)
    return undefined
  }
}

async function writeEdge(key: string, value: string): Promise<void> {
  try {
    const cache = edgeCache()
    if (!cache) return
    edgeKeysUsed.add(key)
    const response = new Response(JSON.stringify({ value }), {
      headers: { 'Content-Type': 'application/json', 'Cache-Control': `max-age=${EDGE_TTL_SECONDS}` },
    })
    await cache.put(edgeRequest(key), response)
  } catch (error) {
    console.warn('Viewer URL cache write failed:', error)
  }
}

async function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Test hook: forget every cached value (memory and the Cache API entries this isolate wrote).
 * With `keepStale`, memory keeps the values but they count as expired, as after the TTL.
 */
export async function resetViewerUrlCache({ keepStale = false } = {}): Promise<void> {
  if (keepStale) for (const entry of memory.values()) entry.freshUntil = 0
  else memory.clear()
  inflight.clear()
  generations.clear()
  const cache = edgeCache()
  await Promise.all([...edgeKeysUsed].map((key) => cache?.delete(edgeRequest(key))))
  edgeKeysUsed.clear()
}
