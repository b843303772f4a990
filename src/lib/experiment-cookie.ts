/**
 * The experiments' first-party cookie, when the site owner turns it on (issue 46): it holds only
 * each experiment's id and the version shown, and until when this site vouches for it,
 * `exp=<id>:<arm>,<id>:<arm>.<expires>.<signature>`, so a visitor keeps their versions past the UTC
 * day. Off (the default), nothing is stored in the browser.
 *
 * The signature (HMAC-SHA256 under a key the worker made for itself, as the form token's) means a
 * request cannot name its own version (security review U5): a cookie this site did not set, or set
 * more than EXPERIMENT_COOKIE_DAYS ago, is no cookie. A genuine cookie copied elsewhere still
 * keeps its versions there; docs/experiments.md says what bounds that.
 */

export const EXPERIMENT_COOKIE = 'exp'
/** 30 days: about as long as a test at this site's traffic runs. */
export const EXPERIMENT_COOKIE_DAYS = 30
const COOKIE_MS = EXPERIMENT_COOKIE_DAYS * 86_400_000

const encoder = new TextEncoder()
const SIGNED = /^((?:[\w-]{1,40}:\d)(?:,[\w-]{1,40}:\d)*)\.([0-9a-z]{1,12})\.([\w-]{43})$/

function base64url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

const fromBase64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0))

const hmacKey = (secret: string) =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ])

const signed = (pairs: string, expires: string) => encoder.encode(`experiment-cookie:${pairs}.${expires}`)

/** The versions of a cookie value's pairs (`ab12cd34:1,ef56:0`), by experiment id. */
function armsOf(pairs: string): Map<string, number> {
  const arms = new Map<string, number>()
  for (const pair of pairs.split(',')) {
    const match = /^([\w-]{1,40}):(\d)$/.exec(pair)
    if (match) arms.set(match[1]!, Number(match[2]))
  }
  return arms
}

/**
 * The versions a Cookie header remembers, by experiment id, when this site signed them with one of
 * `secrets` and they have not expired at `now`; none otherwise.
 *
 * @example await rememberedArms('a=1; exp=ab12cd34:1.<expires>.<signature>', [key], Date.now()) // Map { 'ab12cd34' => 1 }
 */
export async function rememberedArms(
  header: string | null,
  secrets: readonly string[],
  now: number,
): Promise<Map<string, number>> {
  const value = header && new RegExp(`(?:^|;\\s*)${EXPERIMENT_COOKIE}=([^;]*)`).exec(header)?.[1]
  const match = value ? SIGNED.exec(value) : null
  if (!match) return new Map()
  const [, pairs, expires, signature] = match as unknown as [string, string, string, string]
  if (parseInt(expires, 36) <= now) return new Map()
  for (const secret of secrets) {
    // crypto.subtle.verify compares in constant time.
    const genuine = await crypto.subtle.verify(
      'HMAC',
      await hmacKey(secret),
      fromBase64url(signature),
      signed(pairs, expires),
    )
    if (genuine) return armsOf(pairs)
  }
  return new Map()
}

/** The cookie's pairs for these versions, in a stable order (what the signature covers). */
export const cookieValue = (arms: readonly { id: string; arm: number }[]) =>
  arms
    .map(({ id, arm }) => `${id}:${arm}`)
    .sort()
    .join(',')

/** The signed cookie value for `pairs` (cookieValue), good for EXPERIMENT_COOKIE_DAYS from `now`. */
export async function signedCookieValue(pairs: string, secret: string, now: number): Promise<string> {
  const expires = Math.floor(now + COOKIE_MS).toString(36)
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), signed(pairs, expires))
  return `${pairs}.${expires}.${base64url(signature)}`
}

/** The Set-Cookie line for a signed `value`: first-party, sent back to this site only, never read by a script. */
export const setCookieLine = (value: string) =>
  `${EXPERIMENT_COOKIE}=${value}; Path=/; Max-Age=${EXPERIMENT_COOKIE_DAYS * 86_400}; Secure; HttpOnly; SameSite=Lax`
