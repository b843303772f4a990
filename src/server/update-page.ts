import { Hono } from 'hono'
import type { AppEnv } from '../env'

/** /update (admin only). Placeholder until the settings store lands. */
export const updatePage = new Hono<AppEnv>()
