/**
 * The site's editable copy as one typed tree: the defaults in src/content, with the studio's
 * published editions applied (studio/services/content.ts). Every page that shows it gets it from the
 * content service; the studio's documents are named parts of this tree (content/documents.ts).
 */
import { z } from 'zod'
import { footerSchema } from './content'
import { homeSchema } from './home'
import { homeLayoutSchema } from './home-layout'
import {
  aboutPageSchema,
  aboutPageTranslationSchema,
  blogIndexSchema,
  gamingPageSchema,
  tryOnPageSchema,
  tryPageSchema,
} from './pages'
import type { ComposedPage } from './composed-pages'
import type { Post } from './posts'

export const siteCopySchema = z.strictObject({
  /** The home page's copy, and its sections' order (schemas/home-layout.ts). */
  home: homeSchema.extend({ layout: homeLayoutSchema }),
  about: aboutPageSchema,
  tryOn: tryOnPageSchema,
  gaming: gamingPageSchema,
  try: tryPageSchema,
  blogIndex: blogIndexSchema,
  footer: footerSchema,
})
export type SiteCopy = z.infer<typeof siteCopySchema>

/**
 * The copy of a locale other than the default (content/locales/, docs/locales.md): the same
 * shape and checks, but the spec's pinned English headings, which a translation writes in its words.
 */
export const translatedCopySchema = siteCopySchema.extend({ about: aboutPageTranslationSchema })

/** A document of the studio: a name and the parts of the copy it edits (dot paths, e.g. `home.hero`). */
export interface EditableDocument {
  id: string
  /** The page Preview shows it on. */
  page: string
  roots: readonly string[]
}

/** The site's content as visitors see it now: the copy, the posts, and the stamp it was built at. */
export interface SiteContent {
  /** The content stamp this was built from: cached pages are keyed by it (0: the defaults alone). */
  stamp: number
  copy: SiteCopy
  /** Every published post, the repository's and the console's, newest first. */
  posts: Post[]
  /** Every published landing page, by address. */
  pages: ComposedPage[]
  /** The addresses of landing pages taken off the site: they answer 410 Gone, unless a redirect takes them. */
  gonePages: string[]
  /**
   * Each other locale's published landing pages, by locale (`{ de: [...] }`): the English page with
   * its German edition's words (docs/locales.md); a page without one is in English only.
   */
  localePages?: Partial<Record<string, ComposedPage[]>>
  /**
   * The live editions of each other locale, by locale and then by their English document
   * (`{ de: { 'home-hero': {…} } }`): a page in that locale applies them to the locale's repository
   * copy (docs/locales.md, "The studio per locale").
   */
  translations?: Record<string, Record<string, Record<string, unknown>>>
  /**
   * Each other locale's published post editions (`post:blog-1@de`), newest first: the English post
   * with its translated words, at `/de/<slug>`, on that locale's blog and in its feed.
   */
  localePosts?: Record<string, Post[]>
  /**
   * The stamp a page of this content keys its cache on, when it is not `stamp`: the default
   * locale's pages key on the stamp less the locale editions' publishes, so a German publish never
   * renews a cached English page.
   */
  pageStamp?: number
}
