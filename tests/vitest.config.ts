import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'
import { siteContent } from '../src/build/site-content.ts'
import { E2E_WORKERS } from './e2e/global-setup.ts'
import { fuzzSettingsFrom } from './support/fuzz.ts'
import { TEST_TIMINGS } from './support/timings.ts'
import { isolatedBindings } from './support/test-bindings.ts'
import { devClientManifest } from './support/vitest-plugins.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
/** Unit test files that call vi.mock, found by reading them: they run in a module graph of their own (unit-mocks). */
const UNIT_FILES_THAT_MOCK_MODULES = readdirSync(`${root}/tests/unit`, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `tests/unit/${file}`)
  .filter((file) => readFileSync(`${root}/${file}`, 'utf8').includes('vi.mock('))
/** The property tests' sample size and replay seed (support/fuzz.ts), read once here. */
const fuzz = fuzzSettingsFrom(process.env)
/** What both unit projects share. */
const UNIT_TEST = {
  environment: 'node',
  provide: { fuzz },
  // A hang detector, as for the worker tests below. npm test runs these at `nice` 10 beside the
  // browser and worker tests, where a file can get a thirtieth of a core: a test of one CPU-second
  // (1,000,000 visitors hashed, fast-check's first full-Unicode string) then takes 30 s.
  testTimeout: 120_000,
} as const

export default defineConfig({
  root,
  test: {
    projects: [
      {
        root,
        plugins: [siteContent({ root })],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: UNIT_FILES_THAT_MOCK_MODULES,
          ...UNIT_TEST,
          // The files share one module graph instead of loading it again each (34–37 → 28–29
          // CPU-seconds alone); none of them changes a module's state.
          isolate: false,
        },
      },
      {
        root,
        plugins: [siteContent({ root })],
        test: {
          // A file that swaps a module (vi.mock) keeps a module graph of its own: in a shared one the
          // mock could miss a module another file had loaded, or leak into the files after it.
          name: 'unit-mocks',
          include: UNIT_FILES_THAT_MOCK_MODULES,
          ...UNIT_TEST,
        },
      },
      {
        root,
        plugins: [
          devClientManifest,
          siteContent({ root }),
          cloudflareTest(async ({ inject }) => ({
            main: './src/worker.ts',
            // Workers AI (wrangler.toml [ai]) is remote: never reached from a test, which passes a stand-in (support/workers-ai.ts).
            remoteBindings: false,
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: {
                // Every variable the tests need is set here; nothing comes from a developer's .dev.vars.
                ...isolatedBindings(
                  {
                    APP_ENV: 'development',
                    // The fuzz tests accept thousands of leads a day; the cap tests set their own.
                    CONTACT_DAILY_EMAIL_CAP: '1000000',
                    EMAILJS_API_BASE: `http://127.0.0.1:${inject<number>('emailjsPort')}`,
                    EMAILJS_PUBLIC_KEY: 'test-public-key',
                    EMAILJS_SERVICE_ID: 'test-service',
                    EMAILJS_TEMPLATE_ID: 'test-template',
                    EMAILJS_PRIVATE_KEY: 'test-private-key',
                    ADMIN_USERNAME: 'admin',
                    ADMIN_PASSWORD: 'test-admin-password',
                    // A fixed key, so tests can sign a form token before a request (support/contact.ts);
                    // the D1-made key is covered by its own test (spam.test.ts).
                    FORM_TOKEN_SECRET: 'test-form-token-secret',
                    // Pages use their own origin, as locally; the SITE_ORIGIN tests set one.
                    SITE_ORIGIN: '',
                    // Fast durations (support/timings.ts); the tests of a real duration unset it.
                    TIMINGS: JSON.stringify(TEST_TIMINGS),
                  },
                  root,
                ),
                TEST_MIGRATIONS: await readD1Migrations(`${root}/src/server/migrations`),
              },
            },
          })),
        ],
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.test.{ts,tsx}'],
          globalSetup: ['tests/support/fake-servers.ts'],
          setupFiles: ['tests/worker/support/setup.ts'],
          provide: { fuzz },
          // One workerd for every file, which keeps the modules it has loaded: a file's start was
          // 5.8 s of loading the app again and applying the migrations (setup 133 s and import
          // 113 s of 670 s); setup.ts still gives each test an empty database and a fresh isolate.
          isolate: false,
          // A hang detector, not a speed check: beside the browser tests, which keep both cores
          // busy, a test that takes 0.5 s alone can take 6 (Vitest's default is 5 s).
          testTimeout: 30_000,
          // setup.ts empties the tables before each test: after a test of thousands of leads, their
          // search index's deletes took past Vitest's default 10 s beside the browser tests.
          hookTimeout: 30_000,
        },
      },
      {
        root,
        plugins: [siteContent({ root })],
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // E2E_WORKERS files at a time, each worker with its own server pair (tests/e2e/global-setup.ts).
          fileParallelism: true,
          maxWorkers: E2E_WORKERS,
        },
      },
    ],
  },
})
