/**
 * What the worker answers when nothing else does. An address the site does not serve: a console
 * redirect, if one takes it (the request's query goes along, so a campaign link to an old address
 * keeps its attribution), else the 404 page, which counts as a 404 view of the site unless the
 * address is under the APIs or the console (lib/worker-addresses.ts MOUNTS). And an error: the
 * error page, with an alert that names the path (no share link's or invitation's token goes with it).
 */
import type { ErrorHandler, NotFoundHandler } from 'hono'
import { log, redacted } from '../../lib/log'
import { withQuery } from '../../lib/redirect-rules'
import { apartFromSite } from '../../lib/worker-addresses'
import { notFoundPage, notFoundPageIn } from '../../pages/NotFoundPage'
import { localeWords } from '../../content/locales'
import { DEFAULT_LOCALE, localeOfPath, localePath } from '../../lib/locales'
import type { AppEnv } from '../app-env'
import { waitUntilOf } from '../platform'
import { renderErrorPage } from './render'
import { chooseArms, countView } from './views'

export const notFound: NotFoundHandler<AppEnv> = async (c) => {
  const url = new URL(c.req.url)
  const redirect =
    c.req.method === 'GET' || c.req.method === 'HEAD'
      ? await c.var.services.studio.redirects.lookup(url.pathname)
      : null
  if (redirect) return c.redirect(withQuery(redirect.location, url.search), redirect.status as 301 | 302)
  log.warn('pages', '404 Not Found', { path: url.pathname })
  const ofTheSite = !apartFromSite(url.pathname)
  if (ofTheSite) await chooseArms(c)
  // Under a locale's prefix (/de/…), the page is in that locale's words and links its home.
  const locale = localeOfPath(url.pathname)
  const page =
    locale === DEFAULT_LOCALE
      ? notFoundPage
      : notFoundPageIn((await localeWords(locale)).chrome.notFound, localePath(locale, '/'))
  const response = await c.render(page, { status: 404, path: null, locale })
  if (ofTheSite) countView(c, 404)
  return response
}

export const errorPage: ErrorHandler<AppEnv> = (error, c) => {
  const path = redacted(new URL(c.req.url).pathname)
  log.error('app', 'Unhandled error', { path, error })
  const alerts = c.var.services?.platform.alerts
  if (alerts) waitUntilOf(c).waitUntil(alerts.siteError(`500 on ${path}`, error))
  return renderErrorPage(c, error)
}
