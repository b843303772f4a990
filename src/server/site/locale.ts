/**
 * A page's locale as the renderer needs it (docs/locales.md): the locale a route serves it in, its
 * versions, and the one the visitor's Accept-Language prefers when that is another than the page's:
 * the banner's offer. Never a redirect and never a cookie: a request without Accept-Language (a
 * crawler) gets no offer, and the page cache keys on the offer, so a page has at most one variant
 * per locale and one without.
 */
import type { Context } from 'hono'
import { DEFAULT_LOCALE, preferredLocale, type Alternate } from '../../lib/locales'
import type { AppEnv } from '../app-env'
import type { PageLocale } from './page-state'

/** What a route says of its page's language: its locale, and its versions (none for a page in one). */
export interface LocaleOptions {
  locale?: string
  alternates?: readonly Alternate[]
}

export function pageLocale(c: Context<AppEnv>, options: LocaleOptions, preview: boolean): PageLocale {
  const locale = options.locale ?? DEFAULT_LOCALE
  const alternates = options.alternates ?? []
  // A preview shows a draft to its editor: no offer of another page.
  if (preview || alternates.length < 2) return { locale, alternates }
  const preferred = preferredLocale(
    c.req.header('Accept-Language'),
    alternates.map((alternate) => alternate.code),
  )
  const suggestion = preferred === locale ? undefined : alternates.find((a) => a.code === preferred)
  return { locale, alternates, suggestion }
}
