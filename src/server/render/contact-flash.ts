import type { Context } from 'hono'
import { generateCookie, getCookie } from 'hono/cookie'
import type { AppEnv } from '../../env'
import { contactFlashSchema, type ContactFlash } from '../../schemas/contact'

/** Result of a no-JavaScript contact post, shown once by the next home page render. */
export type { ContactFlash } from '../../schemas/contact'

const COOKIE = 'contact_flash'
/** Long enough to follow the 303, short enough that kept personal data does not linger. */
const MAX_AGE_SECONDS = 60
/** Browsers keep about 4096 bytes per cookie, name and attributes included. */
const CHUNK_CHARS = 3800
/** A flash of the largest valid values in non-Latin script needs 2 chunks; 4 leaves headroom. */
const MAX_CHUNKS = 4

const chunkName = (index: number) => (index === 0 ? COOKIE : `${COOKIE}_${index}`)

function cookieOptions(c: Context, maxAge: number) {
  const secure = new URL(c.req.url).protocol === 'https:'
  return { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge } as const
}

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
 * Set-Cookie values carrying `flash` to the next page. The first cookie starts with the chunk
 * count, so leftover chunks of an older, longer flash are never read. Values that cannot fit
 * (only possible with hand-made posts full of escaped control characters) are dropped, never
 * the outcome itself.
 */
export function flashCookies(c: Context, flash: ContactFlash): string[] {
  let chunks = chunked(flash)
  if (chunks.length > MAX_CHUNKS && flash.status !== 'sent') {
    chunks = chunked({ ...flash, values: { name: '', email: '', phone: '', inquiry: '' } })
  }
  chunks[0] = `${chunks.length}.${chunks[0] ?? ''}`
  return chunks.map((chunk, i) => generateCookie(chunkName(i), chunk, cookieOptions(c, MAX_AGE_SECONDS)))
}

/**
 * Reads the one-shot outcome of a native form post and returns the Set-Cookie value that
 * clears it. Anything unreadable or altered is ignored (and still cleared).
 */
export function readContactFlash(c: Context<AppEnv>): { flash?: ContactFlash; setCookie?: string } {
  const head = getCookie(c, COOKIE)
  if (head === undefined) return {}
  const setCookie = generateCookie(COOKIE, '', cookieOptions(c, 0))
  const match = /^([1-9])\.(.*)$/.exec(head)
  const count = Number(match?.[1] ?? 0)
  if (!match || count > MAX_CHUNKS) return { setCookie }
  let encoded = match[2] ?? ''
  for (let i = 1; i < count; i++) encoded += getCookie(c, chunkName(i)) ?? ''
  try {
    const parsed = contactFlashSchema.safeParse(decode(encoded))
    return parsed.success ? { flash: parsed.data, setCookie } : { setCookie }
  } catch {
    return { setCookie }
  }
}
