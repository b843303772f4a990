import type { SendResult } from '../services/send-result'

/** Outages: 30 s doubling to 1 h, about 2 hours over the 8 retries of wrangler.toml. */
const OUTAGE_BASE_DELAY_SECONDS = 30
/** Rate limited: 2 s doubling to 1 min, since the next free slot is usually seconds away. */
const RATE_LIMIT_MAX_DELAY_SECONDS = 60
const MAX_DELAY_SECONDS = 60 * 60

/**
 * How long a lead waits before its next try; `attempts` counts from 1 (Message.attempts). The
 * upstream's Retry-After wins when it sends one.
 *
 * @example retryDelaySeconds({ outcome: 'retrying', reason: '', status: 503 }, 3) === 120
 */
export function retryDelaySeconds(
  result: Extract<SendResult, { outcome: 'retrying' }>,
  attempts: number,
): number {
  const clamp = (seconds: number) => Math.min(Math.max(Math.ceil(seconds), 1), MAX_DELAY_SECONDS)
  if (result.retryAfterSeconds !== undefined) return clamp(result.retryAfterSeconds)
  if (result.status === 429) return Math.min(2 ** attempts, RATE_LIMIT_MAX_DELAY_SECONDS)
  return clamp(OUTAGE_BASE_DELAY_SECONDS * 2 ** (attempts - 1))
}
