import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False in the server render and during hydration, true once the island is live in the browser:
 * controls that need JavaScript stay disabled until they work.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
