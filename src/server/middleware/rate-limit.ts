import type { Context } from 'hono'

/** The client a limit applies to: the visitor's address at the edge ("local" in dev and tests). */
export function clientKey(c: Context): string {
  return c.req.header('CF-Connecting-IP') ?? 'local'
}

/**
 * Asks a Workers Rate Limiting binding whether `key` may go on. Returns null when allowed, or a
 * 429 response with Retry-After (the binding's period) and a clear message when not.
 */
export async function checkRateLimit(
  c: Context,
  limiter: RateLimit,
  key: string,
  message: string,
  periodSeconds = 60,
): Promise<Response | null> {
  const { success } = await limiter.limit({ key })
  if (success) return null
  return c.json({ error: message }, 429, { 'Retry-After': String(periodSeconds) })
}
