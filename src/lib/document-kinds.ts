/**
 * The studio's kinds of document, told apart by their names: a part of the site's copy
 * (`home-hero`), a post (`post:<slug>`) or a composed landing page (`page:<slug>`). Posts and
 * pages have an address of their own, at /<slug>, in one namespace.
 */

import type { AdminPart } from './console-parts'

/**
 * Each kind of document, in one row: the prefix of its documents' names ('' for the copy) and the
 * console part whose list it is edited under (lib/console-parts.ts), which gives its editor's address,
 * and whether its documents carry a form of their own (a campaign's, whose starts are counted).
 */
export const DOCUMENT_KINDS = {
  copy: { prefix: '', part: 'content', ownForm: false },
  post: { prefix: 'post:', part: 'posts', ownForm: false },
  page: { prefix: 'page:', part: 'landing', ownForm: true },
} as const satisfies Record<string, { prefix: string; part: AdminPart; ownForm: boolean }>
export type DocumentKind = keyof typeof DOCUMENT_KINDS
export type AddressedKind = Exclude<DocumentKind, 'copy'>

/** The kinds with an address, by the prefix of their documents' names. */
export const ADDRESSED_KINDS = {
  post: DOCUMENT_KINDS.post.prefix,
  page: DOCUMENT_KINDS.page.prefix,
} as const satisfies Record<AddressedKind, string>

/** A kind's row: its documents' prefix ('' for the one kind without an address) and console part. */
export type DocumentKindRow = { readonly prefix: string; readonly part: AdminPart }

/** A registry of kinds: each one's row. */
export type DocumentKindRows<K extends string> = Record<K, DocumentKindRow>

/**
 * How names are told apart under a registry of kinds: the only code that reads a prefix. The
 * site's names come from DOCUMENT_KINDS below; a test hands in a registry with a kind more.
 */
export function documentNames<K extends string>(kinds: DocumentKindRows<K>) {
  // Read on each call: a test may add a row to the site's registry (extendDocumentKinds).
  const all = () => Object.keys(kinds) as K[]
  const addressed = () => all().filter((kind) => kinds[kind].prefix !== '')
  const kindOf = (doc: string): K =>
    addressed().find((kind) => doc.startsWith(kinds[kind].prefix)) ??
    all().find((kind) => kinds[kind].prefix === '')!
  /** Whether a part lists the copy, whose documents its addresses name whole (/admin/content/<name>). */
  const namesWhole = (part: AdminPart) =>
    all().some((kind) => kinds[kind].part === part && !kinds[kind].prefix)
  const slugOf = (doc: string): string | undefined => {
    const { prefix } = kinds[kindOf(doc)]
    return prefix ? doc.slice(prefix.length) : undefined
  }
  return {
    kindOf,
    slugOf,
    /** The documents of the other kinds that would have `doc`'s address: one address space for all. */
    sharingAddress(doc: string): string[] {
      const slug = slugOf(doc)
      if (slug === undefined) return []
      return addressed()
        .filter((kind) => kind !== kindOf(doc))
        .map((kind) => kinds[kind].prefix + slug)
    },
    documentOf: (kind: K, slug: string): string => kinds[kind].prefix + slug,
    /** The console part a document is edited under, whose list shows it. */
    partOf: (doc: string): AdminPart => kinds[kindOf(doc)].part,
    /** What a document's editor address under its part names it by: its slug, or its whole name under the copy's part. */
    idOf: (doc: string): string => (namesWhole(kinds[kindOf(doc)].part) ? doc : (slugOf(doc) ?? doc)),
    /** The document a part's editor address names (the inverse of idOf). */
    documentAt(part: AdminPart, id: string): string {
      if (namesWhole(part)) return id
      return kinds[all().find((kind) => kinds[kind].part === part)!].prefix + id
    },
  }
}

/** The site's rows, and a test's kind more while it runs (extendDocumentKinds). */
const SITE_ROWS: DocumentKindRows<string> = { ...DOCUMENT_KINDS }
const siteNames = documentNames<DocumentKind>(SITE_ROWS as DocumentKindRows<DocumentKind>)

/** A test's hook (studio/kinds/index.ts addKindForTest): one row more until the returned function removes it. */
export function extendDocumentKinds(name: string, row: DocumentKindRow): () => void {
  if (name in SITE_ROWS) throw new Error(`the kind ${name} is already a row`)
  SITE_ROWS[name] = row
  return () => {
    delete SITE_ROWS[name]
  }
}

/**
 * @example kindOf('post:my-post') === 'post'
 * @example kindOf('home-hero') === 'copy'
 */
export const kindOf: (doc: string) => DocumentKind = siteNames.kindOf

/**
 * A post's or a page's address (its slug); undefined for a part of the copy.
 *
 * @example slugOf('page:nrf-2027') === 'nrf-2027'
 */
export const slugOf: (doc: string) => string | undefined = siteNames.slugOf

/**
 * Every other document that would have this one's address, whatever its kind (review U7).
 *
 * @example sharingAddress('post:nrf-2027') → ['page:nrf-2027']
 * @example sharingAddress('home-hero') → []
 */
export const sharingAddress: (doc: string) => string[] = siteNames.sharingAddress

/** @example documentOf('page', 'nrf-2027') === 'page:nrf-2027' */
export const documentOf: (kind: AddressedKind, slug: string) => string = siteNames.documentOf

/** @example partOf('post:my-post') === 'posts' */
export const partOf: (doc: string) => AdminPart = siteNames.partOf

/** @example idOf('post:my-post') === 'my-post'; idOf('home-hero') === 'home-hero' */
export const idOf: (doc: string) => string = siteNames.idOf

/** @example documentAt('posts', 'my-post') === 'post:my-post'; documentAt('content', 'home-hero') === 'home-hero' */
export const documentAt: (part: AdminPart, id: string) => string = siteNames.documentAt
