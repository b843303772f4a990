import type { Bindings } from '../../../src/env'
import { servicesFor } from '../../../src/server/isolate'
import { runJob, type Job } from '../../../src/server/maintenance'
import { env } from './app'

/**
 * Runs one of the Cron Trigger's jobs (the publish, the sweep, retention) at `time`, with this env's
 * services, as the trigger does when its scheduled time makes the job due; which jobs a time makes
 * due is the dispatch test's (tests/worker/platform/scheduled.test.ts).
 */
export const runScheduledJob = (job: Job, bindings: Bindings = env, time = Date.now()) =>
  runJob(job, servicesFor(bindings), new Date(time))
