/** Drives the local EmailJS stand-in (tests/support/fake-emailjs.ts) from inside workerd. */
import { env } from './app'

/** The EmailJS identities configured for the worker project in tests/vitest.config.ts. */
export const CONFIGURED = {
  publicKey: 'test-public-key',
  serviceId: 'test-service',
  templateId: 'test-template',
  privateKey: 'test-private-key',
}

export interface Received {
  body: Record<string, unknown> & { template_params?: Record<string, string> }
  contentType: string
  status: number
}

/** A preset name, or a custom answer (see tests/support/fake-emailjs.ts), optionally after `delayMs`. */
export type EmailJsAnswer =
  string | { status: number; body?: string; headers?: Record<string, string>; delayMs?: number }

/** Drives the fake EmailJS server (tests/support/fake-emailjs.ts) for one service id. */
export const fakeEmailJs = {
  async control(
    serviceId: string,
    options: {
      script?: EmailJsAnswer[]
      fallback?: EmailJsAnswer
      perSecond?: number | null
      slowMs?: number
      reset?: boolean
    },
  ) {
    const res = await fetch(`${env.EMAILJS_API_BASE}/__control`, {
      method: 'POST',
      body: JSON.stringify({ service_id: serviceId, ...options }),
    })
    if (res.status !== 204) throw new Error(`fake EmailJS control failed: ${res.status}`)
  },
  async received(serviceId: string): Promise<Received[]> {
    const res = await fetch(`${env.EMAILJS_API_BASE}/__received?service_id=${encodeURIComponent(serviceId)}`)
    return (await res.json()) as Received[]
  },
}
