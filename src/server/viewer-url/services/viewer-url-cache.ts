/**
 * The viewer address of each store, cached in this isolate's memory and in this location's Cache
 * API (a SharedValue each), so a page never waits on the database for it. Built once per isolate
 * (server/isolate.ts keeps one ViewerUrlCaches).
 */
import { SharedValue } from '../../platform'

/** The viewer address is used 5 s from memory and 60 s from the location's entry. */
const TTL = { memoryMs: 5_000, edgeSeconds: 60 }

export type ViewerUrlCache = SharedValue

/** This isolate's caches, one per store: by the KV binding and the database configuration. */
export class ViewerUrlCaches {
  private readonly byBinding = new Map<KVNamespace, Map<string, ViewerUrlCache>>()

  /** The cache of the store `storeId` that `settings` and `config` select, made on first use. */
  for(settings: KVNamespace, config: string, storeId: string): ViewerUrlCache {
    const caches = this.byBinding.get(settings) ?? new Map<string, ViewerUrlCache>()
    this.byBinding.set(settings, caches)
    const known = caches.get(config)
    if (known) return known
    const cache = new SharedValue(`viewer-url/${storeId}`, TTL)
    caches.set(config, cache)
    return cache
  }

  all(): ViewerUrlCache[] {
    return [...this.byBinding.values()].flatMap((caches) => [...caches.values()])
  }
}
