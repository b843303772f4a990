/**
 * The durations the worker tests run with (the worker's TIMINGS variable, server/platform/config.ts): no
 * spacing between EmailJS sends and a 1 s budget for every outside call, so a test of a hang waits
 * 1 s, not production's 10 s. A budget of 1 s, not less: the stand-ins answer in milliseconds, but
 * on a loaded 2-core machine a garbage collection can pause workerd for a few hundred.
 *
 * The tests that prove a production value pass `REAL_TIMINGS` (TIMINGS unset) for that one test.
 */
import type { Timings } from '../../src/server/platform/config'

export const TEST_BUDGET_MS = 1_000

export const TEST_TIMINGS: Timings = {
  emailJsSpacingMs: 0,
  emailJsBudgetMs: TEST_BUDGET_MS,
  salesEmailBudgetMs: TEST_BUDGET_MS,
  leadWebhookBudgetMs: TEST_BUDGET_MS,
  alertWebhookBudgetMs: TEST_BUDGET_MS,
  turnstileBudgetMs: TEST_BUDGET_MS,
  settingsStoreBudgetMs: TEST_BUDGET_MS,
  analyticsSqlBudgetMs: TEST_BUDGET_MS,
  accessKeysBudgetMs: TEST_BUDGET_MS,
  // Each view written at once: a test of several views never waits out the 5 s between writes
  // (the batching itself is tested on a counter of its own, traffic.test.ts).
  trafficFlushMs: 0,
  // A tenth of production's 1,000: the drain's test erases 7.5 batches and deletes 4 of spam, and
  // each erasure costs workerd's SQLite about 2.8 ms (the search index's secure-delete).
  retentionBatchLeads: 100,
}

/** The env override that runs a test on production's durations. */
export const REAL_TIMINGS = { TIMINGS: '' }
