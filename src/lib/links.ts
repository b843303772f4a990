/**
 * Where a link in the content points. Content names a target by meaning (a home section, a site
 * path, an external address, or the configurable 3D viewer); components turn it into an href.
 */
export type LinkTarget = { section: string } | { path: string } | { url: string } | { viewer: true }

/**
 * What screen readers hear after a link that opens a new tab, from the page's locale's words
 * (`ui.newTab`, "opens in a new tab"): the same shape for server links and island links alike.
 */
export const newTabNote = (words: string) => ` (${words})`

interface ResolvedLink {
  href: string
  /** External addresses (and the viewer) open in a new tab. */
  newTab: boolean
}

/**
 * Home anchors are absolute (`/#id`) so they work from every page and without JavaScript.
 *
 * @example resolveTarget({ section: 'sec-contact' }, v) // { href: '/#sec-contact', newTab: false }
 */
export function resolveTarget(target: LinkTarget, view3dUrl: string): ResolvedLink {
  if ('section' in target) return { href: `/#${target.section}`, newTab: false }
  if ('path' in target) return { href: target.path, newTab: false }
  if ('url' in target) return { href: target.url, newTab: isHttpUrl(target.url) }
  return { href: view3dUrl, newTab: true }
}

function isHttpUrl(href: string): boolean {
  return /^https?:\/\//i.test(href)
}
