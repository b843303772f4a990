/**
 * The share of visits whose speed is measured, for the console's settings page (viewer-url wing),
 * through the traffic wing's door (traffic/http.ts), as eslint.config.js house/wing-services asks.
 */
import type { Context } from 'hono'
import type { AppEnv } from '../../app-env'
import type { VitalsSampling } from '../services/vitals-sampling'

export const speedSampling = (c: Context<AppEnv>): VitalsSampling => c.var.services.traffic.sampling
