import { fileURLToPath } from 'node:url'
import { cloudflareTest } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'
import { siteContent } from '../../../src/build/site-content.ts'
import { devClientManifest } from '../../support/vitest-plugins.ts'

const root = fileURLToPath(new URL('../../..', import.meta.url))

/**
 * Measures the home page render inside workerd (the runtime Workers run), not part of
 * `npm test`: `npm run bench` runs it with
 * `vitest run --config tests/tools/render-cost/vitest.config.ts`.
 */
export default defineConfig({
  root,
  // Production JSX calls (jsx, not jsxDEV), to match the production React build below.
  oxc: { jsx: { development: false } },
  plugins: [
    devClientManifest,
    // Markdown posts and built images, as in every build (virtual:content/*, virtual:media).
    siteContent({ root }),
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
