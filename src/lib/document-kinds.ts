/**
 * The studio's kinds of document, told apart by their names: a part of the site's copy
 * (`home-hero`), a post (`post:<slug>`) or a composed landing page (`page:<slug>`). Posts and
 * pages have an address of their own, at /<slug>, in one namespace.
 */

import type { AdminPart } from './console-parts'

/**
 * Each kind of document, in one row: the prefix of its documents' names ('' for the copy) and the
 * console part whose list it is edited under (lib/console-parts.ts), which gives its editor's address.
 */
export const DOCUMENT_KINDS = {
  copy: { prefix: '', part: 'content' },
  post: { prefix: 'post:', part: 'posts' },
  page: { prefix: 'page:', part: 'landing' },
} as const satisfies Record<string, { prefix: string; part: AdminPart }>
export type DocumentKind = keyof typeof DOCUMENT_KINDS
export type AddressedKind = Exclude<DocumentKind, 'copy'>

/** The kinds with an address, by the prefix of their documents' names. */
export const ADDRESSED_KINDS = {
  post: DOCUMENT_KINDS.post.prefix,
  page: DOCUMENT_KINDS.page.prefix,
} as const satisfies Record<AddressedKind, string>

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
