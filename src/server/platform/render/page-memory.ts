/**
 * The page cache's memory in this isolate (one PageMemory lives in server/isolate.ts): rendered
 * pages as the pieces between their per-response parts, least recently used first, within a bound.
 */
import { randomHex } from '../../../lib/hex'

/** Workers give an isolate 128 MB; the least recently used pages go first. */
const MAX_MEMORY_BYTES = 8 * 1024 * 1024
const MAX_MEMORY_ENTRIES = 256

/** The per-response parts of a page: its CSP nonce, and the contact form's token when it has one. */
export interface SlotValues {
  nonce: string
  formToken?: string
}
export type SlotName = keyof SlotValues

export interface CachedPage {
  status: number
  /** The HTML split at each per-response part. */
  pieces: Uint8Array[]
  /** Which part goes between piece i and piece i + 1. */
  slots: SlotName[]
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
