/**
 * The viewer address in Firebase Realtime Database over REST: GET and PUT of one string at
 * settings/view3dUrl (https://firebase.google.com/docs/database/rest/save-data). A service
 * account's token goes in the Authorization header; an ID token or legacy database secret as
 * `auth=`, the only way RTDB takes those.
 */
import { VIEWER_URL_PATH } from '../../../schemas/settings'
import { errorText, fail, ok, type Result } from '../../../lib/result'
import { TimeoutError, withTimeout } from '../../../lib/timeout'
import { accessToken, type ServiceAccount, type TokenCache } from './google-token'
import type { SettingsStore } from './settings-store'

type RtdbCredentials = { secret: string } | { account: ServiceAccount; tokens: TokenCache }

export function rtdbSettingsStore(
  databaseUrl: URL,
  credentials: RtdbCredentials,
  timeoutMs: number,
): SettingsStore {
  const address = new URL(`${databaseUrl.pathname.replace(/\/+$/, '')}/${VIEWER_URL_PATH}.json`, databaseUrl)
  address.search = databaseUrl.search // e.g. the emulator's ?ns=

  /**
   * One call with credentials; a refused service-account token is dropped from the cache. A 503
   * is `notAttempted`: RTDB did not apply the request, so sending it again is safe.
   */
  async function call(
    method: 'GET' | 'PUT',
    body?: string,
  ): Promise<Result<string> & { notAttempted?: true }> {
    const url = new URL(address)
    const headers: Record<string, string> = { Accept: 'application/json' }
    let token: string | undefined
    if ('secret' in credentials) url.searchParams.set('auth', credentials.secret)
    else {
      const minted = await accessToken(credentials.account, credentials.tokens, timeoutMs)
      if (!minted.ok) return minted
      token = minted.value
      headers.Authorization = `Bearer ${token}`
    }
    if (method === 'PUT') url.searchParams.set('print', 'silent')
    try {
      const response = await withTimeout(timeoutMs, (signal) => fetch(url, { method, body, headers, signal }))
      const text = await response.text()
      if (response.ok) return ok(text)
      if (response.status === 401 && token && 'tokens' in credentials) credentials.tokens.forget(token)
      return { ...failure(response.status, text), ...(response.status === 503 ? { notAttempted: true } : {}) }
    } catch (error) {
      if (error instanceof TimeoutError)
        return fail(`The database did not answer within ${timeoutMs} ms.`, true)
      // A fetch failure names the host only, never our query string.
      return fail(`The database could not be reached: ${errorText(error)}`, true)
    }
  }

  return {
    id: `rtdb:${databaseUrl.href}`,
    async read() {
      const result = await call('GET')
      if (!result.ok) return result
      const value = parseJson(result.value)
      if (value === undefined) return fail('The database answered with something that is not JSON.')
      if (value === null) return ok('')
      if (typeof value !== 'string') return fail(`${VIEWER_URL_PATH} holds a ${typeof value}, not a string.`)
      return ok(value)
    },
    async write(url) {
      let result = await call('PUT', JSON.stringify(url))
      if (!result.ok && result.notAttempted) result = await call('PUT', JSON.stringify(url))
      if (!result.ok) return result
      // print=silent answers 204 with no body; a body that is not JSON came from something in
      // front of the database (a proxy or captive page), so the write cannot be assumed done.
      if (result.value !== '' && parseJson(result.value) === undefined) {
        return fail('The database answered the write with something that is not JSON.')
      }
      return ok(undefined)
    },
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** RTDB's documented error answers, in words an admin can act on; the database's own words kept. */
function failure(status: number, body: string) {
  const said = (parseJson(body) as { error?: unknown } | undefined)?.error
  const detail = typeof said === 'string' ? ` (${said})` : ''
  if (status === 401) {
    return fail(
      `Permission denied: the credentials are invalid or expired, or the rules refuse this${detail}.`,
    )
  }
  if (status === 404) return fail(`No such database; check FIREBASE_DATABASE_URL${detail}.`)
  if (status === 400) return fail(`The database refused the request as invalid${detail}.`)
  if (status === 503)
    return fail(`The database is temporarily unavailable; nothing was written${detail}.`, true)
  return fail(`The database answered ${status}${detail}.`)
}
