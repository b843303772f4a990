/**
 * Drives the local Firebase RTDB and Google token stand-in (tests/support/fake-rtdb.ts) from
 * inside workerd: a fresh database per test, and generated service-account key pairs.
 */
import { inject } from 'vitest'
import { newRsaKeyPair } from './rsa'

export const rtdbBase = `http://127.0.0.1:${inject('rtdbPort')}`

export interface FakeDatabase {
  ns: string
  /** The FIREBASE_DATABASE_URL of this database. */
  url: string
  tokenUri: string
  state(): Promise<{
    data: unknown
    requests: {
      method: string
      path: string
      query: Record<string, string>
      authorization?: string
      body: string
    }[]
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
  const pair = await newRsaKeyPair()
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
