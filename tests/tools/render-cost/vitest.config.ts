import { fileURLToPath } from 'node:url'
import { cloudflareTest } from '@cloudflare/vitest-plugin'
import { defineConfig, type Plugin } from 'vitest/config'

const root = fileURLToPath(new URL('../../..', import.meta.url))

/**
 * Measures the home page render inside workerd (the runtime Workers run), not part of
 * `npm test`: `npm run bench` runs it with
 * `vitest run --config tests/tools/render-cost/vitest.config.ts`.
 */
/** As in the worker tests: client sources the dev way (no build manifest). */
const devManifest: Plugin = {
  name: 'render-cost-client-manifest',
  resolveId: (id) => (id === 'virtual:client-manifest' ? '\0virtual:client-manifest' : undefined),
  load: (id) => (id === '\0virtual:client-manifest' ? 'export default null' : undefined),
}

export default defineConfig({
  root,
  // Production JSX calls (jsx, not jsxDEV), to match the production React build below.
  oxc: { jsx: { development: false } },
  plugins: [
    devManifest,
    cloudflareTest({
      main: './src/worker.ts',
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        kvNamespaces: ['TICK'],
        // Production React, as in the deployed bundle (React picks its build from process.env).
        bindings: { NODE_ENV: 'production' },
      },
    }),
  ],
  test: {
    include: ['tests/tools/render-cost/*.measure.tsx'],
    globalSetup: ['tests/tools/render-cost/collect.ts'],
    testTimeout: 600_000,
  },
})
