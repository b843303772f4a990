/**
 * What the benches measured inside workerd share (the render cost, the console at scale, field
 * speed): the app as the worker tests run it (src/worker.ts with wrangler.toml, the site's content
 * and client manifest, the D1 migrations for the measure to apply) and the collector of figures.
 * None is part of `npm test`: `npm run bench` runs them (bench/bench.mjs, bench/lib/*.mjs).
 */
import { fileURLToPath } from 'node:url'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'
import { siteContent } from '../../src/build/site-content.ts'
import { isolatedBindings } from '../../tests/support/test-bindings.ts'
import { devClientManifest } from '../../tests/support/vitest-plugins.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

interface BenchOptions {
  /** The measure files. */
  include: string[]
  testTimeout: number
  /** Production React and JSX calls, as in the deployed bundle (React picks its build from process.env). */
  production?: boolean
  /** The console's variables, as a local run has them: an admin to sign in as, pages on their own origin. */
  console?: boolean
}

export function workerdBench({ include, testTimeout, production = false, console = false }: BenchOptions) {
  return defineConfig({
    root,
    ...(production ? { oxc: { jsx: { development: false } } } : {}),
    plugins: [
      devClientManifest,
      siteContent({ root }),
      cloudflareTest(async () => ({
        main: './src/worker.ts',
        // Workers AI (wrangler.toml [ai]) is remote: a bench runs offline, with no account (as the tests do).
        remoteBindings: false,
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          ...(production ? { kvNamespaces: ['TICK'] } : {}),
          bindings: {
            ...(console
              ? isolatedBindings(
                  {
                    APP_ENV: 'development',
                    ADMIN_USERNAME: 'admin',
                    ADMIN_PASSWORD: 'bench-admin-password',
                    SITE_ORIGIN: '',
                  },
                  root,
                )
              : {}),
            ...(production ? { NODE_ENV: 'production' } : {}),
            TEST_MIGRATIONS: await readD1Migrations(`${root}/src/server/migrations`),
          },
        },
      })),
    ],
    test: { include, globalSetup: ['bench/render-cost/collect.ts'], testTimeout },
  })
}
