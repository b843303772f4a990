/**
 * When an isolate's buffered counters are written (the page views' and the field speed's): at most
 * one D1 write per interval, at once when it is time or the buffer is full, else once that time
 * comes. The buffer itself is per-isolate state, kept in server/isolate.ts.
 */
import type { WaitUntil } from '../../platform'

/** What a buffer keeps of its writes. */
export interface WriteTiming {
  lastFlushAt: number
  flushScheduled: boolean
}

export function scheduleWrite(
  timing: WriteTiming,
  { everyMs, now, full, write }: { everyMs: number; now: number; full: boolean; write: () => Promise<void> },
  ctx: WaitUntil,
): void {
  const wait = timing.lastFlushAt + everyMs - now
  if (wait <= 0 || full) {
    ctx.waitUntil(write())
    return
  }
  if (timing.flushScheduled) return
  timing.flushScheduled = true
  ctx.waitUntil(
    new Promise((resolve) => setTimeout(resolve, wait)).then(() => {
      timing.flushScheduled = false
      return write()
    }),
  )
}
