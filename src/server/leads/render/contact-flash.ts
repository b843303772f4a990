/**
 * The outcome of a no-JavaScript contact post (the form's values and errors, or its success),
 * carried to the next home page render in short-lived cookies: never in the URL, so no personal
 * data reaches logs or history. Each chunk is HMAC-signed (Hono's signed cookies, with a key the
 * worker keeps in D1) and carries the flash's id, so nothing forged or mixed is ever shown; the
 * first also carries its expiry, inside the signed value, so a copy replayed after the minute is
 * ignored whatever its Max-Age said. On https the cookies take the __Host- prefix: no subdomain
 * can plant one.
 */
import type { Context } from 'hono'
import { generateCookie, generateSignedCookie, getCookie, getSignedCookie } from 'hono/cookie'
import type { CookieOptions } from 'hono/utils/cookie'
import type { AppEnv } from '../../app-env'
import { log } from '../../../lib/log'
import { contactFlashSchema, type ContactFlash } from '../../../schemas/contact'

export type { ContactFlash } from '../../../schemas/contact'

const COOKIE = 'contact_flash'
/** Long enough to follow the 303, short enough that kept personal data does not linger. */
const MAX_AGE_SECONDS = 60
/** Browsers keep about 4096 bytes per cookie: the data, plus the prefix, id and signature. */
const CHUNK_CHARS = 3700
/** A flash of the largest valid values in non-Latin script needs 2 chunks; 4 leaves headroom. */
const MAX_CHUNKS = 4
const EMPTY = { name: '', email: '', phone: '', inquiry: '' }

const chunkName = (index: number) => (index === 0 ? COOKIE : `${COOKIE}_${index}`)

function cookieOptions(c: Context, maxAge: number): CookieOptions {
  const secure = new URL(c.req.url).protocol === 'https:'
  const options = { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge } as const
  return secure ? { ...options, prefix: 'host' } : options
}

const prefixOf = (c: Context) => (new URL(c.req.url).protocol === 'https:' ? 'host' : undefined)

function encode(flash: ContactFlash): string {
  const bytes = new TextEncoder().encode(JSON.stringify(flash))
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function decode(text: string): unknown {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0))
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
}

function chunked(flash: ContactFlash): string[] {
  const encoded = encode(flash)
  const chunks: string[] = []
  for (let i = 0; i < encoded.length; i += CHUNK_CHARS) chunks.push(encoded.slice(i, i + CHUNK_CHARS))
  return chunks
}

/**
 * The HMAC keys of these cookies: the one made once and kept in D1 (platform/storage/app-keys.ts), and,
 * while D1 cannot be read, this isolate's own stop-gap key. Signing uses the first available.
 */
async function signingKeys(c: Context<AppEnv>): Promise<string[]> {
  const { keys } = c.var.services.platform
  const shared = await keys.get('contact-flash')
  if (!shared.ok) log.warn('contact', `no-JS result signed with this isolate's key: ${shared.error.message}`)
  return shared.ok ? [shared.value, keys.fallback()] : [keys.fallback()]
}

/**
 * Set-Cookie values carrying `flash` to the next page: `count.id.expiresAt.data` in the first
 * cookie (expiresAt in ms since the epoch), `id.data` in the others. Values that cannot fit (only possible with hand-made posts full of
 * escaped control characters) are dropped, never the outcome itself.
 */
export async function flashCookies(c: Context<AppEnv>, flash: ContactFlash): Promise<string[]> {
  const [secret] = (await signingKeys(c)) as [string]
  let chunks = chunked(flash)
  if (chunks.length > MAX_CHUNKS && flash.status !== 'sent')
    chunks = chunked({ ...flash, values: EMPTY, answers: undefined })
  const id = crypto.randomUUID().slice(0, 8)
  const expiresAt = Date.now() + MAX_AGE_SECONDS * 1000
  const values = chunks.map((chunk, i) =>
    i === 0 ? `${chunks.length}.${id}.${expiresAt}.${chunk}` : `${id}.${chunk}`,
  )
  return Promise.all(
    values.map((value, i) =>
      generateSignedCookie(chunkName(i), value, secret, cookieOptions(c, MAX_AGE_SECONDS)),
    ),
  )
}

/**
 * Reads the one-shot outcome of a native form post, and the Set-Cookie values that clear every
 * chunk cookie the request carried. Anything unsigned, altered or mixed is ignored (and cleared).
 */
export async function readContactFlash(
  c: Context<AppEnv>,
): Promise<{ flash?: ContactFlash; setCookies: string[] }> {
  const prefix = prefixOf(c)
  const present = Array.from({ length: MAX_CHUNKS }, (_, i) => i).filter(
    (i) => getCookie(c, chunkName(i), prefix) !== undefined,
  )
  if (present.length === 0) return { setCookies: [] }
  const setCookies = present.map((i) => generateCookie(chunkName(i), '', cookieOptions(c, 0)))
  for (const secret of await signingKeys(c)) {
    const flash = await readSigned(c, secret, prefix)
    if (flash) return { flash, setCookies }
  }
  return { setCookies }
}

/** The flash the cookies carry if `secret` signed every chunk and it has not expired, else undefined. */
async function readSigned(c: Context<AppEnv>, secret: string, prefix: 'host' | undefined) {
  const head = await getSignedCookie(c, secret, COOKIE, prefix)
  const match = /^([1-9])\.([\w-]+)\.(\d{1,15})\.(.*)$/.exec(head || '')
  const count = Number(match?.[1] ?? 0)
  if (!match || count > MAX_CHUNKS || Number(match[3]) <= Date.now()) return undefined
  let encoded = match[4] ?? ''
  for (let i = 1; i < count; i++) {
    const chunk = await getSignedCookie(c, secret, chunkName(i), prefix)
    if (!chunk || !chunk.startsWith(`${match[2]}.`)) return undefined
    encoded += chunk.slice(match[2]!.length + 1)
  }
  try {
    const parsed = contactFlashSchema.safeParse(decode(encoded))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}
