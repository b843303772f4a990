/**
 * The viewer address of one store, cached in this isolate's memory and in this location's Cache
 * API (shared by its isolates), so a page never waits on the database for it. Built once per
 * isolate and store (server/isolate.ts keeps them in a ViewerUrlCaches).
 */
import { log } from '../../lib/log'
import type { Result } from '../../lib/result'
import { edgeCache } from '../storage/edge-cache'

/** How long a known value is used before looking again. */
const MEMORY_TTL_MS = 5_000
/** Lifetime of the entry shared by the isolates of one location. */
const EDGE_TTL_SECONDS = 60

export class ViewerUrlCache {
  private known?: { value: string; freshUntil: number }
  private reading?: Promise<Result<string>>
  /** Bumped by each write, so a read that started before it cannot put the old value back. */
  private generation = 0
  private shared = false

  constructor(private readonly storeId: string) {}

  /** The value while it is fresh. */
  fresh(): string | undefined {
    return this.known && this.known.freshUntil > Date.now() ? this.known.value : undefined
  }

  /** The last value known, however old. */
  last(): string | undefined {
    return this.known?.value
  }

  /** Keeps `value` for `ttlMs` (a shorter time after a failure, so the store is asked again soon). */
  remember(value: string, ttlMs = MEMORY_TTL_MS): void {
    this.known = { value, freshUntil: Date.now() + ttlMs }
  }

  /** A value saved here: memory and the Cache API take it at once, and older reads are void. */
  async saved(value: string): Promise<void> {
    this.generation++
    this.remember(value)
    await this.share(value)
  }

  /** Runs `read` unless one is under way; a successful read fills memory and the Cache API. */
  refresh(read: () => Promise<Result<string>>): Promise<Result<string>> {
    if (this.reading) return this.reading
    const generation = this.generation
    this.reading = read()
      .then(async (result) => {
        if (result.ok && generation === this.generation) {
          this.remember(result.value)
          await this.share(result.value)
        }
        return result
      })
      .finally(() => (this.reading = undefined))
    return this.reading
  }

  /** The value this location's isolates share, if a recent one is there. */
  async fromEdge(): Promise<string | undefined> {
    try {
      const hit = await edgeCache()?.match(this.edgeRequest())
      const body = (await hit?.json()) as { value?: unknown } | undefined
      if (typeof body?.value !== 'string') return undefined
      this.remember(body.value)
      return body.value
    } catch (error) {
      log.warn('settings', 'viewer URL cache read failed', { error })
      return undefined
    }
  }

  /** As once both lifetimes have passed: the value is stale here and gone from the Cache API. */
  async expire(): Promise<void> {
    if (this.known) this.known.freshUntil = 0
    if (this.shared) await edgeCache()?.delete(this.edgeRequest())
  }

  private async share(value: string): Promise<void> {
    try {
      const headers = { 'Content-Type': 'application/json', 'Cache-Control': `max-age=${EDGE_TTL_SECONDS}` }
      await edgeCache()?.put(this.edgeRequest(), new Response(JSON.stringify({ value }), { headers }))
      this.shared = true
    } catch (error) {
      log.warn('settings', 'viewer URL cache write failed', { error })
    }
  }

  private edgeRequest(): Request {
    return new Request(`https://viewer-url.settings.internal/${encodeURIComponent(this.storeId)}`)
  }
}

/** This isolate's caches, one per store: by the KV binding and the database configuration. */
export class ViewerUrlCaches {
  private readonly byBinding = new Map<KVNamespace, Map<string, ViewerUrlCache>>()

  /** The cache of the store `storeId` that `settings` and `config` select, made on first use. */
  for(settings: KVNamespace, config: string, storeId: string): ViewerUrlCache {
    const caches = this.byBinding.get(settings) ?? new Map<string, ViewerUrlCache>()
    this.byBinding.set(settings, caches)
    const known = caches.get(config)
    if (known) return known
    const cache = new ViewerUrlCache(storeId)
    caches.set(config, cache)
    return cache
  }

  all(): ViewerUrlCache[] {
    return [...this.byBinding.values()].flatMap((caches) => [...caches.values()])
  }
}
