/** Helpers for the contact tests that run inside workerd (not a test file itself). */
import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { vi } from 'vitest'
import type { Bindings } from '../../src/env'
import type { LeadRecord } from '../../src/server/services/leads'

export const bindings = env as unknown as Bindings

/** The EmailJS identities configured for the worker project in tests/vitest.config.ts. */
export const CONFIGURED = {
  publicKey: 'test-public-key',
  serviceId: 'test-service',
  templateId: 'test-template',
  privateKey: 'test-private-key',
}

export const ORIGIN = 'https://example.com'

export interface Received {
  body: Record<string, unknown> & { template_params?: Record<string, string> }
  contentType: string
  status: number
}

/** A preset name, or a custom answer (see tests/support/fake-emailjs.ts), optionally after `delayMs`. */
export type Answer =
  string | { status: number; body?: string; headers?: Record<string, string>; delayMs?: number }

/** Drives the fake EmailJS server (tests/support/fake-emailjs.ts) for one service id. */
export const fakeEmailJs = {
  async control(
    serviceId: string,
    options: {
      script?: Answer[]
      fallback?: Answer
      perSecond?: number | null
      slowMs?: number
      reset?: boolean
    },
  ) {
    const res = await fetch(`${bindings.EMAILJS_API_BASE}/__control`, {
      method: 'POST',
      body: JSON.stringify({ service_id: serviceId, ...options }),
    })
    if (res.status !== 204) throw new Error(`fake EmailJS control failed: ${res.status}`)
  },
  async received(serviceId: string): Promise<Received[]> {
    const res = await fetch(
      `${bindings.EMAILJS_API_BASE}/__received?service_id=${encodeURIComponent(serviceId)}`,
    )
    return (await res.json()) as Received[]
  },
}

/** A fresh client key, so the shared CONTACT_LIMITER never carries over between tests. */
export function freshIp(): string {
  return `test-client-${crypto.randomUUID()}`
}

export interface PostOptions {
  ip?: string
  contentType?: string | null
  headers?: Record<string, string>
}

/** A same-origin browser post to /api/contact through the worker's front door. */
export function postContact(
  body: BodyInit,
  { ip = freshIp(), contentType = 'application/json', headers = {} }: PostOptions = {},
) {
  const allHeaders: Record<string, string> = {
    Origin: ORIGIN,
    'Sec-Fetch-Site': 'same-origin',
    'CF-Connecting-IP': ip,
    ...headers,
  }
  if (contentType) allHeaders['Content-Type'] = contentType
  return SELF.fetch(`${ORIGIN}/api/contact`, {
    method: 'POST',
    body,
    headers: allHeaders,
    redirect: 'manual',
  })
}

export function validContact(marker = crypto.randomUUID()) {
  return {
    name: `Ada Lovelace ${marker}`,
    email: 'ada@example.com',
    phone: '+44 20 7946 0958',
    inquiry: `We would like a 3D store for our boutique. (${marker})`,
    time: '22/11/2026, 10:15:00',
  }
}

export async function leadRecord(id: string): Promise<LeadRecord | null> {
  return bindings.LEADS_STORE.get<LeadRecord>(`lead:${id}`, 'json')
}

/** Polls `check` until it returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * Records every console line (log, info, warn, error, debug) as the text a log viewer would show,
 * errors with their stacks and objects as JSON, so tests can scan logs for what must not be there.
 * The spies are undone by vi.restoreAllMocks().
 */
export function captureConsole() {
  const lines: string[] = []
  const show = (value: unknown): string => {
    if (value instanceof Error) return `${value.name}: ${value.message}\n${value.stack ?? ''}`
    if (typeof value === 'object' && value !== null) {
      try {
        return JSON.stringify(value)
      } catch {
        return String(value)
      }
    }
    return String(value)
  }
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(`${level}: ${args.map(show).join(' ')}`)
    })
  }
  return { lines, text: () => lines.join('\n') }
}
