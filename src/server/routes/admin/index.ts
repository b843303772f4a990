/**
 * The console, as one sub-app: src/worker.ts mounts it at /admin with one line. The order of its
 * guards is written here once, and it decides who can see what:
 * 1. privateResponse: every answer, refusals and redirects included, is no-store and noindex;
 * 2. consoleForm: a post that does not show it comes from a console page of this site is refused before
 *    anything reads it;
 * 3. the open doors (sign-in, sign-out, invitations), which a stranger must be able to reach;
 * 4. consoleSignIn: from here on, only a signed-in person gets through (the access service says
 *    who), and a stranger is sent to the sign-in page;
 * 5. the pages, their actions and the CSV exports, each naming the action of the role table it
 *    needs (middleware/permission.ts allow): a role that may not gets 403.
 * This is the one module of routes/ that may import other routes (eslint.config.js).
 */
import { Hono } from 'hono'
import type { AppEnv } from '../../app-env'
import { privateResponse } from '../../middleware/admin-auth'
import { consoleSignIn } from '../../middleware/console-session'
import { consoleForm } from '../../middleware/same-origin'
import { adminAccount } from './account'
import { adminActivity } from './activity'
import { documentRoutes } from './documents'
import { adminLandingPages } from './landing-pages'
import { adminLeads } from './leads'
import { adminMedia } from './media'
import { adminOverview } from './overview'
import { adminRedirects } from './redirects'
import { adminSettings } from './settings'
import { adminSignIn } from './sign-in'
import { adminStudio } from './studio'
import { adminTeam } from './team'
import { adminTraffic } from './traffic'

export const adminConsole = new Hono<AppEnv>()

adminConsole.use('*', privateResponse, consoleForm)
adminConsole.route('/', adminSignIn)
adminConsole.use('*', consoleSignIn)
adminConsole.route('/', adminOverview)
adminConsole.route('/team', adminTeam)
adminConsole.route('/', adminTraffic)
adminConsole.route('/settings', adminSettings)
adminConsole.route('/', adminLeads)
adminConsole.route('/account', adminAccount)
adminConsole.route('/', adminActivity)
// The studio: its lists and a new post first, so /posts/new is not read as a post's address.
adminConsole.route('/', adminStudio)
adminConsole.route(
  '/content',
  documentRoutes((id) => id),
)
adminConsole.route(
  '/posts',
  documentRoutes((slug) => `post:${slug}`),
)
// Landing pages: the list, a new page and Take off the site first, then each page's editor.
adminConsole.route('/pages', adminLandingPages)
adminConsole.route(
  '/pages',
  documentRoutes((slug) => `page:${slug}`),
)
adminConsole.route('/media', adminMedia)
adminConsole.route('/redirects', adminRedirects)
