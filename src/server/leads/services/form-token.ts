/**
 * Form tokens: every contact form the site serves carries the time it was served, signed
 * (`<ms since epoch, base 36>.<HMAC-SHA256, base64url>`). A post is judged by it: missing,
 * forged, older than 2 hours or younger than 3 seconds each make it spam (leads/services/spam-rules.ts),
 * and so does a post from another client with a token that already carried one
 * (leads/storage/spent-form-tokens.ts): a served form is good for the client it was served to, within
 * that client's rate limit, so one page load cannot feed posts from many addresses; the answer to
 * a post carries the next form's token. The same visitor sending the same form again (Back, then
 * send; a page copy the browser kept 60 s) is not a replay.
 * The key is FORM_TOKEN_SECRET when set, else one the worker made for itself in D1
 * (platform/storage/app-keys.ts), so nobody has to set a secret; while D1 cannot give it, this isolate's
 * own stop-gap key signs, and is tried too.
 */
import type { Result } from '../../../lib/result'
import type { KeyRing } from '../../platform'
import type { SpentFormTokens } from '../storage/spent-form-tokens'

/** How long a served form may be posted. */
export const FORM_TOKEN_MAX_AGE_MS = 2 * 60 * 60 * 1000
/** A visitor may send one served form this many times (Back, then send again); a script reuses it. */
export const FORM_TOKEN_MAX_POSTS = 3
/** No person reads the form and fills four fields faster than this. */
export const FORM_TOKEN_MIN_AGE_MS = 3 * 1000

/** What a post's token says: fine, or the spam reason it gives. */
export type FormTokenVerdict =
  | 'valid'
  | 'form token missing'
  | 'form token forged'
  | 'form token expired'
  | 'posted too fast'
  | 'form token replayed'
  | 'form token reused'

const encoder = new TextEncoder()
const TOKEN = /^([0-9a-z]{1,12})\.([\w-]{43})$/

function base64url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

const hmacKey = (secret: string) =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ])

const signed = (issuedAt: string) => encoder.encode(`form-token:${issuedAt}`)

async function signWith(key: CryptoKey, issuedAt: number): Promise<string> {
  const stamp = Math.floor(issuedAt).toString(36)
  return `${stamp}.${base64url(await crypto.subtle.sign('HMAC', key, signed(stamp)))}`
}

async function judgeWith(token: unknown, keys: CryptoKey[], now: number): Promise<FormTokenVerdict> {
  if (typeof token !== 'string' || token === '') return 'form token missing'
  const match = TOKEN.exec(token)
  if (!match) return 'form token forged'
  const [, stamp, signature] = match as unknown as [string, string, string]
  let genuine = false
  for (const key of keys) {
    // crypto.subtle.verify compares in constant time.
    genuine ||= await crypto.subtle.verify('HMAC', key, fromBase64url(signature), signed(stamp))
  }
  if (!genuine) return 'form token forged'
  const age = now - parseInt(stamp, 36)
  if (age > FORM_TOKEN_MAX_AGE_MS) return 'form token expired'
  if (age < FORM_TOKEN_MIN_AGE_MS) return 'posted too fast'
  return 'valid'
}

/** A token for a form served at `issuedAt` (ms), signed with `secret`. */
export async function mintFormToken(secret: string, issuedAt: number): Promise<string> {
  return signWith(await hmacKey(secret), issuedAt)
}

/** What `token` says at `now` when the keys that may have signed it are `secrets`. */
export async function judgeFormToken(
  token: unknown,
  secrets: string[],
  now: number,
): Promise<FormTokenVerdict> {
  return judgeWith(token, await Promise.all(secrets.map(hmacKey)), now)
}

/** When the form carrying `token` was served (ms since epoch); NaN when it is not a token's shape. */
export function servedAtOf(token: string): number {
  const stamp = TOKEN.exec(token)?.[1]
  return stamp ? parseInt(stamp, 36) : NaN
}

/** Who spent a token, as stored: the client's key hashed with the token, so no address is kept. */
async function spenderOf(client: string, token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(`${client}\n${token}`))
  return base64url(digest)
}

/**
 * The site's form tokens: minted for each page, judged for each post. Built once per isolate and
 * env (server/isolate.ts), so each secret becomes a CryptoKey once, not on every render.
 */
export class FormTokens {
  private readonly imported = new Map<string, Promise<CryptoKey>>()
  private readonly secret: string | undefined
  private readonly keys: KeyRing
  /** The tokens posts have spent (the daily maintenance forgets the expired ones). */
  readonly spent: SpentFormTokens

  // Plain fields, not parameter properties, and type-only imports: the tools load this file with
  // Node's type stripping.
  constructor(secret: string | undefined, keys: KeyRing, spent: SpentFormTokens) {
    this.secret = secret
    this.keys = keys
    this.spent = spent
  }

  /** The keys a token may be signed with, the one to sign with first. */
  private async cryptoKeys(): Promise<CryptoKey[]> {
    if (this.secret) return [await this.importOnce(this.secret)]
    const shared = await this.keys.get('form-token')
    const secrets = shared.ok ? [shared.value, this.keys.fallback()] : [this.keys.fallback()]
    return Promise.all(secrets.map((secret) => this.importOnce(secret)))
  }

  private importOnce(secret: string): Promise<CryptoKey> {
    const key = this.imported.get(secret) ?? hmacKey(secret)
    this.imported.set(secret, key)
    return key
  }

  async mint(now: number = Date.now()): Promise<string> {
    const [key] = await this.cryptoKeys()
    return signWith(key!, now)
  }

  async judge(token: unknown, now: number = Date.now()): Promise<FormTokenVerdict> {
    return judgeWith(token, await this.cryptoKeys(), now)
  }

  /**
   * Judges the token of a post from `client` (its rate-limit key) and, when it is good, spends it:
   * a post with it from another client is "form token replayed". When D1 cannot record the
   * spending, the post is judged without it (`unchecked` says why) rather than refused: the lead
   * itself is stored in D1, so it fails or succeeds with it.
   */
  async redeem(
    token: unknown,
    client: string,
    now: number = Date.now(),
  ): Promise<{ verdict: FormTokenVerdict; unchecked?: string }> {
    const verdict = await this.judge(token, now)
    if (verdict !== 'valid') return { verdict }
    const expiresAt = new Date(servedAtOf(token as string) + FORM_TOKEN_MAX_AGE_MS)
    const spent = await this.spent.spend(token as string, expiresAt, await spenderOf(client, token as string))
    if (!spent.ok) return { verdict, unchecked: spent.error.message }
    if (spent.value === null) return { verdict: 'form token replayed' }
    return { verdict: spent.value > FORM_TOKEN_MAX_POSTS ? 'form token reused' : 'valid' }
  }

  /** Gives back a token whose post could not be stored, so the sender may post it again. */
  release(token: string): Promise<Result<number>> {
    return this.spent.release(token)
  }
}
