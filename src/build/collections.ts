/**
 * The Markdown collections (src/content/blog, src/content/legal), read and checked at build time:
 * each file's frontmatter is parsed (yaml) and checked with its zod schema (src/schemas/posts.ts),
 * its images must exist, and its text is compiled to HTML. Any problem throws a ContentError that
 * names the file, the field and the reason, which fails the build.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { z } from 'zod'
import { parse as parseYaml } from 'yaml'
import { largestUrlOf } from '../lib/picture.ts'
import {
  blogFrontmatterSchema,
  legalFrontmatterSchema,
  legalSlugSchema,
  mediaImageSchema,
  type LegalDocument,
  type Post,
} from '../schemas/posts.ts'
import {
  imagesOf,
  lexMarkdown,
  pictureHtml,
  readingMinutes,
  renderMarkdown,
  unsafeMarkup,
} from '../lib/markdown.ts'
import type { MediaPipeline } from './media.ts'

export class ContentError extends Error {
  override name = 'ContentError'
}

interface Entry<T> {
  /** Path from the project root, for messages. */
  name: string
  data: T
  body: string
  /** The file's line number of the body's first line (after the frontmatter). */
  bodyLine: number
}

/** Parses and checks one Markdown file's frontmatter; throws a ContentError naming the file and field. */
export function parseEntry<S extends z.ZodType>(name: string, text: string, schema: S): Entry<z.infer<S>> {
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text)
  if (!match) throw new ContentError(`${name}: no frontmatter (the file must start with a "---" block)`)
  let data: unknown
  try {
    data = parseYaml(match[1] ?? '')
  } catch (error) {
    throw new ContentError(`${name}: the frontmatter is not valid YAML: ${(error as Error).message}`)
  }
  const result = schema.safeParse(data ?? {})
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const field = issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : '')
      return `${name}: frontmatter field "${field}": ${issue.message}`
    })
    throw new ContentError(lines.join('\n'))
  }
  const bodyLine = match[0].split('\n').length - (match[0].endsWith('\n') ? 0 : 1)
  return { name, data: result.data, body: text.slice(match[0].length), bodyLine }
}

function readCollection<S extends z.ZodType>(root: string, dir: string, schema: S): Entry<z.infer<S>>[] {
  const folder = join(root, dir)
  return readdirSync(folder)
    .filter((file) => /\.md$/.test(file))
    .sort()
    .map((file) =>
      parseEntry(relative(root, join(folder, file)), readFileSync(join(folder, file), 'utf8'), schema),
    )
}

/** Compiles one entry's text, with its images built by the media pipeline. */
async function compileBody(entry: Entry<unknown>, media: MediaPipeline, introClass: string) {
  const tokens = lexMarkdown(entry.body)
  const unsafe = unsafeMarkup(tokens, entry.body)
  if (unsafe.length)
    throw new ContentError(
      unsafe.map(({ line, problem }) => `${entry.name}:${entry.bodyLine + line - 1}: ${problem}`).join('\n'),
    )
  const pictures = new Map<string, string>()
  for (const image of imagesOf(tokens)) {
    const checked = mediaImageSchema.safeParse(image.href)
    if (!checked.success)
      throw new ContentError(`${entry.name}: image "${image.href}": ${checked.error.issues[0]?.message}`)
    const described = await describeImage(entry.name, `image "${image.href}"`, image.href, media)
    pictures.set(image.href, pictureHtml(image.href, image.text, described))
  }
  return renderMarkdown(tokens, { introClass, picture: (image) => pictures.get(image.href) ?? '' })
}

async function describeImage(name: string, what: string, path: string, media: MediaPipeline) {
  try {
    return await media.describe(path)
  } catch (error) {
    throw new ContentError(`${name}: ${what}: ${(error as Error).message}`)
  }
}

/** The blog: one post per file, newest first. */
export async function loadPosts(root: string, media: MediaPipeline): Promise<Post[]> {
  const entries = readCollection(root, 'src/content/blog', blogFrontmatterSchema)
  const posts: Post[] = []
  for (const entry of entries) {
    const other = entries.find((e) => e !== entry && e.data.slug === entry.data.slug)
    if (other)
      throw new ContentError(
        `${entry.name}: frontmatter field "slug": "${entry.data.slug}" is also the slug of ${other.name}`,
      )
    const image = await describeImage(entry.name, 'frontmatter field "image"', entry.data.image, media)
    const { html, words } = await compileBody(entry, media, 'article-intro')
    const cover = { src: entry.data.image, alt: '', width: image.width, height: image.height }
    posts.push({
      ...entry.data,
      image: cover,
      source: { ...entry.data, image: cover, body: entry.body },
      imageUrl: image.raster ? largestUrlOf(image.raster) : entry.data.image,
      socialImage: await media.socialCardOf(entry.data.image),
      html,
      readingMinutes: readingMinutes(words),
    })
  }
  return posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))
}

/** The legal pages, one per file, in the order of their slugs (the footer's). */
export async function loadLegalDocuments(root: string, media: MediaPipeline): Promise<LegalDocument[]> {
  const entries = readCollection(root, 'src/content/legal', legalFrontmatterSchema)
  const documents: LegalDocument[] = []
  for (const slug of legalSlugSchema.options) {
    const found = entries.filter((e) => e.data.slug === slug)
    if (found.length !== 1)
      throw new ContentError(
        `src/content/legal: ${found.length} files have the slug "${slug}" (one is expected)`,
      )
    const [entry] = found as [(typeof found)[number]]
    const { html } = await compileBody(entry, media, 'page-text legal-intro')
    documents.push({ ...entry.data, html })
  }
  return documents
}
