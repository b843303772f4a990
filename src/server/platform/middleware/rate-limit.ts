import type { Context } from 'hono'
import { clientKey } from '../../../lib/client-key'

/** The client a limit applies to: the visitor's IPv4 address or IPv6 /64 at the edge. */
export function clientKeyOf(c: Context): string {
  return clientKey(c.req.header('CF-Connecting-IP'))
}

/** Asks a Workers Rate Limiting binding whether `key` has used up its allowance. */
export async function isRateLimited(limiter: RateLimit, key: string): Promise<boolean> {
  const { success } = await limiter.limit({ key })
  return !success
}
