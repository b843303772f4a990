/**
 * The documents in other locales an experiment can test (docs/experiments.md, "How it works", A
 * German edition): a document's edition visitors see now at its locale's address (/de/…).
 */
import { EDITABLE_DOCUMENTS } from '../../../content/documents'
import { documentOf } from '../../../lib/document-kinds'
import { localeDocument, localeOfDocument } from '../../../lib/locale-documents'
import { DEFAULT_LOCALE, locales } from '../../../lib/locales'
import type { SiteContent } from '../../../schemas/site-copy'
import type { ContentService, PageDesk, PostDesk } from '../../studio'

/** A document's edition in another locale that visitors see now, which an experiment can test. */
export interface TestableEdition {
  doc: string
  /** The English document it is the edition of. */
  source: string
  code: string
}

/**
 * The editions in other locales on the site now: every part of the copy (each locale's pages show
 * its words, the repository's until one is published), and each post and landing page with a
 * published edition.
 */
function liveEditions(site: SiteContent): TestableEdition[] {
  return locales()
    .filter(({ code }) => code !== DEFAULT_LOCALE)
    .flatMap(({ code }) =>
      [
        ...EDITABLE_DOCUMENTS.map((document) => document.id as string),
        ...(site.localePages?.[code] ?? []).map((page) => documentOf('page', page.slug)),
        ...(site.localePosts?.[code] ?? []).map((post) => documentOf('post', post.slug)),
      ].map((source) => ({ doc: localeDocument(source, code), source, code })),
    )
}

/** The posts and landing pages an experiment can test (the copy's documents are EDITABLE_DOCUMENTS), and the editions. */
export async function testableDocuments(
  listings: { posts: Pick<PostDesk, 'list'>; landingPages: Pick<PageDesk, 'list'> },
  content: Pick<ContentService, 'current'>,
) {
  const site = content.current()
  const [posts, landingPages] = await Promise.all([listings.posts.list(), listings.landingPages.list()])
  return { posts, landingPages, editions: liveEditions(await site) }
}

/**
 * Whether an experiment can be made on `doc`: any English document (the studio says whether it has
 * a draft), or an edition in another locale visitors see now, whose values are then lent (its
 * locale's words, or its English page), as the studio's editor lends them.
 */
export async function testableNow(content: Pick<ContentService, 'current' | 'lendLocale'>, doc: string) {
  const shown = liveEditions(await content.current()).some((edition) => edition.doc === doc)
  if (localeOfDocument(doc) && !shown) return false
  await content.lendLocale(doc)
  return true
}
