/**
 * Frontmatter of the Markdown content (src/content/blog/*.md, src/content/legal/*.md), checked at
 * build time by src/build/collections.ts: a file that breaks a rule fails the build with its name,
 * the field and the reason. The compiled shapes the pages receive are below the schemas.
 */
import { z } from 'zod'
import { DEFAULT_LOCALE, LOCALES } from '../lib/locales.ts'
import type { ImageContent } from './content'

const text = z.string().trim().min(1)

/** Addresses other pages hold (the page table, worker.ts, each locale's prefix); a post cannot take them. */
const RESERVED_SLUGS: string[] = [
  ...LOCALES.filter((row) => row.code !== DEFAULT_LOCALE).map((row) => row.code),
  'about-us',
  'try-on',
  'gaming',
  'try',
  'blog',
  'update',
  'admin',
  'api',
  'ecommerce',
  'review',
]

/** Lower-case words joined by hyphens: the page's address under the site root. */
const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case letters, digits and single hyphens, e.g. "my-first-post"')

/** A calendar date written YYYY-MM-DD that exists (2025-02-30 does not). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date written YYYY-MM-DD')
  .refine((value) => {
    const day = new Date(`${value}T00:00:00Z`)
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value)
  }, 'not a real date')

/** An image under /media: a raster original in src/media (built into AVIF and WebP) or a file in public/media. */
export const mediaImageSchema = z
  .string()
  .regex(
    /^\/media\/[\w\-/]+\.(svg|png|jpe?g|webp|avif)$/,
    'a /media/… path of an .svg, .png, .jpg, .webp or .avif image',
  )

export const legalSlugSchema = z.enum([
  'privacy-policy',
  'terms-and-conditions',
  'cancellation-and-refunds',
  'refund-policy',
  'shipping-policy',
])

/** The page title is the post title plus " — XR Stores", at most 70 characters in all. */
const TITLE_MAX = 58

/** A post's address: a slug no other page holds. */
export const postSlugSchema = slugSchema.refine(
  (slug) => !RESERVED_SLUGS.includes(slug) && !legalSlugSchema.options.includes(slug as never),
  'that address belongs to another page',
)

const postFields = {
  title: text.max(TITLE_MAX),
  description: text.min(50).max(170),
  date: isoDateSchema,
  author: text.max(80),
  slug: postSlugSchema,
}

export const blogFrontmatterSchema = z.strictObject({ ...postFields, image: mediaImageSchema })
export type BlogFrontmatter = z.infer<typeof blogFrontmatterSchema>

/**
 * A post as the studio edits it, and as a repository post's source: its frontmatter, its cover
 * (with its size, so the page reserves its space) and its Markdown text, checked as the build
 * checks a file (studio/services/posts.ts runs the same Markdown guard).
 */
export const postDraftSchema = z.strictObject({
  ...postFields,
  image: z
    .strictObject({
      src: mediaImageSchema,
      alt: z.string().max(300),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
    })
    .meta({ studio: 'image' }),
  body: z.string().trim().min(1, 'write the post').max(100_000).meta({ studio: 'markdown' }),
})
export type PostDraft = z.infer<typeof postDraftSchema>

/** A post as one studio document: its one part, `post`. */
export const postDocumentSchema = z.strictObject({ post: postDraftSchema })

export const legalFrontmatterSchema = z.strictObject({
  title: text.max(TITLE_MAX),
  description: text.min(50).max(170),
  slug: legalSlugSchema,
  effectiveDate: z.literal('April 04, 2025'),
})
export type LegalFrontmatter = z.infer<typeof legalFrontmatterSchema>

/** A post as the build compiled it: its frontmatter, its image and its text as HTML. */
export interface Post extends Omit<BlogFrontmatter, 'image'> {
  image: ImageContent
  /** The image's largest built file (for feeds and structured data, which take one address). */
  imageUrl: string
  /**
   * What link previews show (og:image, 1200 × 630): a repository post's card, made from its cover
   * at build time; a console post's cover's largest variant; none for a console post whose cover
   * is an SVG (the site's own card then).
   */
  socialImage?: string
  /** The text as HTML: intro paragraphs, then one <section class="prose-section"> per h2. */
  html: string
  readingMinutes: number
  /** What the studio edits: the post as written (a repository post's file, as it is). */
  source: PostDraft
}

/** A legal page as the build compiled it. */
export interface LegalDocument extends LegalFrontmatter {
  html: string
}
