/**
 * A studio document's edition in a locale other than the default (docs/locales.md, "The studio per
 * locale"): its own row of content_documents, named `<doc>@<code>` (`home-hero@de`), so its drafts,
 * publishes, history and restores are its own and never the English document's. A post's is named the
 * same way after its kind's prefix (`post:blog-1@de`).
 */

/**
 * @example localeDocument('home-hero', 'de') === 'home-hero@de'
 */
export const localeDocument = (doc: string, code: string): string => `${doc}@${code}`

/**
 * The English document and the locale of a locale edition's name; undefined for any other name.
 *
 * @example localeOfDocument('home-hero@de') // { source: 'home-hero', code: 'de' }
 * @example localeOfDocument('page:nrf-2027@de') // { source: 'page:nrf-2027', code: 'de' }
 * @example localeOfDocument('post:blog-1@de') // { source: 'post:blog-1', code: 'de' }
 * @example localeOfDocument('home-hero') === undefined
 */
export function localeOfDocument(doc: string): { source: string; code: string } | undefined {
  const match = /^((?:[a-z]+:)?[a-z0-9-]+)@([a-z]{2,3}(?:-[A-Za-z0-9]+)*)$/.exec(doc)
  return match ? { source: match[1]!, code: match[2]! } : undefined
}

/** The English document a name stands for: itself, or the source of a locale edition. */
export const sourceDocument = (doc: string): string => localeOfDocument(doc)?.source ?? doc
