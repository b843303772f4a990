/**
 * The worker's one Config: every duration it waits on and every number a deployer may set, parsed
 * once from the environment by the composition root (server/isolate.ts) and handed to the
 * services that use them. Production sets none of TIMINGS and gets DEFAULT_TIMINGS, which a unit
 * test pins (tests/unit/config.test.ts); the worker tests set TIMINGS to fast values
 * (tests/support/timings.ts), so they never wait out a production budget, and the few that prove
 * a real duration set it back.
 */
import { z } from 'zod'
import type { Bindings } from '../../env'
import { positiveDays } from '../../lib/days'
import { log } from '../../lib/log'

/** EmailJS allows one request per second from a public key (its REST API's limit). */
const EMAILJS_MIN_INTERVAL_MS = 1000

/** Every duration the worker waits on, in milliseconds, as production runs (and one batch size). */
export const DEFAULT_TIMINGS = {
  /** Between two EmailJS sends from one isolate: the 1 s limit with a margin for clock and network jitter. */
  emailJsSpacingMs: EMAILJS_MIN_INTERVAL_MS + 100,
  /** One EmailJS send, answer included. */
  emailJsBudgetMs: 10_000,
  /** One send through the second channel (Email Service's send_email binding). */
  salesEmailBudgetMs: 10_000,
  /** One post of a lead to the CRM webhook. */
  leadWebhookBudgetMs: 10_000,
  /** One post to the alert webhook. */
  alertWebhookBudgetMs: 5_000,
  /** One Turnstile siteverify call: it answers in well under a second; past this the lead is held. */
  turnstileBudgetMs: 4_000,
  /** One read or write of the viewer address's store (KV or Realtime Database, token included). */
  settingsStoreBudgetMs: 2_500,
  /** One Analytics Engine SQL API query. */
  analyticsSqlBudgetMs: 5_000,
  /** One fetch of Cloudflare Access's signing keys. */
  accessKeysBudgetMs: 3_000,
  /** Between two D1 writes of an isolate's buffered page views (a write also goes at 200 views). */
  trafficFlushMs: 5_000,
  /**
   * Not a duration but what sets one: the leads one retention statement erases or deletes at most
   * (5 statements a run). Each erasure rewrites the search index's pages (secure-delete), about
   * 2.8 ms a lead in local workerd, so the worker tests drain their backlog in smaller batches.
   */
  retentionBatchLeads: 1_000,
}

export type Timings = typeof DEFAULT_TIMINGS

const timingsOverride = z
  .object(
    Object.fromEntries(
      Object.keys(DEFAULT_TIMINGS).map((key) => [key, z.number().int().min(0).max(600_000).optional()]),
    ) as Record<keyof Timings, z.ZodOptional<z.ZodNumber>>,
  )
  .strict()

export interface Config {
  timings: Timings
  /** Leads e-mailed per UTC day through each channel before the rest are held (CONTACT_DAILY_EMAIL_CAP). */
  dailyEmailCap: number
  /** Days a delivered lead is kept; undelivered ones twice as long (LEAD_RETENTION_DAYS). */
  leadRetentionDays: number
  /** Days spam is kept (SPAM_RETENTION_DAYS). */
  spamRetentionDays: number
  /** Days the activity log keeps (ACTIVITY_RETENTION_DAYS). */
  activityRetentionDays: number
  /** Days of daily traffic rows (TRAFFIC_RETENTION_DAYS). */
  trafficRetentionDays: number
}

/**
 * TIMINGS is a JSON object overriding some of DEFAULT_TIMINGS (only tests set it). One that does
 * not parse is said in the log and ignored: production's values are always safe ones.
 */
function timingsOf(raw: string | undefined): Timings {
  if (!raw?.trim()) return DEFAULT_TIMINGS
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    parsed = undefined
  }
  const override = timingsOverride.safeParse(parsed)
  if (!override.success) {
    log.error('config', 'TIMINGS ignored: not a JSON object of known durations in ms', {
      keys: Object.keys(DEFAULT_TIMINGS),
    })
    return DEFAULT_TIMINGS
  }
  return {
    ...DEFAULT_TIMINGS,
    ...Object.fromEntries(Object.entries(override.data).filter(([, v]) => v !== undefined)),
  }
}

/** CONTACT_DAILY_EMAIL_CAP, 100 unless set to another whole number (0 holds every lead). */
function dailyCapOf(raw: string | undefined): number {
  const cap = Number(raw)
  return Number.isInteger(cap) && cap >= 0 ? cap : 100
}

export function configFrom(env: Bindings): Config {
  return {
    timings: timingsOf(env.TIMINGS),
    dailyEmailCap: dailyCapOf(env.CONTACT_DAILY_EMAIL_CAP),
    leadRetentionDays: positiveDays(env.LEAD_RETENTION_DAYS, 90),
    spamRetentionDays: positiveDays(env.SPAM_RETENTION_DAYS, 30),
    activityRetentionDays: positiveDays(env.ACTIVITY_RETENTION_DAYS, 400),
    trafficRetentionDays: positiveDays(env.TRAFFIC_RETENTION_DAYS, 400),
  }
}
