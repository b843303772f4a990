import { clientKey } from '../../lib/client-key'
import type { Context } from 'hono'

/** The client a limit applies to: the visitor's IPv4 address or IPv6 /64 at the edge. */
export function clientKeyOf(c: Context): string {
  return clientKey(c.req.header('CF-Connecting-IP'))
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
