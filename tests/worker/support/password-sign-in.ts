/** The password form as a browser posts it, and console pages visited with the cookies it set. */
import type { Bindings } from '../../../src/env'
import { ADMIN, callApp, uniqueIpv4 } from './app'
import { SAME_ORIGIN, visibleText } from './admin'

/** A same-origin form post's headers. */
export const FORM_POST = { ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' }

/** The cookies a response sets, by name: value and attributes. */
export function setCookies(response: Response): Record<string, string> {
  return Object.fromEntries(
    response.headers.getSetCookie().map((line) => [line.slice(0, line.indexOf('=')), line]),
  )
}
const valueOf = (line: string | undefined) => line?.slice(line.indexOf('=') + 1).split(';')[0] ?? ''

/** Posts the password form; the answer with the cookies it set. */
export async function signIn(
  fields: Partial<{ username: string; password: string; next: string }> = {},
  { ip = uniqueIpv4(), cookie = '', overrides = {} as Partial<Bindings> } = {},
) {
  const body = new URLSearchParams({ username: ADMIN.username, password: ADMIN.password, ...fields })
  const headers: Record<string, string> = { ...FORM_POST, 'CF-Connecting-IP': ip }
  if (cookie) headers.Cookie = cookie
  const { response, body: text } = await callApp(
    '/admin/sign-in',
    { method: 'POST', headers, body: body.toString(), redirect: 'manual' },
    overrides,
  )
  const cookies = setCookies(response)
  const session = valueOf(cookies['__Host-admin_session'])
  const device = cookies['__Host-admin_device']
  return {
    status: response.status,
    location: response.headers.get('Location'),
    text: visibleText(text),
    cookies,
    /** A Cookie header carrying what this answer set. */
    session: session ? `__Host-admin_session=${session}` : '',
    device: device ? `__Host-admin_device=${valueOf(device)}` : '',
    token: session,
  }
}

/** GET a console page with a Cookie header (no redirects followed). */
export async function visit(path: string, cookie: string, overrides: Partial<Bindings> = {}) {
  const { response, body } = await callApp(
    path,
    { headers: { Cookie: cookie }, redirect: 'manual' },
    overrides,
  )
  return {
    status: response.status,
    location: response.headers.get('Location'),
    text: visibleText(body),
    response,
  }
}

/**
 * A guessing wave from everywhere: `addresses` at once (10 by default), 5 wrong passwords each, so
 * by default the global ceiling of 50 locks every unknown client out. The addresses guess side by
 * side, as a botnet would (and so the wave takes the time of one client's five tries, not fifty).
 */
export async function guessingWave(addresses = 10): Promise<number[][]> {
  return Promise.all(
    Array.from({ length: addresses }, async () => {
      const ip = uniqueIpv4()
      const statuses: number[] = []
      for (let i = 0; i < 5; i++) statuses.push((await signIn({ password: `guess-${i}` }, { ip })).status)
      return statuses
    }),
  )
}
