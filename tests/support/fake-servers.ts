/**
 * Vitest global setup (runs in Node): starts the local servers that stand in for EmailJS,
 * Firebase and Cloudflare Access, and hands their ports to the worker tests through `inject`.
 */
import type { TestProject } from 'vitest/node'
import { startFakeAccess } from './fake-access'
import { startFakeEmailJs } from './fake-emailjs'
import { startFakeRtdb } from './fake-rtdb'

declare module 'vitest' {
  export interface ProvidedContext {
    emailjsPort: number
    rtdbPort: number
    accessPort: number
  }
}

export default async function setup(project: TestProject) {
  const emailjs = await startFakeEmailJs()
  const rtdb = await startFakeRtdb()
  const access = await startFakeAccess()
  project.provide('emailjsPort', emailjs.port)
  project.provide('rtdbPort', rtdb.port)
  project.provide('accessPort', access.port)
  return async () => {
    await emailjs.close()
    await rtdb.close()
    await access.close()
  }
}
