/**
 * Vitest global setup (runs in Node): starts the local servers that stand in for EmailJS,
 * Firebase, Cloudflare Access, Turnstile's siteverify, an alert webhook and Workers Analytics
 * Engine's SQL API, and hands their ports to the worker tests through `inject`.
 */
import type { TestProject } from 'vitest/node'
import { startFakeAnalyticsSql } from './fake-analytics-sql'
import { startFakeAccess } from './fake-access'
import { startFakeEmailJs } from './fake-emailjs'
import { startFakeRtdb } from './fake-rtdb'
import { startFakeTurnstile } from './fake-turnstile'
import { startFakeWebhook } from './fake-webhook'

declare module 'vitest' {
  export interface ProvidedContext {
    emailjsPort: number
    rtdbPort: number
    accessPort: number
    webhookPort: number
    turnstilePort: number
    analyticsSqlPort: number
  }
}

export default async function setup(project: TestProject) {
  const emailjs = await startFakeEmailJs()
  const rtdb = await startFakeRtdb()
  const access = await startFakeAccess()
  const webhook = await startFakeWebhook()
  const turnstile = await startFakeTurnstile()
  const analyticsSql = await startFakeAnalyticsSql()
  project.provide('emailjsPort', emailjs.port)
  project.provide('rtdbPort', rtdb.port)
  project.provide('accessPort', access.port)
  project.provide('webhookPort', webhook.port)
  project.provide('turnstilePort', turnstile.port)
  project.provide('analyticsSqlPort', analyticsSql.port)
  return async () => {
    await emailjs.close()
    await rtdb.close()
    await access.close()
    await webhook.close()
    await turnstile.close()
    await analyticsSql.close()
  }
}
