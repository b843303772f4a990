/**
 * OAuth2 access tokens for a Google service account (the RTDB settings store): an RS256 JWT
 * signed by hono/jwt, exchanged through the JWT-bearer grant, cached per isolate until shortly
 * before it expires. Neither the key, the assertion nor the token is ever logged.
 */
import { sign } from 'hono/jwt'
import { isSecureEndpoint } from '../../../lib/endpoints'
import { errorText, fail, ok, type Result } from '../../../lib/result'
import { TimeoutError, withTimeout } from '../../../lib/timeout'

const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token'
const SCOPES =
  'https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/firebase.database'
/** Google caps an assertion at one hour. */
const ASSERTION_SECONDS = 3600
/** A token is replaced this long before it expires, so no call goes out with a dying one. */
const REFRESH_MARGIN_SECONDS = 300

export interface ServiceAccount {
  clientEmail: string
  privateKey: string
  tokenUri: string
}

/** The service-account key JSON, as downloaded from the Firebase console, or why it cannot be used. */
export function parseServiceAccount(json: string): Result<ServiceAccount> {
  let raw: Record<string, unknown> | null
  try {
    raw = JSON.parse(json) as Record<string, unknown> | null
  } catch {
    return fail('FIREBASE_SERVICE_ACCOUNT is not valid JSON.')
  }
  if (typeof raw?.client_email !== 'string' || typeof raw.private_key !== 'string') {
    return fail('FIREBASE_SERVICE_ACCOUNT needs client_email and private_key.')
  }
  const tokenUri = typeof raw.token_uri === 'string' ? raw.token_uri : GOOGLE_TOKEN_URI
  if (!isSecureEndpoint(tokenUri)) return fail('The service account token_uri must be https://.')
  // Keys pasted into dashboards often carry a literal "\n" instead of line breaks.
  return ok({ clientEmail: raw.client_email, privateKey: raw.private_key.replace(/\\n/g, '\n'), tokenUri })
}

interface CachedToken {
  token: string
  refreshAt: number
}

/** This isolate's tokens by account, and the mints under way (concurrent calls share one). */
export class TokenCache {
  readonly tokens = new Map<string, CachedToken>()
  readonly minting = new Map<string, Promise<Result<string>>>()

  /** Drops a token the database refused (revoked or rotated key), so the next call mints anew. */
  forget(token: string): void {
    for (const [key, cached] of this.tokens) if (cached.token === token) this.tokens.delete(key)
  }
}

/** A valid access token for the account, from the cache or freshly minted. */
export function accessToken(
  account: ServiceAccount,
  cache: TokenCache,
  timeoutMs: number,
): Promise<Result<string>> {
  const key = `${account.clientEmail}|${account.tokenUri}`
  const cached = cache.tokens.get(key)
  if (cached && cached.refreshAt > Date.now()) return Promise.resolve(ok(cached.token))
  let pending = cache.minting.get(key)
  if (!pending) {
    pending = mint(account, timeoutMs)
      .then((result) => {
        if (!result.ok) return result
        const lifetime = Math.max(0, result.value.expiresIn - REFRESH_MARGIN_SECONDS)
        cache.tokens.set(key, { token: result.value.token, refreshAt: Date.now() + lifetime * 1000 })
        return ok(result.value.token)
      })
      .finally(() => cache.minting.delete(key))
    cache.minting.set(key, pending)
  }
  return pending
}

async function mint(account: ServiceAccount, timeoutMs: number) {
  const now = Math.floor(Date.now() / 1000)
  let assertion: string
  try {
    const claims = {
      iss: account.clientEmail,
      scope: SCOPES,
      aud: account.tokenUri,
      iat: now,
      exp: now + ASSERTION_SECONDS,
    }
    assertion = await sign(claims, account.privateKey, 'RS256')
  } catch {
    return fail('The service account private_key is not a valid PKCS#8 RSA key.')
  }
  const body = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion })
  try {
    const response = await withTimeout(timeoutMs, (signal) =>
      fetch(account.tokenUri, {
        method: 'POST',
        body,
        signal,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      }),
    )
    const payload = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined
    if (!payload) return fail(`The token endpoint answered ${response.status} without JSON.`, true)
    if (!response.ok || typeof payload.access_token !== 'string') {
      const said = [payload.error, payload.error_description].filter((s) => typeof s === 'string').join(': ')
      return fail(`The token endpoint refused the service account (${response.status} ${said}).`)
    }
    const expiresIn = typeof payload.expires_in === 'number' ? payload.expires_in : ASSERTION_SECONDS
    return ok({ token: payload.access_token, expiresIn })
  } catch (error) {
    const outcome = error instanceof TimeoutError ? 'timed out' : `failed (${errorText(error)})`
    return fail(`The token request to ${account.tokenUri} ${outcome}.`, true)
  }
}
