/**
 * The site's content as visitors see it: the repository's copy and posts (the defaults) with the
 * studio's live editions applied field by field. Every field is checked by the schema of its place
 * in the copy (schemas/site-copy.ts), and then every part as a whole; a field that no longer fits
 * (a deploy changed its schema) is left out and the default shows, so a page never breaks. A post
 * is checked and compiled as the build compiles a file (studio/services/posts.ts).
 */
import { EDITABLE_DOCUMENTS } from '../../../content/documents'
import { ADDRESSED_KINDS, documentOf, kindOf, slugOf } from '../../../lib/document-kinds'
import { applyEdition, type Edition, valueAt } from '../../../lib/edition'
import {
  pageDocumentSchema,
  type ComposedPage,
  type ComposedPageDraft,
} from '../../../schemas/composed-pages'
import { postDocumentSchema, type Post } from '../../../schemas/posts'
import { siteCopySchema, type SiteContent, type SiteCopy } from '../../../schemas/site-copy'

export type { SiteContent } from '../../../schemas/site-copy'
import { schemaAt, unwrap } from '../../../lib/schema-walk'
import { compilePage, type CompiledPage } from './composed-pages'
import { compilePost, type CompiledPost } from './posts'

export const POST_PREFIX = ADDRESSED_KINDS.post
export const PAGE_PREFIX = ADDRESSED_KINDS.page

export interface ContentDefaults {
  copy: SiteCopy
  posts: Post[]
  /** The repository's landing pages (content/landing). */
  pages: ComposedPageDraft[]
}

/** What a build left out: a document's fields that did not fit, for one alert. */
export interface Rejected {
  doc: string
  fields: string[]
}

/** The schema a document's parts are paths in: the site's copy, a post's or a landing page's. */
export const documentSchema = (doc: string) =>
  ({ copy: siteCopySchema, post: postDocumentSchema, page: pageDocumentSchema })[kindOf(doc)]

/** The roots of a document of the copy (undefined for a post or an unknown name). */
export const rootsOf = (doc: string): readonly string[] | undefined =>
  EDITABLE_DOCUMENTS.find((document) => document.id === doc)?.roots

const under = (roots: readonly string[], path: string) =>
  roots.some((root) => path === root || path.startsWith(`${root}.`))

/** A document's edition, field by field: the fields that fit their place, and the others. */
function checkFields(roots: readonly string[], edition: Edition): { fields: Edition; rejected: string[] } {
  const fields: Edition = {}
  const rejected: string[] = []
  for (const [path, value] of Object.entries(edition)) {
    const schema = under(roots, path) ? schemaAt(siteCopySchema, path) : undefined
    const fits = schema && (value === null ? unwrap(schema).optional : schema.safeParse(value).success)
    if (fits) fields[path] = value
    else rejected.push(path)
  }
  return { fields, rejected }
}

/** The copy with the editions of its documents applied, each part checked whole. */
function buildCopy(defaults: SiteCopy, editions: Map<string, Edition>, rejected: Rejected[]): SiteCopy {
  let copy = defaults
  for (const document of EDITABLE_DOCUMENTS) {
    const edition = editions.get(document.id)
    if (!edition) continue
    const checked = checkFields(document.roots, edition)
    let next = applyEdition(copy, checked.fields)
    for (const root of document.roots) {
      if (schemaAt(siteCopySchema, root)!.safeParse(valueAt(next, root)).success) continue
      next = applyEdition(next, { [root]: valueAt(defaults, root) })
      checked.rejected.push(...Object.keys(checked.fields).filter((path) => under([root], path)))
    }
    copy = next
    if (checked.rejected.length) rejected.push({ doc: document.id, fields: checked.rejected })
  }
  return copy
}

/** A post's or a landing page's compiled form, remembered by its source (the same text compiles once per isolate). */
export type CompileMemo = Map<string, CompiledPost | CompiledPage>

async function compiled(draft: unknown, memo: CompileMemo): Promise<CompiledPost>
async function compiled(draft: unknown, memo: CompileMemo, kind: 'page'): Promise<CompiledPage>
async function compiled(draft: unknown, memo: CompileMemo, kind: 'post' | 'page' = 'post') {
  const key = kind + JSON.stringify(draft)
  const known = memo.get(key)
  if (known) return known
  const result = kind === 'page' ? await compilePage(draft) : await compilePost(draft)
  if (memo.size >= 500) memo.delete(memo.keys().next().value!)
  memo.set(key, result)
  return result
}

/** The repository's posts with their editions, and the console's posts, newest first. */
async function buildPosts(defaults: Post[], live: LiveEditions, memo: CompileMemo, rejected: Rejected[]) {
  const { editions, hidden } = live
  const posts: Post[] = []
  const slugs = new Set(defaults.map((post) => post.slug))
  const edited = async (slug: string, source: unknown, fallback?: Post) => {
    const doc = documentOf('post', slug)
    const edition = editions.get(doc)
    if (!edition) return fallback
    const result = await compiled(applyEdition({ post: source }, edition).post, memo)
    if ('post' in result && result.post.slug === slug) {
      // A repository post keeps the card the build made from its cover, while the cover is the same.
      const sameCover = fallback?.socialImage && result.post.image.src === fallback.image.src
      return sameCover ? { ...result.post, socialImage: fallback.socialImage } : result.post
    }
    rejected.push({ doc, fields: Object.keys(edition) })
    return fallback
  }
  for (const post of defaults) {
    if (hidden.has(documentOf('post', post.slug))) continue
    const shown = await edited(post.slug, post.source, post)
    if (shown) posts.push(shown)
  }
  for (const doc of editions.keys()) {
    const slug = slugOf(doc)
    if (kindOf(doc) !== 'post' || !slug || slugs.has(slug)) continue
    const shown = await edited(slug, undefined)
    if (shown) posts.push(shown)
  }
  return posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))
}

/**
 * The repository's landing pages with their editions, and the console's with a live edition, in
 * address order. An edition that no longer fits is left out: the repository's page shows, else none.
 */
async function buildPages(
  defaults: ComposedPageDraft[],
  live: LiveEditions,
  memo: CompileMemo,
  rejected: Rejected[],
) {
  const pages: ComposedPage[] = []
  const repository = new Map(defaults.map((page) => [documentOf('page', page.slug), page]))
  for (const doc of new Set([...repository.keys(), ...live.editions.keys()])) {
    if (kindOf(doc) !== 'page' || live.hidden.has(doc)) continue
    const edition = live.editions.get(doc)
    const source = repository.get(doc)
    let result = await compiled(applyEdition({ page: source }, edition ?? {}).page, memo, 'page')
    if (edition && !('page' in result && documentOf('page', result.page.slug) === doc)) {
      rejected.push({ doc, fields: Object.keys(edition) })
      if (!source) continue
      result = await compiled(source, memo, 'page')
    }
    if ('page' in result) pages.push({ ...result.page, publishedAt: live.publishedAt?.get(doc) })
  }
  return pages.sort((a, b) => a.slug.localeCompare(b.slug))
}

/** The live editions by document, and the posts and pages taken off the site. */
export interface LiveEditions {
  editions: Map<string, Edition>
  hidden: Set<string>
  /** When each live edition was published. */
  publishedAt?: Map<string, string>
}

/** The site as visitors see it under these live editions. */
export async function buildSite(
  defaults: ContentDefaults,
  live: LiveEditions,
  stamp: number,
  memo: CompileMemo,
): Promise<{ site: SiteContent; rejected: Rejected[] }> {
  const rejected: Rejected[] = []
  const copy = buildCopy(defaults.copy, live.editions, rejected)
  const posts = await buildPosts(defaults.posts, live, memo, rejected)
  const pages = await buildPages(defaults.pages, live, memo, rejected)
  const gone = [...live.hidden].filter((doc) => kindOf(doc) === 'page').map((doc) => slugOf(doc)!)
  return { site: { stamp, copy, posts, pages, gonePages: gone.sort() }, rejected }
}
