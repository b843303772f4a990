import { DEFAULT_LOCALE, localePath } from '../lib/locales'
import { pageRoutes, routeLocales } from './page-table'

/**
 * A site path as a page in `code` links it: a fixed page published in that locale (and a home
 * section, `/#id`) gets the locale's address; anything else (a post, a legal page, another site) is
 * left as it is.
 */
export function localHrefIn(code: string): (href: string) => string {
  if (code === DEFAULT_LOCALE) return (href) => href
  return (href) => {
    if (!href.startsWith('/') || href.startsWith('//')) return href
    const cut = href.search(/[?#]/)
    const path = (cut < 0 ? href : href.slice(0, cut)) || '/'
    const route = pageRoutes.find((candidate) => candidate.path === path)
    if (!route || !routeLocales(route).includes(code)) return href
    return localePath(code, path) + (cut < 0 ? '' : href.slice(cut))
  }
}
