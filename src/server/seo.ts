import { Hono } from 'hono'
import type { AppEnv } from '../env'

/** robots.txt and sitemap.xml. Placeholder until the site pages land. */
export const seoRoutes = new Hono<AppEnv>()
