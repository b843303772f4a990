/**
 * POST /api/view: the one beacon of the site. A prerendered page (Speculation Rules) was fetched
 * before anyone saw it, so that request was not counted; when the visitor actually opens it, its
 * inline script (lib/speculation-rules.ts PRERENDER_VIEW_SCRIPT) sends `href\nreferrer` here, and
 * the view is counted as if the page had been asked for then. Always 204: nothing to read back.
 * A browser's beacon always says it is ours (Origin or Sec-Fetch-Site); a post that does not is a
 * script's, refused with 403 and never counted (security review S1).
 */
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../../app-env'
import { sameOriginForm } from '../../platform/http'
import { waitUntilOf } from '../../platform'
import type { ViewRequest } from '../services/traffic'

/**
 * What the site does with a view once the counter has it (an experiment's arm is exposed): `counted`
 * says whether it was counted. The site passes it in; traffic knows no experiment.
 */
export type AfterView = (c: Context<AppEnv>, view: ViewRequest, counted: Promise<boolean>) => void

/**
 * `pagePaths`: the addresses of the site's pages now (a view of any other path is a 404's); `after`:
 * what the site does with a counted view (an activated prerender of a tested page is its arm's exposure).
 */
export function viewBeacon(pagePaths: (c: Context<AppEnv>) => Promise<readonly string[]>, after: AfterView) {
  const beacon = new Hono<AppEnv>()
  beacon.post(
    '/',
    sameOriginForm,
    bodyLimit({ maxSize: 4096, onError: (c) => c.body(null, 413) }),
    async (c) => {
      const [href = '', referrer = ''] = (await c.req.text()).split('\n')
      const page = URL.parse(href)
      const { counter: traffic } = c.var.services.traffic
      if (!traffic.ok || !page || page.origin !== new URL(c.req.url).origin) return c.body(null, 204)
      const headers = new Headers(c.req.raw.headers)
      // The activation is the view a person's browser shows: counted as that page's GET.
      headers.set('Accept', 'text/html')
      headers.delete('Sec-Purpose')
      const country = (c.req.raw.cf as { country?: unknown } | undefined)?.country
      const view = {
        method: 'GET',
        url: page.href,
        status: (await pagePaths(c)).includes(page.pathname) ? 200 : 404,
        headers,
        country: typeof country === 'string' ? country : undefined,
      }
      const counted = traffic.value.counts(view, referrer || null, waitUntilOf(c))
      after(c, view, counted)
      return c.body(null, 204)
    },
  )
  beacon.all('/', (c) => c.json({ error: 'Use POST.' }, 405, { Allow: 'POST' }))
  return beacon
}
