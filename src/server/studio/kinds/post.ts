/**
 * Posts as documents (`post:<slug>`, /admin/posts/<slug>): the repository's (content/blog) and the
 * console's, each checked and compiled as the build compiles a file (studio/services/posts.ts),
 * shown at /<slug>, on /blog, on the home page's teaser and in the feed.
 */
import { studio } from '../../../content/admin/studio'
import { documentOf, kindOf, slugOf } from '../../../lib/document-kinds'
import { applyEdition } from '../../../lib/edition'
import { localeOfDocument, sourceDocument } from '../../../lib/locale-documents'
import { localePath } from '../../../lib/locales'
import { postDocumentSchema, type Post } from '../../../schemas/posts'
import { compilePost } from '../services/posts'
import { compiled } from './compile'
import { compiledErrors } from './issues'
import {
  buildPostEditions,
  isPostEdition,
  listedPostEditions,
  postEditionLinks,
  postEditionProblems,
  translatedPostFields,
} from './post-editions'
import type { BuildInput, DocumentKindModule, KindPull, SiteForCheck } from './types'

const errors = async (doc: string, value: Record<string, unknown>, site: SiteForCheck) =>
  isPostEdition(doc)
    ? postEditionProblems(doc, value, site)
    : compiledErrors('post', await compilePost(value.post))

/** The repository's posts with their editions, and the console's posts, newest first. */
async function buildPosts({ defaults, live, memo, rejected }: BuildInput) {
  const { editions, hidden } = live
  const posts: Post[] = []
  const slugs = new Set(defaults.posts.map((post) => post.slug))
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
  for (const post of defaults.posts) {
    if (hidden.has(documentOf('post', post.slug))) continue
    const shown = await edited(post.slug, post.source, post)
    if (shown) posts.push(shown)
  }
  for (const doc of editions.keys()) {
    const slug = slugOf(doc)
    if (kindOf(doc) !== 'post' || !slug || slugs.has(slug) || isPostEdition(doc)) continue
    const shown = await edited(slug, undefined)
    if (shown) posts.push(shown)
  }
  return posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))
}

export const postKind: DocumentKindModule = {
  noun: studio.kinds.post,
  pinned: (doc, value) =>
    isPostEdition(doc) ? value : { post: { ...(value.post as object), slug: slugOf(doc) } },
  schema: postDocumentSchema,
  // A locale's edition holds only words, over an empty post (./post-editions.ts).
  defaults: (defaults, doc) => ({
    post: isPostEdition(doc) ? {} : defaults.posts.find((post) => post.slug === slugOf(doc))?.source,
  }),
  opens: (base) => base.post !== undefined,
  async build(input) {
    const posts = await buildPosts(input)
    const { editions } = input.live
    return { posts, localePosts: await buildPostEditions(posts, editions, input.memo, input.rejected) }
  },
  problems: errors,
  translated: translatedPostFields,
  // Only a post on the site has a German edition to translate (it starts from the published English).
  translatable: (site) =>
    site.posts.map((post) => ({ doc: documentOf('post', post.slug), title: post.title })),
  title: (doc, value) =>
    String((value?.post as { title?: string } | undefined)?.title || slugOf(sourceDocument(doc))),
  place(doc, site) {
    const slug = slugOf(sourceDocument(doc))
    return `“${site.posts.find((post) => post.slug === slug)?.title ?? slug}”`
  },
  back: studio.editor.backPosts,
  path(doc) {
    const locale = localeOfDocument(doc)
    return locale ? localePath(locale.code, `/${slugOf(locale.source)}`) : `/${slugOf(doc)}`
  },
  listed: listedPostEditions,
  async notes(doc, site, reads, isNew) {
    const slug = slugOf(doc) ?? ''
    const onSite = site.posts.some((post) => post.slug === slug)
    if (isNew) return { onSite }
    const listed = (await reads.posts.list())?.find((post) => post.slug === slug)
    const inRepository = reads.posts.inRepository(slug)
    return {
      onSite,
      addressNote: reads.words.posts.editor.slugFixed,
      verbs: {
        unpublish: listed?.status === 'published' || listed?.status === 'scheduled',
        revert: inRepository && listed?.source === 'edited',
        move: !inRepository,
        // A translation starts from the published English: none for a post not on the site.
        editions: onSite ? await postEditionLinks(doc, reads) : undefined,
      },
    }
  },
}

/** What content:pull writes of it (scripts/lib/content-pulls.ts). */
export const postPull: KindPull = {
  // A Markdown file in src/content/blog, unless its cover is in the media library (R2, not git).
  pull(doc, value, _edition, tools) {
    if (isPostEdition(doc))
      return { byHand: `${doc}: a translation made in the studio (content:pull writes English only)` }
    const cover = tools.coverByHand(doc, value.post)
    if (cover) return { byHand: cover }
    const slug = slugOf(doc)!
    return { file: `blog/${tools.postFile(slug) ?? slug}.md`, text: tools.markdownOf(value.post) }
  },
}
