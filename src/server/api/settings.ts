import { Hono } from 'hono'
import type { AppEnv } from '../../env'

/** GET/PUT /api/settings. Placeholder until the settings store lands. */
export const settingsApi = new Hono<AppEnv>()
