/** Vite plugins the test and measuring configs share. */
import type { Plugin } from 'vitest/config'

/** In tests the worker loads client sources the dev way: no build manifest. */
export const devClientManifest: Plugin = {
  name: 'test-client-manifest',
  resolveId: (id) => (id === 'virtual:client-manifest' ? '\0virtual:client-manifest' : undefined),
  load: (id) => (id === '\0virtual:client-manifest' ? 'export default null' : undefined),
}
