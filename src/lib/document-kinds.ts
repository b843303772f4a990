/**
 * The studio's kinds of document, told apart by their names: a part of the site's copy
 * (`home-hero`), a post (`post:<slug>`) or a composed landing page (`page:<slug>`). Posts and
 * pages have an address of their own, at /<slug>, in one namespace.
 */

/** The kinds with an address, by the prefix of their documents' names. */
export const ADDRESSED_KINDS = { post: 'post:', page: 'page:' } as const
export type AddressedKind = keyof typeof ADDRESSED_KINDS
export type DocumentKind = 'copy' | AddressedKind

/**
 * @example kindOf('post:my-post') === 'post'
 * @example kindOf('home-hero') === 'copy'
 */
export function kindOf(doc: string): DocumentKind {
  for (const kind of Object.keys(ADDRESSED_KINDS) as AddressedKind[])
    if (doc.startsWith(ADDRESSED_KINDS[kind])) return kind
  return 'copy'
}

/**
 * A post's or a page's address (its slug); undefined for a part of the copy.
 *
 * @example slugOf('page:nrf-2027') === 'nrf-2027'
 */
export function slugOf(doc: string): string | undefined {
  const kind = kindOf(doc)
  return kind === 'copy' ? undefined : doc.slice(ADDRESSED_KINDS[kind].length)
}

/** @example documentOf('page', 'nrf-2027') === 'page:nrf-2027' */
export const documentOf = (kind: AddressedKind, slug: string): string => ADDRESSED_KINDS[kind] + slug
