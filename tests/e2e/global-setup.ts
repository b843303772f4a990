/**
 * Browser-test setup: builds the site once (unless E2E_SKIP_BUILD=1), then starts, for each
 * vitest worker that runs test files in parallel, its own local EmailJS stand-in and its own
 * production worker on workerd (fresh D1, KV, lockouts and caches), so files running side by side
 * never see each other's leads, viewer address, scripted EmailJS failures or rate limits.
 */
import { execFileSync } from 'node:child_process'
import type { TestProject } from 'vitest/node'
import { startFakeEmailJs } from '../support/fake-emailjs'
import { startWorker } from '../support/wrangler-server'

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per vitest worker (VITEST_POOL_ID - 1): see tests/e2e/server.ts. */
    e2eServers: { baseUrl: string; emailjsUrl: string; state: string }[]
  }
}

export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password' }

/**
 * How many browser-test files run at once (tests/vitest.config.ts gives the e2e run this many
 * workers). Three finished no sooner than two (630 s against 630–710 s): the browser tests keep
 * both cores busy, so a third only slows the worker tests running beside them.
 */
export const E2E_WORKERS = 2

/** The browser tests' worker settings, with EmailJS at `emailjsUrl` (a test starting a server of its own uses them too). */
export function e2eVars(emailjsUrl: string): Record<string, string> {
  return {
    EMAILJS_API_BASE: emailjsUrl,
    EMAILJS_PUBLIC_KEY: 'e2e-public-key',
    EMAILJS_SERVICE_ID: 'e2e-service',
    EMAILJS_TEMPLATE_ID: 'e2e-template',
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    // No view loads the speed reporter unless a test sets a share: the tests that watch a page's
    // scripts see only the page's own (tests/e2e/traffic.test.ts measures speed at 100 %).
    VITALS_DEFAULT_SHARE: '0',
  }
}

export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    // NODE_ENV as `npm run build` has it: Vitest sets it to "test", with which Vite bundled React's
    // development builds (430 KB of islands, a slower renderer) instead of the production ones.
    execFileSync('node_modules/.bin/vite', ['build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    })
  }
  const started = await Promise.all(
    Array.from({ length: E2E_WORKERS }, async () => {
      const emailjs = await startFakeEmailJs()
      const emailjsUrl = `http://127.0.0.1:${emailjs.port}`
      const worker = await startWorker(
        e2eVars(emailjsUrl),
        // Suggest in the translation editor asks the Workers AI stand-in (tests/e2e/translator.test.ts).
        { workersAi: true },
      )
      return { emailjs, emailjsUrl, worker }
    }),
  )
  project.provide(
    'e2eServers',
    started.map(({ worker, emailjsUrl }) => ({ baseUrl: worker.url, emailjsUrl, state: worker.state })),
  )
  return async () => {
    await Promise.all(
      started.map(async ({ worker, emailjs }) => (await worker.stop(), await emailjs.close())),
    )
  }
}
