/**
 * The page cache's memory in this isolate (one PageMemory lives in server/isolate.ts): rendered
 * pages as the pieces between their nonces, least recently used first, within a bound.
 */
import { randomHex } from '../../lib/hex'

/** Workers give an isolate 128 MB; the least recently used pages go first. */
const MAX_MEMORY_BYTES = 8 * 1024 * 1024
const MAX_MEMORY_ENTRIES = 256

export interface CachedPage {
  status: number
  /** The HTML split at each nonce. */
  pieces: Uint8Array[]
  bytes: number
  expires: number
}

/** This isolate's rendered pages, least recently used first, within a byte and an entry bound. */
export class PageMemory {
  private readonly pages = new Map<string, CachedPage>()
  private bytes = 0
  private slotToken?: string

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key)
    if (!page) return undefined
    this.forget(key)
    if (page.expires <= Date.now()) return undefined
    this.pages.set(key, page) // now the most recently used
    this.bytes += page.bytes
    return page
  }

  set(key: string, page: CachedPage): void {
    if (page.bytes > MAX_MEMORY_BYTES / 4) return
    this.forget(key)
    this.pages.set(key, page)
    this.bytes += page.bytes
    for (const [oldKey] of this.pages) {
      if (this.bytes <= MAX_MEMORY_BYTES && this.pages.size <= MAX_MEMORY_ENTRIES) break
      this.forget(oldKey)
    }
  }

  /** Random per isolate, made on first use (random values are not allowed at global scope). */
  slot(): string {
    return (this.slotToken ??= 'page-cache-slot-' + randomHex(16))
  }

  private forget(key: string): void {
    const page = this.pages.get(key)
    if (!page) return
    this.pages.delete(key)
    this.bytes -= page.bytes
  }
}
