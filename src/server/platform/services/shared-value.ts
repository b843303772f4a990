/**
 * A small value this isolate keeps in memory and shares with the location's other isolates
 * through the Cache API, so a request never waits on a database for it: the viewer address of a
 * store (viewer-url/services/viewer-url-cache.ts), the content stamp (studio/services/content.ts). Read it fresh from
 * memory, else from the location's entry, else refresh it from its store; a write here goes to
 * both at once.
 */
import { log } from '../../../lib/log'
import type { Result } from '../../../lib/result'
import { edgeCache } from '../storage/edge-cache'

/** How long a value is used: in this isolate's memory, and in the entry the location's isolates share. */
interface SharedValueTtl {
  memoryMs: number
  edgeSeconds: number
}

export class SharedValue {
  private known?: { value: string; freshUntil: number }
  private reading?: Promise<Result<string>>
  /** Bumped by each write, so a read that started before it cannot put the old value back. */
  private generation = 0
  private shared = false

  constructor(
    /** Names the value among those the location shares (a path segment). */
    private readonly key: string,
    private readonly ttl: SharedValueTtl,
  ) {}

  /** The value while it is fresh. */
  fresh(): string | undefined {
    return this.known && this.known.freshUntil > Date.now() ? this.known.value : undefined
  }

  /** The last value known, however old. */
  last(): string | undefined {
    return this.known?.value
  }

  /** Keeps `value` for `ttlMs` (a shorter time after a failure, so the store is asked again soon). */
  remember(value: string, ttlMs = this.ttl.memoryMs): void {
    this.known = { value, freshUntil: Date.now() + ttlMs }
  }

  /** A value saved here: memory and the Cache API take it at once, and older reads are void. */
  async saved(value: string): Promise<void> {
    this.generation++
    this.remember(value)
    await this.share(value)
  }

  /** Runs `read` unless one is under way; a successful read fills memory and the Cache API. */
  refresh(read: () => Promise<Result<string>>): Promise<Result<string>> {
    if (this.reading) return this.reading
    const generation = this.generation
    this.reading = read()
      .then(async (result) => {
        if (result.ok && generation === this.generation) {
          this.remember(result.value)
          await this.share(result.value)
        }
        return result
      })
      .finally(() => (this.reading = undefined))
    return this.reading
  }

  /** The value this location's isolates share, if a recent one is there. */
  async fromEdge(): Promise<string | undefined> {
    try {
      const hit = await edgeCache()?.match(this.edgeRequest())
      const body = (await hit?.json()) as { value?: unknown } | undefined
      if (typeof body?.value !== 'string') return undefined
      this.remember(body.value)
      return body.value
    } catch (error) {
      log.warn('cache', 'shared value not read', { key: this.key, error })
      return undefined
    }
  }

  /** As once both lifetimes have passed: the value is stale here and gone from the Cache API. */
  async expire(): Promise<void> {
    if (this.known) this.known.freshUntil = 0
    if (this.shared) await edgeCache()?.delete(this.edgeRequest())
  }

  private async share(value: string): Promise<void> {
    try {
      const headers = {
        'Content-Type': 'application/json',
        'Cache-Control': `max-age=${this.ttl.edgeSeconds}`,
      }
      await edgeCache()?.put(this.edgeRequest(), new Response(JSON.stringify({ value }), { headers }))
      this.shared = true
    } catch (error) {
      log.warn('cache', 'shared value not written', { key: this.key, error })
    }
  }

  private edgeRequest(): Request {
    return new Request(`https://shared-value.internal/${encodeURIComponent(this.key)}`)
  }
}
