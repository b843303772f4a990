/**
 * The console, as one sub-app: src/worker.ts mounts it at /admin with one line, loaded with its
 * first request (./lazy.ts). The order of its
 * guards is written here once, and it decides who can see what (after the D1 session its reads use):
 * 1. privateResponse: every answer, refusals and redirects included, is no-store and noindex;
 * 2. consoleForm: a post that does not show it comes from a console page of this site is refused before
 *    anything reads it. The console's pages are its own routes, listed once they are all mounted; the
 *    previews (studio/routes/admin/draft-views.ts) are mounted after the list is made, so no draft view is
 *    ever a page a post may come from;
 * 3. the open doors (sign-in, sign-out, invitations), which a stranger must be able to reach;
 * 4. consoleSignIn: from here on, only a signed-in person gets through (the access service says
 *    who), and a stranger is sent to the sign-in page;
 * 5. each part's pages, actions and CSV exports, in the registry's order (lib/console-parts.ts),
 *    each naming the action of the role table it needs (people/middleware/permission.ts allow): a role
 *    that may not gets 403.
 * This is the one module of routes/ that may import other routes (eslint.config.js).
 */
import { Hono } from 'hono'
import { ADMIN_PATHS } from '../../lib/admin-links'
import { CONSOLE_PARTS, type AdminPart } from '../../lib/console-parts'
import { documentOf } from '../../lib/document-kinds'
import type { AppEnv } from '../app-env'
import { privateResponse } from '../people/middleware/admin-auth'
import { consoleSignIn } from '../people/middleware/console-session'
import { consoleReadsNearby, type ServicesFor } from './d1-session'
import { consoleForm, consolePages, type ConsolePages } from '../platform/middleware/same-origin'
import { adminAccount } from '../people/routes/admin/account'
import { adminActivity } from '../people/routes/admin/activity'
import { documentRoutes } from '../studio/routes/admin/documents'
import { adminExperiments } from '../experiments/routes/admin/experiments'
import { adminLandingPages } from '../studio/routes/admin/landing-pages'
import { adminLeads } from '../leads/routes/admin/leads'
import { adminMedia } from '../studio/routes/admin/media'
import { adminHelp } from './help'
import { adminOverview } from './overview'
import { adminRedirects } from '../studio/routes/admin/redirects'
import { adminSettings } from '../viewer-url/routes/admin/settings'
import { adminSignIn } from '../people/routes/admin/sign-in'
import { adminStudio } from '../studio/routes/admin/studio'
import { translationRoutes } from '../studio/routes/admin/translations'
import { suggestionRoutes } from '../studio/routes/admin/translation-suggest'
import { adminTranslationFiles } from '../studio/routes/admin/translation-files'
import { PREVIEW_EXAMPLES, previewRoutes } from '../studio/routes/admin/draft-views'
import { adminTeam } from '../people/routes/admin/team'
import { adminSpeed } from '../traffic/routes/admin/speed'
import { adminTraffic } from '../traffic/routes/admin/traffic'

const postAt = (slug: string) => documentOf('post', slug)
const pageAt = (slug: string) => documentOf('page', slug)

/**
 * Each console part's routes (lib/console-parts.ts), as [where under /admin, routes]: a part whose
 * CSV sits beside its page (/admin/leads.csv) is mounted at the root. A part added to the registry
 * without routes here fails to compile. The studio's lists and a new post come before the posts'
 * editors, so /posts/new is not read as a post's address; the same for landing pages.
 */
const PART_ROUTES = {
  overview: [['/', adminOverview]],
  content: [
    ['/', adminStudio],
    ['/content', translationRoutes((id) => id)],
    ['/content', suggestionRoutes((id) => id)],
    ['/content', adminTranslationFiles],
    ['/content', documentRoutes((id) => id)],
  ],
  // A post's locale edition (/admin/posts/blog-1@de) before the posts' editors, as the copy's.
  posts: [
    ['/posts', translationRoutes(postAt)],
    ['/posts', suggestionRoutes(postAt)],
    ['/posts', documentRoutes(postAt)],
  ],
  landing: [
    ['/pages', adminLandingPages],
    // A page's translation (/pages/<slug>@de) is the copy's translation editor, under the page's part.
    ['/pages', translationRoutes(pageAt)],
    ['/pages', suggestionRoutes(pageAt)],
    ['/pages', documentRoutes(pageAt)],
  ],
  media: [['/media', adminMedia]],
  redirects: [['/redirects', adminRedirects]],
  experiments: [['/experiments', adminExperiments]],
  settings: [['/settings', adminSettings]],
  leads: [['/', adminLeads]],
  traffic: [['/', adminTraffic]],
  speed: [['/', adminSpeed]],
  team: [['/team', adminTeam]],
  activity: [['/', adminActivity]],
  account: [['/account', adminAccount]],
  help: [['/help', adminHelp]],
} satisfies Record<AdminPart, [at: string, routes: Hono<AppEnv>][]>

/**
 * The console, for the composition root's services: every request of it reads through a D1 session
 * that may read a nearby replica (console/d1-session.ts), then meets the guards above in order.
 */
export function adminConsole(servicesFor: ServicesFor): Hono<AppEnv> {
  const consoleApp = new Hono<AppEnv>()
  let pages: ConsolePages = () => false
  consoleApp.use(
    '*',
    consoleReadsNearby(servicesFor),
    privateResponse,
    consoleForm(() => pages),
  )
  consoleApp.route('/', adminSignIn)
  consoleApp.use('*', consoleSignIn)
  for (const { part } of CONSOLE_PARTS)
    for (const [at, routes] of PART_ROUTES[part]) consoleApp.route(at, routes)
  // The pages a post may come from: every address the console routes so far (/admin, /admin/posts/:id…).
  const at = ADMIN_PATHS.overview
  pages = consolePages(
    consoleApp.routes
      // A wildcard is a guard (`post('*', allow(…))`), never a page of its own.
      .filter((route) => route.method !== 'ALL' && !route.path.endsWith('*'))
      .map((route) => (route.path === '/' ? at : `${at}${route.path}`)),
  )
  // A console route that took a preview's address would let a draft post: refuse to start at all.
  const clash = PREVIEW_EXAMPLES.find(pages)
  if (clash) throw new Error(`a console route takes the preview address ${clash}`)
  consoleApp.route('/', previewRoutes)
  return consoleApp
}
