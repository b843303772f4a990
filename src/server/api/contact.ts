import { Hono } from 'hono'
import type { AppEnv } from '../../env'

/** POST /api/contact. Placeholder until the contact pipeline lands. */
export const contactApi = new Hono<AppEnv>()
