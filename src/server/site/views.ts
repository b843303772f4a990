/**
 * A visitor's view of a page of the site, around its render: before, the arms of the running
 * experiments the visitor is shown (`c.var.assignment`, which the renderer draws the page with:
 * site/page-state.ts); after, the view counted (traffic/services/traffic.ts decides whether it is
 * one) and, side by side, the arms' exposure once the view is counted. Both are buffered, never
 * awaited. Only the site's routes (./index.ts) and its 404 page come here: the console and the
 * APIs never do.
 */
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env'
import { DEFAULT_LOCALE } from '../../lib/locales'
import { localeWords } from '../../pages/locale-content'
import { landingPagePaths, pagePaths } from '../../pages/page-table'
import type { SiteContent } from '../../schemas/site-copy'
import { waitUntilOf } from '../platform'
import type { ContactSite } from '../leads/routes/contact'
import type { AfterStart } from '../traffic/routes/form-start-beacon'
import type { AfterView } from '../traffic/routes/view-beacon'
import type { ArmsOf } from '../traffic/routes/vitals-beacon'

/** The arms this visitor is shown: a GET or HEAD is tried in the running experiments, anything else sees the live site. */
export async function chooseArms(c: Context<AppEnv>): Promise<void> {
  const tried = c.req.method === 'GET' || c.req.method === 'HEAD'
  const experiments = c.var.services.experiments.edge
  c.set('assignment', tried ? await experiments.assign(c.req.raw.headers, new URL(c.req.url)) : null)
}

/**
 * `page`: the path of the page the route serves (its own path, or `/<slug>`), which the view is
 * counted under whatever percent-encoded spelling the request used (security review U2).
 */
export function countView(c: Context<AppEnv>, status = c.res.status, page?: string): void {
  const { counter: traffic } = c.var.services.traffic
  // A store that cannot run was logged once when it was chosen (server/isolate.ts).
  if (!traffic.ok) return
  const country = (c.req.raw.cf as { country?: unknown } | undefined)?.country
  const view = {
    method: c.req.method,
    url: c.req.url,
    status,
    headers: c.req.raw.headers,
    country: typeof country === 'string' ? country : undefined,
    page,
  }
  const counted = traffic.value.counts(view, c.req.header('Referer') ?? null, waitUntilOf(c))
  // A view of a page that shows a tested document is also its arm's exposure, once it is counted.
  c.var.services.experiments.edge.expose(view, waitUntilOf(c), counted, c.get('assignment'))
}

/**
 * On the page route at `path`: its arms before the page (in another locale than the default's, a
 * page shows only the arms of experiments on that locale's editions), and its view, under that
 * path, once it is answered.
 */
export const pageView = (path: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await chooseArms(c)
    await next()
    countView(c, c.res.status, path)
  })

/** The addresses of the site's pages in each edition of the site, listed once per edition. */
const pathsOf = new WeakMap<SiteContent, readonly string[]>()

/** The beacons' pages: the addresses the site serves now (a view of any other path is a 404's). */
export async function sitePaths(c: Context<AppEnv>): Promise<readonly string[]> {
  const site = await c.var.services.studio.content.current()
  let paths = pathsOf.get(site)
  if (!paths) pathsOf.set(site, (paths = pagePaths(site)))
  return paths
}

/** An activated prerender of a tested page is its arm's exposure, once, when its view is counted. */
export const exposePrerender: AfterView = (c, view, counted) =>
  c.var.services.experiments.edge.expose(view, waitUntilOf(c), counted)

/** A field speed beacon's loading and response count for the versions its page showed (traffic knows no experiment). */
export const armsShown: ArmsOf = (c, page) =>
  c.var.services.experiments.edge.shownOn(c.req.raw.headers, new URL(c.req.url), page)

/** The start beacon's pages: the landing pages the site serves now, whose forms may be started. */
export async function landingPaths(c: Context<AppEnv>): Promise<readonly string[]> {
  return landingPagePaths(await c.var.services.studio.content.current())
}

/** A counted form start on a tested page is also a start of the arm its visitor was shown. */
export const startInArms: AfterStart = (c, page, counted) =>
  c.var.services.experiments.edge.started(
    c.req.raw.headers,
    new URL(c.req.url),
    page,
    waitUntilOf(c),
    counted,
  )

/**
/**
 * The contact API's view of the site: a lead counts for the arms its visitor saw, a campaign's
 * form is read from the landing pages as this visitor is shown them (an experiment's version of the
 * page, its form included, else the published one), so a post of version B's form is checked by
 * B's fields, and the form's words in a locale come from that locale's words (leads know neither
 * experiments, nor the studio, nor the words of the site).
 */
export const contactSite: ContactSite = {
  credit: (c, id) => c.var.services.experiments.edge.credit(id, c.req.raw.headers, new URL(c.req.url)),
  pages: async (c, locale) => {
    // A page in another locale is drawn with the arms of experiments on that locale's editions only.
    const experiments = c.var.services.experiments.edge
    const shown = await experiments.contentFor(
      await experiments.assign(c.req.raw.headers, new URL(c.req.url)),
      locale,
    )
    const site = shown?.site ?? (await c.var.services.studio.content.current())
    return locale === DEFAULT_LOCALE ? site.pages : (site.localePages?.[locale] ?? [])
  },
  // Another locale's words load with its chunk, as its first page's do (content/locales/).
  words: async (locale) => (await localeWords(locale)).chrome.contact,
}
