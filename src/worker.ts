import { Hono } from 'hono'
import type { Bindings } from './env'
import { MOUNTS } from './lib/worker-addresses'
import type { AppEnv } from './server/app-env'
import { mountConsole, mountLazily } from './server/console/lazy'
import { servicesFor } from './server/isolate'
import { handleQueue } from './server/leads/jobs/lead-delivery'
import { contactApi } from './server/leads/routes/contact'
import { handleScheduled } from './server/maintenance'
import { httpsOnly } from './server/platform/middleware/https-only'
import { securityHeaders } from './server/platform/middleware/security'
import { provideServices } from './server/platform/middleware/services'
import { siteOrigin } from './server/platform/middleware/site-origin'
import {
  armsShown,
  contactSite,
  errorPage,
  exposePrerender,
  landingPaths,
  mountSite,
  renderer,
  sitePaths,
  startInArms,
} from './server/site'
import { formStartBeacon } from './server/traffic/routes/form-start-beacon'
import { viewBeacon } from './server/traffic/routes/view-beacon'
import { vitalsBeaconRoute } from './server/traffic/routes/vitals-beacon'
import { reportsBeaconRoute } from './server/traffic/routes/reports-beacon'
import { networkReporting } from './server/traffic/middleware/network-reporting'
import { settingsApi } from './server/viewer-url/routes/settings'

/**
 * The worker's table of contents: on every request the security headers, https, the services and
 * the renderer (`c.render`); then the APIs, the console and its other routes, and the public site
 * (server/site/: its pages, posts and landing pages, the 404 and the error page). The queue consumer
 * delivers leads; the Cron Triggers sweep and apply the retention policy. All three get their
 * services from the one composition root (server/isolate.ts).
 */
export const app = new Hono<AppEnv>()

app.use(securityHeaders, networkReporting, httpsOnly, provideServices(servicesFor), siteOrigin, renderer)

const apis = new Hono<AppEnv>()
  .route('/contact', contactApi(contactSite))
  .route('/settings', settingsApi)
  .route('/view', viewBeacon(sitePaths, exposePrerender))
  .route('/form-start', formStartBeacon(landingPaths, startInArms))
  .route('/vitals', vitalsBeaconRoute(sitePaths, armsShown))
  .route('/reports', reportsBeaconRoute(sitePaths))
app.route(MOUNTS.api, apis)

// The console and its other routes load with their first request (server/console/lazy.ts): no
// visitor's isolate parses them. /update is the viewer address's own form; /review, the
// reviewers' share links (a draft shown before it is published).
const lazyRoutes = [
  mountConsole(app, MOUNTS.console, servicesFor),
  mountLazily(app, MOUNTS.update, () =>
    import('./server/viewer-url/routes/update').then(({ updatePage }) => updatePage),
  ),
  mountLazily(app, MOUNTS.review, () =>
    import('./server/studio/routes/admin/draft-views').then((views) => views.reviewRoutes),
  ),
]
/** Loads the console and the other lazy routes now, as their first requests would, with their routes in app.routes (the role test walks them). */
export const loadConsole = () => Promise.all(lazyRoutes.map((lazy) => lazy.load()))

mountSite(app)
app.onError(errorPage)

/** Durable Object classes must be exported by the main module. */
export { SignInGuard } from './server/people/storage/sign-in-guard'

export default {
  fetch: app.fetch,
  queue: (batch, env) => handleQueue(batch, servicesFor(env)),
  scheduled: (controller, env) => handleScheduled(controller, servicesFor(env)),
} satisfies ExportedHandler<Bindings>
