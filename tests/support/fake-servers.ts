/**
 * Vitest global setup (runs in Node): starts the local servers that stand in for EmailJS and
 * Firebase, and hands their ports to the worker tests through `inject`.
 */
import type { TestProject } from 'vitest/node'
import { startFakeEmailJs } from './fake-emailjs'

declare module 'vitest' {
  export interface ProvidedContext {
    emailjsPort: number
  }
}

export default async function setup(project: TestProject) {
  const emailjs = await startFakeEmailJs()
  project.provide('emailjsPort', emailjs.port)
  return async () => {
    await emailjs.close()
  }
}
