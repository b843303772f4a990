/**
 * The local Rate Limiting binding counts in windows aligned to the wall clock (miniflare's
 * ratelimit object: `epoch = floor(now / period)`), so posts that straddle a minute's end meet two
 * windows. A test that counts a limit exactly (in workerd or through a browser) first waits, if it
 * must, until the window has `needMs` left: a condition on the clock, polled, not a fixed sleep.
 * That wait can be as long as `needMs`, so such a test runs under RATE_WINDOW_TEST_TIMEOUT, not
 * the default 5 s.
 */
export const RATE_WINDOW_TEST_TIMEOUT = 40_000

export async function roomInRateWindow(needMs = 10_000, periodMs = 60_000): Promise<void> {
  while (Date.now() % periodMs > periodMs - needMs) await new Promise((resolve) => setTimeout(resolve, 50))
}
