/**
 * A focused Firebase Realtime Database REST client (GET and PUT of `{db}/{path}.json`), small
 * enough for the edge: no SDK, a timeout on every call, RTDB's own key and size rules checked
 * before anything is sent, and every failure mapped to a result the caller can act on.
 * Protocol: https://firebase.google.com/docs/database/rest/save-data (Error Conditions).
 */
import {
  forgetAccessToken,
  getAccessToken,
  GoogleAuthError,
  isAllowedEndpoint,
  type ServiceAccount,
} from './google-auth'

/** RTDB limits (https://firebase.google.com/docs/database/usage/limits). */
const MAX_KEY_BYTES = 768
const MAX_STRING_BYTES = 10 * 1024 * 1024
const MAX_DEPTH = 32

export type RtdbErrorKind =
  | 'invalid-request' // refused locally, nothing was sent
  | 'bad-request' // 400
  | 'permission-denied' // 401
  | 'not-found' // 404: no such database
  | 'precondition-failed' // 412: ETag mismatch
  | 'unavailable' // 503: not attempted, safe to retry
  | 'server-error' // other 5xx or unexpected status
  | 'timeout'
  | 'network'
  | 'bad-response' // an answer that is not JSON
  | 'auth' // the service-account token could not be minted

export interface RtdbError {
  kind: RtdbErrorKind
  status?: number
  message: string
  /** True when the database says the request was not attempted, so sending it again is safe. */
  retryable: boolean
}

export type RtdbResult<T> = { ok: true; value: T } | { ok: false; error: RtdbError }

export type RtdbAuth =
  | { kind: 'none' }
  /** Firebase ID token or legacy database secret, sent as `auth=`. */
  | { kind: 'token'; token: string }
  /** Service account: an OAuth2 access token minted from it, sent as `access_token=`. */
  | { kind: 'service-account'; account: ServiceAccount }

export interface RtdbClientOptions {
  databaseUrl: string
  auth: RtdbAuth
  /** Budget of each call in milliseconds; minting a token has its own budget of the same length. */
  timeoutMs?: number
  fetch?: typeof fetch
}

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

export interface RtdbClient {
  get(path: string, options?: { timeoutMs?: number }): Promise<RtdbResult<JsonValue>>
  put(path: string, value: JsonValue, options?: { timeoutMs?: number }): Promise<RtdbResult<null>>
}

/** Why the database URL cannot be used, or null. HTTPS only; plain HTTP only on loopback for tests. */
export function databaseUrlProblem(databaseUrl: string): string | null {
  let url: URL
  try {
    url = new URL(databaseUrl)
  } catch {
    return 'FIREBASE_DATABASE_URL is not a URL.'
  }
  if (!isAllowedEndpoint(url.href)) {
    return 'FIREBASE_DATABASE_URL must be https:// (http:// only for 127.0.0.1, localhost or [::1]).'
  }
  return null
}

/** Why a child key breaks RTDB's rules, or null. */
export function keyProblem(key: string): string | null {
  if (key === '') return 'Keys must not be empty.'
  if (/[.#$/[\]]/.test(key)) return `Key "${key}" contains one of . # $ / [ ].`
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) return 'Keys must not contain control characters.'
  if (new TextEncoder().encode(key).length > MAX_KEY_BYTES)
    return `Keys must be at most ${MAX_KEY_BYTES} bytes.`
  return null
}

/** Why a path (slash-separated keys) breaks RTDB's rules, or null. */
export function pathProblem(path: string): string | null {
  const keys = path.split('/')
  if (keys.length >= MAX_DEPTH) return `Paths must be less than ${MAX_DEPTH} levels deep.`
  for (const key of keys) {
    const problem = keyProblem(key)
    if (problem) return problem
  }
  return null
}

/** Why a value cannot be written (bad keys, strings over 10 MB, undefined, non-finite numbers), or null. */
export function valueProblem(value: unknown, depth = 0): string | null {
  if (depth >= MAX_DEPTH) return `Values must be less than ${MAX_DEPTH} levels deep.`
  if (value === null || typeof value === 'boolean') return null
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'Numbers must be finite.'
  if (typeof value === 'string') {
    // UTF-8 is at most 3 bytes per UTF-16 unit, so only long strings need encoding.
    if (value.length * 3 > MAX_STRING_BYTES && new TextEncoder().encode(value).length > MAX_STRING_BYTES) {
      return 'Strings must be at most 10 MB.'
    }
    return null
  }
  if (typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const problem = keyProblem(key) ?? valueProblem(child, depth + 1)
      if (problem) return problem
    }
    return null
  }
  return 'Values must be JSON (undefined, functions and symbols cannot be stored).'
}

function failure(kind: RtdbErrorKind, message: string, status?: number): { ok: false; error: RtdbError } {
  return { ok: false, error: { kind, message, status, retryable: kind === 'unavailable' } }
}

/** Maps a non-2xx RTDB answer to a result; the database's own words are kept when it gives any. */
function errorFromResponse(status: number, body: string): { ok: false; error: RtdbError } {
  let said = ''
  try {
    const parsed = JSON.parse(body) as { error?: unknown }
    if (typeof parsed?.error === 'string') said = parsed.error
  } catch {
    // Not JSON: keep the generic message.
  }
  const detail = said ? ` (${said})` : ''
  if (status === 400)
    return failure('bad-request', `The database refused the request as invalid${detail}.`, status)
  if (status === 401)
    return failure(
      'permission-denied',
      `Permission denied: the credentials are invalid or expired, or the database rules refuse this${detail}.`,
      status,
    )
  if (status === 404)
    return failure('not-found', `No such database; check FIREBASE_DATABASE_URL${detail}.`, status)
  if (status === 412)
    return failure('precondition-failed', `The value changed since it was read${detail}.`, status)
  if (status === 503)
    return failure(
      'unavailable',
      `The database is temporarily unavailable; nothing was written${detail}.`,
      status,
    )
  return failure('server-error', `The database answered ${status}${detail}.`, status)
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** Creates a client for one database. Throws only for an unusable URL (a configuration error). */
export function createRtdbClient(options: RtdbClientOptions): RtdbClient {
  const problem = databaseUrlProblem(options.databaseUrl)
  if (problem) throw new Error(problem)
  const base = new URL(options.databaseUrl)
  const basePath = base.pathname.replace(/\/+$/, '')
  const defaultTimeout = options.timeoutMs ?? 2000
  const doFetch = options.fetch ?? fetch

  /** The call's URL with auth; returns the access token too so a refusal can drop it from the cache. */
  async function address(
    path: string,
    params: Record<string, string>,
    timeoutMs: number,
  ): Promise<{ url: URL; accessToken?: string }> {
    const url = new URL(`${basePath}/${path.split('/').map(encodeURIComponent).join('/')}.json`, base.origin)
    for (const [key, value] of base.searchParams) url.searchParams.set(key, value) // e.g. emulator ?ns=
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
    if (options.auth.kind === 'token') url.searchParams.set('auth', options.auth.token)
    if (options.auth.kind === 'service-account') {
      const accessToken = await getAccessToken(options.auth.account, { timeoutMs, fetch: doFetch })
      url.searchParams.set('access_token', accessToken)
      return { url, accessToken }
    }
    return { url }
  }

  async function call(
    method: 'GET' | 'PUT',
    path: string,
    params: Record<string, string>,
    body: string | undefined,
    timeoutMs: number,
  ): Promise<RtdbResult<string>> {
    const signal = AbortSignal.timeout(timeoutMs)
    try {
      const { url, accessToken } = await address(path, params, timeoutMs)
      const response = await doFetch(url, {
        method,
        body,
        signal,
        headers: body === undefined ? { Accept: 'application/json' } : { 'Content-Type': 'application/json' },
      })
      const text = await response.text()
      if (response.ok) return { ok: true, value: text }
      if (response.status === 401 && accessToken) forgetAccessToken(accessToken)
      return errorFromResponse(response.status, text)
    } catch (error) {
      if (error instanceof GoogleAuthError) return failure('auth', error.message)
      if (signal.aborted) return failure('timeout', `The database did not answer within ${timeoutMs} ms.`)
      // The message of a fetch failure names the host only, never our query string.
      return failure('network', `The database could not be reached (${(error as Error)?.name ?? 'error'}).`)
    }
  }

  return {
    async get(path, callOptions) {
      const problem = pathProblem(path)
      if (problem) return failure('invalid-request', problem)
      const result = await call('GET', path, {}, undefined, callOptions?.timeoutMs ?? defaultTimeout)
      if (!result.ok) return result
      try {
        return { ok: true, value: JSON.parse(result.value) as JsonValue }
      } catch {
        return failure('bad-response', 'The database answered with something that is not JSON.')
      }
    },

    async put(path, value, callOptions) {
      const problem = pathProblem(path) ?? valueProblem(value)
      if (problem) return failure('invalid-request', problem)
      const body = JSON.stringify(value)
      const timeoutMs = callOptions?.timeoutMs ?? defaultTimeout
      let result = await call('PUT', path, { print: 'silent' }, body, timeoutMs)
      // 503 means the write was not attempted, so one more try cannot apply it twice.
      if (!result.ok && result.error.retryable)
        result = await call('PUT', path, { print: 'silent' }, body, timeoutMs)
      if (!result.ok) return result
      // print=silent answers 204 with no body. A 2xx with a body that is not JSON did not come
      // from the database (a proxy or captive page): the write cannot be assumed to have happened.
      if (result.value !== '' && !isJson(result.value)) {
        return failure('bad-response', 'The database answered the write with something that is not JSON.')
      }
      return { ok: true, value: null }
    },
  }
}
