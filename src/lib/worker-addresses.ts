/**
 * The addresses the worker answers besides the site's pages, posts and landing pages: what a
 * redirect may never take, nor anything under them (studio/services/redirect-checks.ts). src/worker.ts
 * mounts the APIs and the console at MOUNTS; the site (server/site/) answers SITE_ADDRESSES; Workers
 * Static Assets serve the built files before the worker runs. tests/worker/platform/routes.test.ts
 * walks the worker's routes and fails when something is mounted at an address this list lacks.
 */

import { DEFAULT_LOCALE, LOCALES } from './locales'

/** Where src/worker.ts mounts what is not the site: the APIs, the console and the console's other routes. */
export const MOUNTS = {
  api: '/api',
  console: '/admin',
  /** The viewer address's own form (viewer-url/routes/update.tsx). */
  update: '/update',
  /** The reviewers' share links (studio/routes/admin/draft-views.ts). */
  review: '/review',
} as const

/** The English feed (studio/routes/feed.ts); each other locale's is under its prefix (/de/rss.xml). */
export const FEED_PATH = '/rss.xml'

/** What the site answers besides its pages: pictures, old links to sections, the feed, sitemap and robots. */
export const SITE_ADDRESSES = ['/media', '/ecommerce', FEED_PATH, '/sitemap.xml', '/robots.txt'] as const

/** Where each locale but the default's pages live (`/de`: lib/locales.ts): no post, landing page or redirect takes it. */
export const LOCALE_ADDRESSES = LOCALES.filter((row) => row.code !== DEFAULT_LOCALE).map(
  (row) => `/${row.code}`,
)

/** The hashed files of the build, served by Workers Static Assets (wrangler.toml `[assets]`). */
export const STATIC_ASSETS = '/assets'

export const WORKER_ADDRESSES: string[] = [
  ...Object.values(MOUNTS),
  ...SITE_ADDRESSES,
  ...LOCALE_ADDRESSES,
  STATIC_ASSETS,
]

/** Whether `path` is `address` or under it (`/admin`, `/admin/leads`; not `/administer`). */
export const isUnder = (address: string, path: string) => path === address || path.startsWith(`${address}/`)

/** Whether `path` is under a mount that is not the site's (its 404 is no page view, and no visitor's test). */
export const apartFromSite = (path: string) => Object.values(MOUNTS).some((mount) => isUnder(mount, path))
