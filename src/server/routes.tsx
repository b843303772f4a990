import type { PageModule } from '../pages/types'
import { homePage } from '../pages/HomePage'

export interface PageRoute {
  path: string
  page: PageModule
  /** Listed in sitemap.xml (false for unlisted pages such as /update). */
  listed: boolean
}

/** Every page route of the site, in one table. APIs are mounted in worker.ts. */
export const pageRoutes: PageRoute[] = [{ path: '/', page: homePage, listed: true }]
