/** Thrown by withTimeout when the work did not finish in time. */
export class TimeoutError extends Error {
  override name = 'TimeoutError'
}

/**
 * The one timeout helper: runs `work` with a signal that aborts after `ms`, and settles with its
 * result or rejects with a TimeoutError, whichever comes first. Work that cannot be aborted (a KV
 * call) goes on in the background; its late result is ignored.
 *
 * @example const response = await withTimeout(2000, (signal) => fetch(url, { signal }))
 */
export function withTimeout<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new TimeoutError(`no answer within ${ms} ms`)
      controller.abort(error)
      reject(error)
    }, ms)
  })
  return Promise.race([work(controller.signal), timedOut]).finally(() => clearTimeout(timer))
}
