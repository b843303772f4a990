/**
 * A value read whole from D1 with the content stamp it belongs to (storage/content-stamp.ts), kept
 * in this isolate until the stamp this location knows moves past it: the site built from the live
 * editions, the redirects' table, the running experiments. Never fails: while D1 cannot be read it
 * serves the last value it knew (or what the caller falls back to), and reads again next time.
 * One per kind of value, in the isolate's registry (server/isolate.ts).
 */
import type { Result } from '../../../lib/result'

/** A value and the stamp it was read at. */
export interface Stamped<T> {
  stamp: number
  value: T
}

export class StampedCache<T> {
  private known?: Stamped<T>

  /** The value kept, if one was read (whatever its stamp). */
  get last(): T | undefined {
    return this.known?.value
  }

  /**
   * The value for `stamp` (undefined: the stamp could not be read, so read again): the kept one if
   * it was read at that stamp or later, else `read()`'s; when that fails, `failed(reason, last)`.
   */
  async current(
    stamp: number | undefined,
    read: () => Promise<Result<Stamped<T>>>,
    failed: (reason: string, last: T | undefined) => T,
  ): Promise<T> {
    const known = this.known
    if (known && stamp !== undefined && known.stamp >= stamp) return known.value
    const fresh = await read()
    if (!fresh.ok) return failed(fresh.error.message, known?.value)
    this.known = fresh.value
    return fresh.value.value
  }
}
