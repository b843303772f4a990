/**
 * OAuth2 access tokens for a Google service account, minted with WebCrypto (no Node APIs):
 * an RS256-signed JWT exchanged through the JWT-bearer grant. Tokens are cached per isolate
 * until shortly before they expire, and concurrent requests share one mint. Neither the key,
 * the assertion nor the token is ever logged.
 */

export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token'

/** Scopes a service account needs for Realtime Database REST calls. */
export const FIREBASE_SCOPES = [
  'https://www.googleapis.com/auth/userinfo.email',
  'https://www.googleapis.com/auth/firebase.database',
]

/** Google caps assertion lifetime at one hour. */
const ASSERTION_LIFETIME_SECONDS = 3600
/** Mint a new token this long before the old one expires, so no call goes out with a dying token. */
const REFRESH_MARGIN_SECONDS = 300

export interface ServiceAccount {
  client_email: string
  private_key: string
  private_key_id?: string
  token_uri: string
}

export class GoogleAuthError extends Error {
  override name = 'GoogleAuthError'
}

/** Parses the service-account key JSON (as downloaded from the Firebase console). Throws GoogleAuthError. */
export function parseServiceAccount(json: string): ServiceAccount {
  let raw: unknown
  try {
    raw = JSON.parse(json)
  } catch {
    throw new GoogleAuthError('FIREBASE_SERVICE_ACCOUNT is not valid JSON.')
  }
  const account = raw as Partial<Record<keyof ServiceAccount, unknown>> | null
  if (!account || typeof account.client_email !== 'string' || typeof account.private_key !== 'string') {
    throw new GoogleAuthError('FIREBASE_SERVICE_ACCOUNT needs client_email and private_key.')
  }
  const tokenUri = typeof account.token_uri === 'string' ? account.token_uri : GOOGLE_TOKEN_URI
  if (!isAllowedEndpoint(tokenUri)) {
    throw new GoogleAuthError('The service account token_uri must be https:// (http:// only on loopback).')
  }
  return {
    client_email: account.client_email,
    private_key: account.private_key,
    private_key_id: typeof account.private_key_id === 'string' ? account.private_key_id : undefined,
    token_uri: tokenUri,
  }
}

/** HTTPS anywhere; plain HTTP only to this machine (local fakes and emulators). */
export function isAllowedEndpoint(address: string): boolean {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return false
  }
  if (url.protocol === 'https:') return true
  return url.protocol === 'http:' && isLoopbackHost(url.hostname)
}

export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname)
}

interface CachedToken {
  token: string
  /** Epoch ms after which the token is not used any more (expiry minus the margin). */
  refreshAt: number
}

const tokens = new Map<string, CachedToken>()
const minting = new Map<string, Promise<string>>()
const keys = new Map<string, Promise<CryptoKey>>()

export interface TokenOptions {
  scopes?: string[]
  timeoutMs?: number
  fetch?: typeof fetch
  now?: () => number
}

/** A valid access token for the account, from the cache or freshly minted. Throws GoogleAuthError. */
export async function getAccessToken(account: ServiceAccount, options: TokenOptions = {}): Promise<string> {
  const scopes = options.scopes ?? FIREBASE_SCOPES
  const now = options.now ?? Date.now
  const cacheKey = `${account.client_email}|${account.token_uri}|${scopes.join(' ')}`
  const cached = tokens.get(cacheKey)
  if (cached && cached.refreshAt > now()) return cached.token
  let pending = minting.get(cacheKey)
  if (!pending) {
    pending = mintToken(account, scopes, options, now)
      .then(({ token, expiresIn }) => {
        const lifetime = Math.max(0, expiresIn - REFRESH_MARGIN_SECONDS)
        tokens.set(cacheKey, { token, refreshAt: now() + lifetime * 1000 })
        return token
      })
      .finally(() => minting.delete(cacheKey))
    minting.set(cacheKey, pending)
  }
  return pending
}

/** Drops a cached token the database refused (revoked or rotated key), so the next call mints anew. */
export function forgetAccessToken(token: string): void {
  for (const [key, cached] of tokens) if (cached.token === token) tokens.delete(key)
}

/** Test hook: forget every cached token and key. */
export function resetGoogleAuthCache(): void {
  tokens.clear()
  minting.clear()
  keys.clear()
}

async function mintToken(
  account: ServiceAccount,
  scopes: string[],
  options: TokenOptions,
  now: () => number,
): Promise<{ token: string; expiresIn: number }> {
  const issuedAt = Math.floor(now() / 1000)
  const header = {
    alg: 'RS256',
    typ: 'JWT',
    ...(account.private_key_id ? { kid: account.private_key_id } : {}),
  }
  const claims = {
    iss: account.client_email,
    scope: scopes.join(' '),
    aud: account.token_uri,
    iat: issuedAt,
    exp: issuedAt + ASSERTION_LIFETIME_SECONDS,
  }
  const assertion = await signJwt(header, claims, account.private_key)
  const body = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion })
  let response: Response
  try {
    response = await (options.fetch ?? fetch)(account.token_uri, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
    })
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'failed'
    throw new GoogleAuthError(`The token request to ${account.token_uri} ${reason}.`)
  }
  const text = await response.text()
  let payload: { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown }
  try {
    payload = JSON.parse(text) as typeof payload
  } catch {
    throw new GoogleAuthError(`The token endpoint answered ${response.status} without JSON.`)
  }
  if (!response.ok || typeof payload.access_token !== 'string') {
    const detail = [payload.error, payload.error_description].filter((s) => typeof s === 'string').join(': ')
    throw new GoogleAuthError(
      `The token endpoint refused the service account (${response.status} ${detail}).`,
    )
  }
  const expiresIn = typeof payload.expires_in === 'number' ? payload.expires_in : ASSERTION_LIFETIME_SECONDS
  return { token: payload.access_token, expiresIn }
}

async function signJwt(header: object, claims: object, privateKeyPem: string): Promise<string> {
  const encoder = new TextEncoder()
  const input = `${base64UrlJson(header)}.${base64UrlJson(claims)}`
  const key = await importPrivateKey(privateKeyPem)
  const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, encoder.encode(input))
  return `${input}.${base64Url(new Uint8Array(signature))}`
}

function importPrivateKey(pem: string): Promise<CryptoKey> {
  let pending = keys.get(pem)
  if (!pending) {
    pending = crypto.subtle
      .importKey('pkcs8', pemToDer(pem), { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign'])
      .catch(() => {
        keys.delete(pem)
        throw new GoogleAuthError('The service account private_key is not a valid RSA key.')
      })
    keys.set(pem, pending)
  }
  return pending
}

/** PKCS#8 PEM to DER. Secrets pasted into dashboards often carry literal `\n` instead of newlines. */
export function pemToDer(pem: string): ArrayBuffer {
  const text = pem.replace(/\\n/g, '\n')
  if (text.includes('BEGIN RSA PRIVATE KEY')) {
    throw new GoogleAuthError('The private_key is PKCS#1; use the PKCS#8 key from the service-account JSON.')
  }
  const match = /-----BEGIN PRIVATE KEY-----([\s\S]+?)-----END PRIVATE KEY-----/.exec(text)
  if (!match?.[1]) throw new GoogleAuthError('The service account private_key is not a PEM private key.')
  let binary: string
  try {
    binary = atob(match[1].replace(/\s+/g, ''))
  } catch {
    throw new GoogleAuthError('The service account private_key is not valid base64.')
  }
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes.buffer
}

function base64UrlJson(value: object): string {
  return base64Url(new TextEncoder().encode(JSON.stringify(value)))
}

function base64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}
