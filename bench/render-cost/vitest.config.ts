import { fileURLToPath } from 'node:url'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'
import { siteContent } from '../../src/build/site-content.ts'
import { devClientManifest } from '../../tests/support/vitest-plugins.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Measures the home page render inside workerd (the runtime Workers run), not part of
 * `npm test`: `npm run bench` runs it with
 * `vitest run --config bench/render-cost/vitest.config.ts`.
 */
export default defineConfig({
  root,
  // Production JSX calls (jsx, not jsxDEV), to match the production React build below.
  oxc: { jsx: { development: false } },
  plugins: [
    devClientManifest,
    // Markdown posts and built images, as in every build (virtual:content/*, virtual:media).
    siteContent({ root }),
    cloudflareTest(async () => ({
      main: './src/worker.ts',
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        kvNamespaces: ['TICK'],
        // Production React, as in the deployed bundle (React picks its build from process.env);
        // the D1 migrations, which the measure applies (the traffic count writes to D1).
        bindings: {
          NODE_ENV: 'production',
          TEST_MIGRATIONS: await readD1Migrations(`${root}/src/server/migrations`),
        },
      },
    })),
  ],
  test: {
    include: ['bench/render-cost/*.measure.tsx'],
    globalSetup: ['bench/render-cost/collect.ts'],
    testTimeout: 600_000,
  },
})
