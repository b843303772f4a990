/**
 * Lead search words kept out of addresses (review T12). Workers Logs keep every request's URL,
 * and a URL travels on as the Referer of the next; a lead's name typed into search is personal
 * data. So the search form posts its words, and the answer is a redirect to the list with the
 * words sealed: AES-GCM under a key the worker made for itself (platform/storage/app-keys.ts), as hex in
 * `?search=`. The logs see only the seal; the list opens it; a seal from another key opens to
 * nothing and the list shows no search.
 */
import { fromHex, sha256Hex, toHex } from '../../../lib/hex'
import type { KeyRing } from '../../platform'

const KEY_NAME = 'lead-search'
const IV_BYTES = 12
const encoder = new TextEncoder()

async function aesKey(secret: string): Promise<CryptoKey> {
  const raw = fromHex(await sha256Hex(`lead-search:${secret}`))!
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt'])
}

export class SealedSearch {
  private readonly made = new Map<string, Promise<CryptoKey>>()

  constructor(private readonly keys: KeyRing) {}

  /** The shared key; while D1 cannot give it, this isolate's stop-gap (opened here only). */
  private async keyList(): Promise<CryptoKey[]> {
    const shared = await this.keys.get(KEY_NAME)
    const secrets = shared.ok ? [shared.value, this.keys.fallback()] : [this.keys.fallback()]
    return Promise.all(
      secrets.map((secret) => {
        const key = this.made.get(secret) ?? aesKey(secret)
        this.made.set(secret, key)
        return key
      }),
    )
  }

  /** The words sealed, as hex. */
  async seal(words: string): Promise<string> {
    const [key] = await this.keyList()
    const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
    const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key!, encoder.encode(words))
    return toHex(iv) + toHex(sealed)
  }

  /** The words a seal holds, or '' for anything that is not a seal of ours. */
  async open(seal: string | undefined): Promise<string> {
    const bytes = seal ? fromHex(seal) : undefined
    if (!bytes || bytes.length <= IV_BYTES) return ''
    for (const key of await this.keyList()) {
      try {
        const iv = bytes.subarray(0, IV_BYTES)
        const words = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, bytes.subarray(IV_BYTES))
        return new TextDecoder().decode(words)
      } catch {
        // Not sealed with this key: try the next.
      }
    }
    return ''
  }
}
