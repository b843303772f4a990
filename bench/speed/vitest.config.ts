import { fileURLToPath } from 'node:url'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'
import { siteContent } from '../../src/build/site-content.ts'
import { isolatedBindings } from '../../tests/support/test-bindings.ts'
import { devClientManifest } from '../../tests/support/vitest-plugins.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Field speed's costs inside workerd with its local D1 (issue 62): one beacon's ingestion, and the
 * Speed page at 1 and 400 days of histograms. Not part of `npm test`: `npm run bench -- --speed`
 * runs it (bench/lib/speed.mjs).
 */
export default defineConfig({
  root,
  // Production JSX calls and React, as in the deployed bundle.
  oxc: { jsx: { development: false } },
  plugins: [
    devClientManifest,
    siteContent({ root }),
    cloudflareTest(async () => ({
      main: './src/worker.ts',
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        kvNamespaces: ['TICK'],
        bindings: {
          ...isolatedBindings(
            {
              APP_ENV: 'development',
              ADMIN_USERNAME: 'admin',
              ADMIN_PASSWORD: 'bench-admin-password',
              SITE_ORIGIN: '',
            },
            root,
          ),
          NODE_ENV: 'production',
          TEST_MIGRATIONS: await readD1Migrations(`${root}/src/server/migrations`),
        },
      },
    })),
  ],
  test: {
    include: ['bench/speed/*.measure.ts'],
    globalSetup: ['bench/render-cost/collect.ts'],
    testTimeout: 3_600_000,
  },
})
