/**
 * A post written or edited in the console becomes a page exactly as a repository post does:
 * its frontmatter checked by the same schema (schemas/posts.ts), its Markdown by the same guard
 * (no raw HTML that can act, no unsafe address), and compiled by the same compiler
 * (lib/markdown.ts). Pictures must carry their size, so a page never shifts: the cover says it,
 * and a picture in the text is a media-library picture or one the build made.
 *
 * The compiler (marked, about 16 KiB gzip) is imported with the first console post an isolate
 * compiles: the repository's posts were compiled at build, so most isolates never need it.
 */
import type { z } from 'zod'
import { libraryImageOf, rasterImageFor } from '../../../lib/media'
import { largestUrlOf } from '../../../lib/picture'
import { postDraftSchema, type Post, type PostDraft } from '../../../schemas/posts'

/** What is wrong with a draft: the field (`body` for the text), the text's line if any, and why. */
export interface PostProblem {
  field: string
  line?: number
  message: string
  /** The schema's finding, for the studio to say in its words. */
  issue?: z.core.$ZodIssue
}

/** A picture's size and built variants, when the page can know them without asking anything. */
function pictureOf(src: string) {
  const raster = rasterImageFor(src)
  if (raster) return { width: raster.width, height: raster.height, raster }
  const library = libraryImageOf(src)
  return library ? { width: library.width, height: library.height } : undefined
}

export type CompiledPost = { post: Post } | { problems: PostProblem[] }

/** Checks a draft and compiles it; the problems when it is not one the site can show. */
export async function compilePost(input: unknown): Promise<CompiledPost> {
  const checked = postDraftSchema.safeParse(input)
  if (!checked.success)
    return {
      problems: checked.error.issues.map((issue) => ({
        field: issue.path.join('.') || 'post',
        message: issue.message,
        issue,
      })),
    }
  const draft: PostDraft = checked.data
  const { imagesOf, lexMarkdown, pictureHtml, readingMinutes, renderMarkdown, unsafeMarkup } =
    await import('../../../lib/markdown')
  const tokens = lexMarkdown(draft.body)
  const problems: PostProblem[] = unsafeMarkup(tokens, draft.body).map(({ line, problem }) => ({
    field: 'body',
    line,
    message: problem,
  }))
  const pictures = new Map<string, string>()
  for (const image of imagesOf(tokens)) {
    const picture = pictureOf(image.href)
    if (!picture) {
      problems.push({
        field: 'body',
        line: draft.body.slice(0, draft.body.indexOf(image.raw)).split('\n').length,
        message: `the picture "${image.href.slice(0, 80)}" is not in the media library: upload it there and use its address`,
      })
    } else pictures.set(image.href, pictureHtml(image.href, image.text, picture))
  }
  if (problems.length) return { problems }
  const { html, words } = renderMarkdown(tokens, {
    introClass: 'article-intro',
    picture: (image) => pictures.get(image.href) ?? '',
  })
  const cover = rasterImageFor(draft.image.src)
  const { body: _body, ...frontmatter } = draft
  return {
    post: {
      ...frontmatter,
      imageUrl: cover ? largestUrlOf(cover) : draft.image.src,
      ...(cover ? { socialImage: largestUrlOf(cover) } : {}),
      html,
      readingMinutes: readingMinutes(words),
      source: draft,
    },
  }
}
