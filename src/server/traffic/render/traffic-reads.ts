/**
 * What other wings' pages read of the traffic, through the traffic wing's door (traffic/http.ts), so
 * that no other wing reaches into `c.var.services.traffic` (eslint.config.js house/wing-services).
 */
import type { Context } from 'hono'
import { ok, type Result } from '../../../lib/result'
import type { AppEnv } from '../../app-env'
import { leadsBySource } from '../../leads/http'
import { armSpeed, pageSpeed } from '../services/speed-report'
import { pathFigures } from '../services/traffic-report'
import type { TrafficStore } from '../storage/traffic'

/**
 * The views and leads of each of `paths` over 30 days (the landing pages' list), or undefined when
 * the traffic store cannot run (a configuration error, said on /admin/traffic).
 */
export async function pageFigures(c: Context<AppEnv>, paths: readonly string[]) {
  const { counter } = c.var.services.traffic
  return counter.ok ? pathFigures(counter.value.store, leadsBySource(c), paths) : undefined
}

/**
 * p75 loading and response of each of `paths` over the last `days` days from real visitors' field
 * speed (the landing pages' list beside their leads; an experiment's versions beside their rates).
 */
export function pageSpeedFigures(c: Context<AppEnv>, paths: readonly string[], days = 30) {
  return pageSpeed(c.var.services.traffic.speed, paths, days, Date.now())
}

/**
 * p75 loading and response of each of an experiment's `arms` versions, from the day it started to
 * the day it stopped (or today), beside each version's leads.
 */
export function armSpeedFigures(
  c: Context<AppEnv>,
  experiment: { id: string; arms: readonly unknown[]; startedAt: string | null; stoppedAt: string | null },
) {
  const to = (experiment.stoppedAt ?? new Date().toISOString()).slice(0, 10)
  const from = (experiment.startedAt ?? to).slice(0, 10)
  return armSpeed(c.var.services.traffic.speed, experiment.id, experiment.arms.length, from, to)
}

/** The traffic store (the redirects' 404 inbox reads its 404 paths), or why it cannot run. */
export function trafficStore(c: Context<AppEnv>): Result<TrafficStore> {
  const { counter } = c.var.services.traffic
  return counter.ok ? ok(counter.value.store) : counter
}
