import { fileURLToPath } from 'node:url'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'
import { siteContent } from '../../src/build/site-content.ts'
import { isolatedBindings } from '../../tests/support/test-bindings.ts'
import { devClientManifest } from '../../tests/support/vitest-plugins.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The console at 1,000 / 100,000 / 1,000,000 leads, inside workerd with its local D1: not part of
 * `npm test`; `npm run bench -- --scale` runs it once per size (bench/lib/scale.mjs).
 */
export default defineConfig({
  root,
  plugins: [
    devClientManifest,
    siteContent({ root }),
    cloudflareTest(async () => ({
      main: './src/worker.ts',
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
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
          TEST_MIGRATIONS: await readD1Migrations(`${root}/src/server/migrations`),
        },
      },
    })),
  ],
  test: {
    include: ['bench/scale/*.measure.ts'],
    globalSetup: ['bench/render-cost/collect.ts'],
    testTimeout: 3_600_000,
  },
})
