/**
 * Browser-test setup: builds the site (unless E2E_SKIP_BUILD=1), starts a local EmailJS stand-in
 * and the production worker on workerd, and provides their addresses to the tests.
 */
import { execFileSync } from 'node:child_process'
import type { TestProject } from 'vitest/node'
import { startFakeEmailJs } from '../support/fake-emailjs'
import { startWorker } from '../support/wrangler-server'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    e2eEmailjsUrl: string
  }
}

export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password' }

export default async function setup(project: TestProject) {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    execFileSync('node_modules/.bin/vite', ['build', '--logLevel', 'warn'], { stdio: 'inherit' })
  }
  const emailjs = await startFakeEmailJs()
  const emailjsUrl = `http://127.0.0.1:${emailjs.port}`
  const worker = await startWorker({
    EMAILJS_API_BASE: emailjsUrl,
    EMAILJS_PUBLIC_KEY: 'e2e-public-key',
    EMAILJS_SERVICE_ID: 'e2e-service',
    EMAILJS_TEMPLATE_ID: 'e2e-template',
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  })
  project.provide('baseUrl', worker.url)
  project.provide('e2eEmailjsUrl', emailjsUrl)
  return async () => {
    await worker.stop()
    await emailjs.close()
  }
}
