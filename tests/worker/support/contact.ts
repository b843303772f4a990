/** Contact posts through the worker's front door, and the lead records they leave. */
import { SELF } from 'cloudflare:test'
import { mintFormToken } from '../../../src/server/leads/services/form-token'
import { env, ORIGIN, uniqueIpv4 } from './app'

/** Good form tokens no post has spent yet, each of its own served time. */
const unspent: string[] = []
let lastServedAt = Date.now() - 10_000

/**
 * Mints tokens until at least `count` are waiting: as pages served 10 s (and a few ms more, so
 * each differs) before, old enough for a person to have filled the form and good for the 2 hours
 * any test run lasts. support/setup.ts keeps a few hundred ready before each test.
 */
export async function mintFormTokens(count: number): Promise<void> {
  const servedAts = Array.from(
    { length: Math.max(0, count - unspent.length) },
    () => (lastServedAt = Math.min(lastServedAt - 1, Date.now() - 10_000)),
  )
  unspent.push(...(await Promise.all(servedAts.map((at) => mintFormToken(env.FORM_TOKEN_SECRET!, at)))))
}

/** Three good tokens a test may post again and again: the first post spends one, the rest replay it. */
export const REUSED_FORM_TOKENS = await Promise.all(
  [1, 2, 3].map((n) => mintFormToken(env.FORM_TOKEN_SECRET!, Date.now() - 20_000 - n)),
)

/** A good form token no post has carried: each token carries one post (a second is spam). */
export function freshFormToken(): string {
  const token = unspent.pop()
  if (!token) throw new Error('no form token left: mint more with mintFormTokens(count) first')
  return token
}

export interface PostOptions {
  ip?: string
  contentType?: string | null
  headers?: Record<string, string>
}

/** A same-origin browser post to /api/contact through the worker's front door. */
export function postContact(
  body: BodyInit,
  { ip = uniqueIpv4(), contentType = 'application/json', headers = {} }: PostOptions = {},
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
    formToken: freshFormToken(),
  }
}
