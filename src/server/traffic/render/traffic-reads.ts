/**
 * What other wings' pages read of the traffic, through the traffic wing's door (traffic/http.ts), so
 * that no other wing reaches into `c.var.services.traffic` (eslint.config.js house/wing-services).
 */
import type { Context } from 'hono'
import { ok, type Result } from '../../../lib/result'
import type { AppEnv } from '../../app-env'
import { leadsBySource } from '../../leads/http'
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

/** The traffic store (the redirects' 404 inbox reads its 404 paths), or why it cannot run. */
export function trafficStore(c: Context<AppEnv>): Result<TrafficStore> {
  const { counter } = c.var.services.traffic
  return counter.ok ? ok(counter.value.store) : counter
}
