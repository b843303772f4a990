/**
 * Form tokens: every contact form the site serves carries the time it was served, signed
 * (`<ms since epoch, base 36>.<HMAC-SHA256, base64url>`). A post is judged by it: missing,
 * forged, older than 2 hours or younger than 3 seconds each make it spam (leads/services/spam-rules.ts),
 * and so does a post from another client with a token that already carried one
 * (leads/storage/spent-form-tokens.ts): a served form is good for the client it was served to, within
 * that client's rate limit, so one page load cannot feed posts from many addresses; the answer to
 * a post carries the next form's token. The same visitor sending the same form again (Back, then
 * send; a page copy the browser kept 60 s) is not a replay.
 * A form drawn on a draft view (a preview or a share link, studio/routes/admin/draft-views.ts) carries
 * a token marked as such (`<stamp>.draft.<signature>`), the mark inside what is signed: a post with it
 * is a test, filed with the spam and never e-mailed (the spam rule "sent from a preview or share
 * link"). Nobody can move the mark onto a real page's token without the key (the signature would no
 * longer match: "form token forged"), and a sender who pastes a draft's token into a real form only
 * files their own lead as a test.
 * The key is FORM_TOKEN_SECRET when set, else one the worker made for itself in D1
 * (platform/storage/app-keys.ts), so nobody has to set a secret; while D1 cannot give it, this isolate's
 * own stop-gap key signs, and is tried too.
 */
import type { Result } from '../../../lib/result'
import type { KeyRing } from '../../platform'
import type { SpentFormTokens } from '../storage/spent-form-tokens'

/** How long a served form may be posted. */
const FORM_TOKEN_MAX_AGE_MS = 2 * 60 * 60 * 1000
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
const TOKEN = /^([0-9a-z]{1,12})(\.draft)?\.([\w-]{43})$/
/** The mark of a token drawn on a draft view, between its stamp and its signature. */
const DRAFT_MARK = '.draft'

/** What a token says beyond its verdict: whether it was signed for a form on a draft view. */
interface FormTokenReading {
  verdict: FormTokenVerdict
  /** True only for a genuine token (its signature checked) minted for a preview or share link. */
  draftView: boolean
}

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

/** What is signed: the stamp, and for a draft view's form the mark (so a live token's signature never fits a marked one). */
const signed = (issuedAt: string, draftView: boolean) =>
  encoder.encode(`form-token:${issuedAt}${draftView ? ':draft-view' : ''}`)

async function signWith(key: CryptoKey, issuedAt: number, draftView = false): Promise<string> {
  const stamp = Math.floor(issuedAt).toString(36)
  const signature = base64url(await crypto.subtle.sign('HMAC', key, signed(stamp, draftView)))
  return `${stamp}${draftView ? DRAFT_MARK : ''}.${signature}`
}

async function readWith(token: unknown, keys: CryptoKey[], now: number): Promise<FormTokenReading> {
  const plain = (verdict: FormTokenVerdict) => ({ verdict, draftView: false })
  if (typeof token !== 'string' || token === '') return plain('form token missing')
  const match = TOKEN.exec(token)
  if (!match) return plain('form token forged')
  const [, stamp, mark, signature] = match as unknown as [string, string, string | undefined, string]
  const draftView = mark === DRAFT_MARK
  let genuine = false
  for (const key of keys) {
    // crypto.subtle.verify compares in constant time.
    genuine ||= await crypto.subtle.verify('HMAC', key, fromBase64url(signature), signed(stamp, draftView))
  }
  if (!genuine) return plain('form token forged')
  const age = now - parseInt(stamp, 36)
  const verdict =
    age > FORM_TOKEN_MAX_AGE_MS
      ? 'form token expired'
      : age < FORM_TOKEN_MIN_AGE_MS
        ? 'posted too fast'
        : 'valid'
  return { verdict, draftView }
}

/** A token for a form served at `issuedAt` (ms), signed with `secret`; `draftView` for a preview's or share link's form. */
export async function mintFormToken(secret: string, issuedAt: number, draftView = false): Promise<string> {
  return signWith(await hmacKey(secret), issuedAt, draftView)
}

/** What `token` says at `now` when the keys that may have signed it are `secrets`. */
export async function judgeFormToken(
  token: unknown,
  secrets: string[],
  now: number,
): Promise<FormTokenVerdict> {
  return (await readWith(token, await Promise.all(secrets.map(hmacKey)), now)).verdict
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

  /** A token for a form served now; `draftView` for one drawn on a preview or share link. */
  async mint(now: number = Date.now(), { draftView = false }: { draftView?: boolean } = {}): Promise<string> {
    const [key] = await this.cryptoKeys()
    return signWith(key!, now, draftView)
  }

  async judge(token: unknown, now: number = Date.now()): Promise<FormTokenVerdict> {
    return (await this.read(token, now)).verdict
  }

  private async read(token: unknown, now: number): Promise<FormTokenReading> {
    return readWith(token, await this.cryptoKeys(), now)
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
  ): Promise<FormTokenReading & { unchecked?: string }> {
    const { verdict, draftView } = await this.read(token, now)
    if (verdict !== 'valid') return { verdict, draftView }
    const expiresAt = new Date(servedAtOf(token as string) + FORM_TOKEN_MAX_AGE_MS)
    const spent = await this.spent.spend(token as string, expiresAt, await spenderOf(client, token as string))
    if (!spent.ok) return { verdict, draftView, unchecked: spent.error.message }
    if (spent.value === null) return { verdict: 'form token replayed', draftView }
    return { verdict: spent.value > FORM_TOKEN_MAX_POSTS ? 'form token reused' : 'valid', draftView }
  }

  /** Gives back a token whose post could not be stored, so the sender may post it again. */
  release(token: string): Promise<Result<number>> {
    return this.spent.release(token)
  }
}
