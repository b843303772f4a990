import type { Context } from 'hono'

/** What work that may finish after the response needs: the request's (or the job's) waitUntil. */
export type WaitUntil = Pick<ExecutionContext, 'waitUntil'>

/**
 * The request's waitUntil, for work that may finish after the response. A call through
 * app.request() without an execution context (tests) gets one that lets the work run unawaited.
 */
export function waitUntilOf(c: Context): WaitUntil {
  try {
    return c.executionCtx
  } catch {
    return { waitUntil: (promise) => void promise.catch(() => undefined) }
  }
}
