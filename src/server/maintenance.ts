/**
 * The one Cron Trigger of wrangler.toml (every minute, in each environment: Workers Free allows five
 * per account, docs/deploy.md) and the jobs it runs by its scheduled time (UTC); the lead desk does
 * the lead work (leads/services/lead-upkeep.ts):
 * - every minute, the studio's scheduled publishes that are due go live (studio/services/content.ts);
 * - every 10 minutes (:00, :10, … :50), the sweep: a lead accepted but never queued (the queue refused and the
 *   undo failed) is queued; a lead claimed over an hour ago whose outcome was never recorded is
 *   marked dead with that reason, for a person to check (sending it again could e-mail it twice);
 *   a lead still in flight (accepted, sending, retrying) a day after it arrived raises one alert;
 *   alert windows that closed with events folded into them send their summary; traffic of days
 *   that have ended is folded (visitor counts kept, visitor hashes and salts deleted); passkey
 *   challenges nobody answered in their five minutes, and spent form tokens past their 2 hours
 *   (with their client hash), are deleted.
 * - daily at 03:00 UTC, retention: the personal fields of delivered leads older than
 *   LEAD_RETENTION_DAYS (default 90) are erased, and of every other lead not yet erased (dead,
 *   held, or stuck in flight) older than twice that; spam older than SPAM_RETENTION_DAYS (default
 *   30) is deleted whole; console sessions that have ended and invitations a week past their
 *   expiry, and share links a week after they ended, are deleted; traffic days older than TRAFFIC_RETENTION_DAYS (default 400) roll up to
 *   their months (field speed's are deleted, the Speed page's window is summed up to yesterday, and pages slow
 *   for real visitors 3 days running are sent as one alert); and the fields of the studio's live editions that equal the repository's
 *   copy (pulled into git and deployed) are dropped.
 */
import { log } from '../lib/log'
import type { Services } from './app-env'
import { buildSpeedWindow, readCrux, slowPages, slowPagesText } from './traffic'

/** The one trigger, in each environment (wrangler.toml); a unit test holds the file to it. */
export const CRON = '* * * * *'
const MINUTE_MS = 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

/** The jobs, each run with the trigger's scheduled time as "now". */
export type Job = 'publish' | 'sweep' | 'retention'

/**
 * The jobs due at a trigger's scheduled time (the minute it was scheduled for, UTC): the publish
 * every minute, the sweep on each tenth minute, retention at 03:00.
 */
function jobsDue(scheduledTime: number): Job[] {
  const minuteOfDay = Math.floor((scheduledTime % DAY_MS) / MINUTE_MS)
  const jobs: Job[] = ['publish']
  if (minuteOfDay % 10 === 0) jobs.push('sweep')
  if (minuteOfDay === 3 * 60) jobs.push('retention')
  return jobs
}

/**
 * Runs the jobs due at the trigger's time, each even when one before it failed; the invocation
 * fails (as the dashboard shows it) if any did, after all have run.
 */
export async function handleScheduled(controller: ScheduledController, services: Services): Promise<void> {
  const now = new Date(controller.scheduledTime)
  const failures: unknown[] = []
  for (const job of jobsDue(controller.scheduledTime)) {
    try {
      await runJob(job, services, now)
    } catch (error) {
      log.error('maintenance', 'scheduled job failed', { job, error })
      failures.push(error)
    }
  }
  if (failures.length) throw failures[0]
}

/** One job, as the trigger runs it at `now` (the tests call a job at the time they need). */
export async function runJob(job: Job, services: Services, now: Date): Promise<void> {
  if (job === 'publish') {
    const published = await services.studio.content.publishDue(now)
    if (!published.ok)
      log.error('content', 'scheduled publishes not done', { reason: published.error.message })
    else if (published.value) log.info('content', 'scheduled publishes done', { published: published.value })
  } else if (job === 'retention') {
    await services.leads.desk.retain(now)
    await forgetEnded(services, now)
    if (services.traffic.counter.ok) await services.traffic.counter.value.rollUpOldDays(now)
    await services.traffic.vitals.forgetOldDays(now)
    // The Speed page's window summed up to yesterday, before anyone opens the page today.
    const window = await buildSpeedWindow(services.traffic.speed, now.getTime())
    if (!window.ok) log.error('traffic', 'field speed window not summed', { reason: window.error.message })
    // Pages slow for real visitors 3 days running: one alert names them all.
    const slow = await slowPages(services.traffic.speed, now.getTime())
    if (!slow.ok) log.error('traffic', 'slow pages not read', { reason: slow.error.message })
    else if (slow.value.length)
      await services.platform.alerts.send({ event: 'speed.slow', reason: slowPagesText(slow.value) })
    // Google's 28-day view of the origin and the top 20 pages, when CRUX_API_KEY is set.
    const { crux } = services.traffic
    if (crux.reader) await readCrux(crux.reader, crux.store, services.traffic.speed, now)
    const trimmed = await services.studio.upkeep.clearMatchingDefaults()
    if (!trimmed.ok) log.error('content', 'editions not trimmed', { reason: trimmed.error.message })
    else if (trimmed.value)
      log.info('content', 'editions trimmed to what git does not hold', { trimmed: trimmed.value })
  } else {
    await services.leads.desk.sweep(now)
    // A spent form token's client hash goes within minutes of the token's 2 hours, as the privacy
    // policy says, not with the next daily run (up to a day later).
    const spent = await services.leads.formTokens.spent.deleteExpired(now)
    if (spent.ok) log.info('retention', 'expired spent form tokens deleted', { deleted: spent.value })
    else log.error('retention', spent.error.message)
    const challenges = await services.people.passkeys.forgetExpiredChallenges(now)
    if (!challenges.ok) log.error('admin', challenges.error.message)
    else if (challenges.value)
      log.info('admin', 'expired passkey challenges deleted', { deleted: challenges.value })
    if (services.traffic.counter.ok) await services.traffic.counter.value.foldPastDays()
    else log.error('traffic', 'past days not folded', { reason: services.traffic.counter.error.message })
    await services.experiments.edge.foldPastDays(now)
  }
}

async function forgetEnded({ people, studio }: Services, now: Date): Promise<void> {
  const { sessions, team, activity } = people
  const { shareLinks } = studio
  const old = await activity.retain(now)
  if (old.ok) log.info('retention', 'old activity deleted', { deleted: old.value })
  else log.error('retention', old.error.message)
  const ended = await sessions.deleteEnded(now.getTime())
  if (ended.ok) log.info('retention', 'ended sessions deleted', { deleted: ended.value })
  else log.error('retention', ended.error.message)
  const invitations = await team.forgetOldInvitations(new Date(now.getTime() - 7 * DAY_MS))
  if (invitations.ok) log.info('retention', 'old invitations deleted', { deleted: invitations.value })
  else log.error('retention', invitations.error.message)
  const links = await shareLinks.forgetEnded(now)
  if (links.ok) log.info('retention', 'ended share links deleted', { deleted: links.value })
  else log.error('retention', links.error.message)
}
