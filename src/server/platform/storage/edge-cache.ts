/**
 * This location's Cache API (`caches.default`), shared by its isolates; undefined where there is
 * none. The DOM lib's CacheStorage type hides Workers' `caches.default`, hence the cast.
 */
export function edgeCache(): Cache | undefined {
  return typeof caches === 'undefined' ? undefined : (caches as unknown as { default?: Cache }).default
}
