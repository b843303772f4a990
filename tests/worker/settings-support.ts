/**
 * Helpers for the settings tests (inside workerd): the worker's own env as Bindings, calls to the
 * exported app with a modified env, a fresh database on the fake RTDB server, and a generated
 * service-account key pair.
 */
import { createExecutionContext, env as testEnv, waitOnExecutionContext } from 'cloudflare:test'
import { inject } from 'vitest'
import type { Bindings } from '../../src/env'
import { app } from '../../src/worker'

export const ORIGIN = 'https://example.com'
export const ADMIN = { username: 'admin', password: 'test-admin-password' }

export const env = testEnv as unknown as Bindings

export function basic(username: string, password: string): string {
  return 'Basic ' + btoa(`${username}:${password}`)
}

export const ADMIN_AUTH = basic(ADMIN.username, ADMIN.password)

/** A distinct client address per test, so rate-limit counters do not leak between tests. */
export function clientIp(): string {
  return `198.51.100.${Math.floor(Math.random() * 250) + 1}`
}

/** Calls the worker's Hono app with this env (bindings plus overrides) and waits for its background work. */
export async function callApp(path: string, init: RequestInit = {}, overrides: Partial<Bindings> = {}) {
  const ctx = createExecutionContext()
  const response = await app.request(ORIGIN + path, init, { ...env, ...overrides }, ctx)
  const body = await response.text()
  return { response, body, settled: waitOnExecutionContext(ctx) }
}

/** A JSON PUT of the viewer address, as the /update island sends it. */
export function putInit(view3dUrl: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: ADMIN_AUTH, ...headers },
    body: JSON.stringify({ view3dUrl }),
  }
}

// --- the fake RTDB server (tests/support/fake-rtdb.ts) ---

export const rtdbBase = `http://127.0.0.1:${inject('rtdbPort')}`

export interface FakeDatabase {
  ns: string
  /** The FIREBASE_DATABASE_URL of this database. */
  url: string
  tokenUri: string
  state(): Promise<{
    data: unknown
    requests: { method: string; path: string; query: Record<string, string>; body: string }[]
    tokenRequests: {
      grantType: string
      header: Record<string, unknown>
      claims: Record<string, unknown>
      verdict: string
    }[]
  }>
  script(
    ...answers: { status?: number; body?: string; delayMs?: number; hang?: boolean; garbage?: boolean }[]
  ): Promise<void>
  release(): Promise<void>
  /** Lets the token endpoint accept JWTs signed by this account's key. */
  registerAccount(account: { email: string; publicKeyPem: string }): Promise<void>
}

async function control(action: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${rtdbBase}/__control/${action}`, {
    method: body === undefined ? 'GET' : 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`fake RTDB control ${action}: ${response.status}`)
  return response
}

export async function newDatabase(
  setup: {
    secrets?: string[]
    publicRead?: boolean
    data?: unknown
    serviceAccounts?: { email: string; publicKeyPem: string }[]
  } = {},
): Promise<FakeDatabase> {
  const ns = `db-${crypto.randomUUID()}`
  await control('setup', { ns, ...setup })
  return {
    ns,
    url: `${rtdbBase}/?ns=${ns}`,
    tokenUri: `${rtdbBase}/token?ns=${ns}`,
    state: async () => (await control(`state?ns=${ns}`)).json(),
    script: async (...answers) => void (await control('script', { ns, answers })),
    release: async () => void (await control(`release?ns=${ns}`, {})),
    registerAccount: async ({ email, publicKeyPem }) =>
      void (await control('account', { ns, email, publicKeyPem })),
  }
}

// --- service accounts ---

function pem(label: string, der: ArrayBuffer): string {
  let binary = ''
  for (const byte of new Uint8Array(der)) binary += String.fromCharCode(byte)
  const lines = btoa(binary).match(/.{1,64}/g) ?? []
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`
}

/** A new RSA key pair as a service-account JSON (private half) and the public key PEM for the fake. */
export async function generateServiceAccount(tokenUri: string) {
  const pair = (await crypto.subtle.generateKey(
    {
      name: 'RSASSA-PKCS1-v1_5',
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    true,
    ['sign', 'verify'],
  )) as CryptoKeyPair
  const privateKeyPem = pem(
    'PRIVATE KEY',
    (await crypto.subtle.exportKey('pkcs8', pair.privateKey)) as ArrayBuffer,
  )
  const publicKeyPem = pem(
    'PUBLIC KEY',
    (await crypto.subtle.exportKey('spki', pair.publicKey)) as ArrayBuffer,
  )
  const email = `site-${crypto.randomUUID().slice(0, 8)}@test-project.iam.gserviceaccount.com`
  const account = {
    type: 'service_account',
    project_id: 'test-project',
    private_key_id: 'key-1',
    private_key: privateKeyPem,
    client_email: email,
    token_uri: tokenUri,
  }
  return { email, publicKeyPem, account, json: JSON.stringify(account) }
}
