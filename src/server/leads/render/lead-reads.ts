/**
 * What other wings' pages read of the leads, through the leads wing's door (leads/http.ts), so that
 * no other wing reaches into `c.var.services.leads` (eslint.config.js house/wing-services).
 */
import type { Context } from 'hono'
import type { Result } from '../../../lib/result'
import type { LeadAttributionRow } from '../../../lib/traffic-dimensions'
import type { WaitingLeads } from '../../../schemas/admin-records'
import type { AppEnv } from '../../app-env'

/** The leads waiting for a person now: dead, held, or stuck in flight a day (every console page's frame). */
export const waitingLeads = (c: Context<AppEnv>): Promise<Result<WaitingLeads>> =>
  c.var.services.leads.desk.read.queries.waiting(new Date())

/** Where the leads came from, day by day (spam left out): what the traffic page and the landing pages' list count. */
export const leadsBySource = (
  c: Context<AppEnv>,
): { attributionSince(since: string): Promise<Result<LeadAttributionRow[]>> } =>
  c.var.services.leads.desk.read.queries
