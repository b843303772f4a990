/**
 * Routes the shipped worker does not have, added to the real app for the tests that need them. The
 * worker test files share one workerd and its loaded modules (tests/vitest.config.ts), and Hono
 * builds its router on the first request: so they are added here, once, by setup.ts before any
 * request, not by each test file.
 */
import type { PageModule } from '../../../src/schemas/page-module'
import { app } from '../../../src/worker'

/** A handler that throws: the app's onError and the site-error alert (observability.test.ts). */
export const FAILURE_PATH = '/__test/observability-failure'
/** A page whose render throws: the error page, end to end (routes.test.ts, access.test.ts). */
export const RENDER_FAILURE_PATH = '/__test/render-failure'

const brokenPage: PageModule = {
  meta: { title: 'Broken', description: 'A page that cannot render.' },
  Page: () => {
    throw new Error('The showcase data is missing')
  },
}

app.get(FAILURE_PATH, () => {
  throw new TypeError('the showroom list is undefined')
})
app.get(RENDER_FAILURE_PATH, (c) => c.render(brokenPage))
