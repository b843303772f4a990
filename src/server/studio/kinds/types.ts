/**
 * What a kind of document is to the studio, in one object (in the style of SECTION_TYPES and
 * Payload's collection config): its schema, its repository copy, its share of the site, its
 * checks, its editor's notes and title, the address it is previewed and seen at, and its list.
 * Each kind is one module beside this one (copy.ts, post.ts, page.ts) and one row of KINDS
 * (index.ts); its names' prefix and console part are its row of DOCUMENT_KINDS (lib/document-kinds.ts).
 */
import type { z } from 'zod'
import type { adminCopy } from '../../../content/admin'
import type { Edition } from '../../../lib/edition'
import type { Result } from '../../../lib/result'
import type { ComposedPageDraft } from '../../../schemas/composed-pages'
import type { HomeLayoutEntry } from '../../../schemas/home-layout'
import type { Post } from '../../../schemas/posts'
import type { SiteContent, SiteCopy } from '../../../schemas/site-copy'
import type { DocumentState, PostListing, ShareLink } from '../../../schemas/studio-records'
import type { CompiledPage, PageWeigher } from '../services/composed-pages'
import type { CompiledPost } from '../services/posts'

export interface ContentDefaults {
  copy: SiteCopy
  posts: Post[]
  /** The repository's landing pages (content/landing). */
  pages: ComposedPageDraft[]
  /**
   * Each other locale's repository copy (content/locales/), lent by the console once it loaded it
   * (ContentService.lendLocale): what a locale edition (`home-hero@de`) applies to. The site's build
   * never needs it.
   */
  translations?: Partial<Record<string, SiteCopy>>
  /**
   * Documents as published in English, and without their words, lent by the console with the editor
   * of one of their locale editions (ContentService.lendLocale): what a landing page's translation is
   * written over (kinds/page-locale.ts). Undefined for a page not on the site.
   */
  /**
   * Lent with the home's sections' translation (ContentService.lendLocale): a locale edition's words
   * read at the English layout's fields (kinds/layout-locale.ts, a chunk of its own).
   */
  layoutWords?: (layout: HomeLayoutEntry[], edition: Edition) => Edition
  published?: Partial<
    Record<string, { value: Record<string, unknown>; withoutWords: Record<string, unknown> }>
  >
}

/** What a build left out: a document's fields that did not fit, for one alert. */
export interface Rejected {
  doc: string
  fields: string[]
}

/** The live editions by document, and the posts and pages taken off the site. */
export interface LiveEditions {
  editions: Map<string, Edition>
  hidden: Set<string>
  /** When each live edition was published. */
  publishedAt?: Map<string, string>
  /** How many of the stamp's bumps were a locale edition's publish (ContentStore.live). */
  localeBumps?: number
}

/** A post's or a landing page's compiled form, remembered by its source (the same text compiles once per isolate). */
export type CompileMemo = Map<string, CompiledPost | CompiledPage>

/** What a kind builds its share of the site from. */
export interface BuildInput {
  defaults: ContentDefaults
  live: LiveEditions
  memo: CompileMemo
  /** Where a kind puts the editions it left out. */
  rejected: Rejected[]
}

/** What a save's check needs of the site: the addresses it serves now, and the site with these values. */
export interface SiteForCheck {
  served: () => Promise<string[]>
  /** The repository's copy, with what the console lent it (a landing page's English, for its translation). */
  defaults: ContentDefaults
  preview: () => Promise<Result<SiteContent>>
}

/** The console's words a kind's editor and gate use (lent by the console, so the site's build does not carry them). */
export type KindWords = Pick<typeof adminCopy, 'posts' | 'landing' | 'tools' | 'translations'>

/** What a kind's editor may read of the studio (its posts, its landing pages, share links), and the console's words. */
export interface EditorReads {
  words: KindWords
  /** Every post as the posts' list shows it (null: not readable). */
  posts: { list(): Promise<PostListing[] | null>; inRepository(slug: string): boolean }
  landingPages: { inRepository(slug: string): boolean }
  /** A landing page's share links (null: not readable). */
  shareLinks: { active(doc: string): Promise<ShareLink[] | null> }
  /** Where each document with a row stands (null: not readable): which locale editions were begun. */
  states(): Promise<Map<string, DocumentState> | null>
}

/** What an editor shows of a document beyond its form, as its kind says. */
export interface EditorNotes {
  /** What a saved document's address field says in place of an input; undefined: its fields are all editable. */
  addressNote?: string
  /** Whether the site shows it now (at its kind's `path`). */
  onSite: boolean
  /** More's verbs (take off the site, move, revert), with whether Take off the site asks first. */
  verbs?: {
    unpublish: boolean
    revert: boolean
    move: boolean
    asks?: boolean
    /** Its editions in the other locales: the link to add one, or to open the one begun. */
    editions?: { code: string; href: string; label: string }[]
  }
  /** A landing page's share links (null: not readable). */
  share?: ShareLink[] | null
}

/**
 * What `npm run content:pull` writes of a live edition (scripts/lib/content-pulls.ts): its changed
 * strings where the repository writes them, a file of its own under src/content (with, for a
 * folder that lists its files, that list written again), or a line to copy by hand.
 */
export type PullWrite =
  /** Each changed string into the literal that holds it: in src/content/locales/<locale>/ for a locale's edition. */
  | { fields: Edition; locale?: string }
  | { file: string; text: string; index?: (names: string[]) => string }
  | { byHand: string }

/** What the script lends a kind to write its files as the repository writes them (scripts/lib/content-files.ts). */
export interface PullTools {
  /** A post's Markdown file, and a line to copy by hand when its cover is in the media library. */
  markdownOf(post: unknown): string
  coverByHand(doc: string, post: unknown): string | undefined
  /** A repository post's file name in src/content/blog (without .md), found by its slug. */
  postFile(slug: string): string | undefined
  /** A landing page's file of typed data, and the landing folder's list of pages. */
  landingPageFile(page: unknown): string
  landingIndexFile(slugs: string[]): string
}

/** A kind of document, as the studio asks it. */
export interface DocumentKindModule {
  /** The schema a document's values are paths in (their roots: `post`, `page`, or parts of the copy). */
  schema: z.ZodType
  /**
   * Each root's repository copy (a root undefined: the repository has none, as for a post made in
   * the console), or undefined for a name that is no document.
   */
  defaults(defaults: ContentDefaults, doc: string): Record<string, unknown> | undefined
  /** The tree an edition's paths apply to (the whole site copy, for a part of it); else its defaults. */
  tree?(defaults: ContentDefaults, doc: string): unknown
  /** Whether a document with no row yet can be opened, from its defaults (a repository post can). */
  opens(base: Record<string, unknown>): boolean
  /** Its share of the site under the live editions, given what the kinds before it built. */
  build(input: BuildInput, site: SiteContent): Promise<Partial<SiteContent>>
  /** Why these values cannot be saved, by field path (empty: they can): their own errors, and the site's checks. */
  problems(
    doc: string,
    value: Record<string, unknown>,
    site: SiteForCheck,
    weigh?: PageWeigher,
  ): Promise<Record<string, string>>
  /** Its locale editions are written over its published English (lent as `defaults.published`), not a repository copy. */
  overPublished?: true
  /** The publish gate's own refusals (a page still in its template's words). */
  gate?(doc: string, value: Record<string, unknown>, words: KindWords): Record<string, string>
  /** What the console's notices call one of its documents ("post", "landing page"). */
  noun: string
  /** The values with the address its name gives it: a saved post's or page's form never changes it. */
  pinned?(doc: string, value: Record<string, unknown>): Record<string, unknown>
  /** A document's title in the console, from its values (a part of the copy: its words). */
  title(doc: string, value: Record<string, unknown> | undefined): string
  /** Its name where Media says a picture shows (a part of the copy by its words, a post by its title in quotes). */
  place(doc: string, site: SiteContent): string
  /** The editor's way back to its list (its console part's page), in words. */
  back: string
  /** The address its draft is previewed at and the site shows it at; undefined: none. */
  path(doc: string): string | undefined
  /** What its editor shows beyond the form. */
  notes(doc: string, site: SiteContent, reads: EditorReads, isNew?: boolean): Promise<EditorNotes>
  /** Its documents in the copy's list beside the copy's own (a post's locale editions, for their translators). */
  listed?(
    states: Map<string, DocumentState>,
    site: SiteContent,
    words: KindWords,
  ): { doc: string; title: string; state: DocumentState }[]
  /**
   * The text fields its locale editions translate, as [dot path, the English words], from its English
   * values (docs/locales.md); `text`: every text field its schema's form shows (lib/translation-fields.ts,
   * read by the console only); undefined: its documents have no locale editions (a landing page).
   */
  translated?: 'text' | ((value: Record<string, unknown>) => [string, string][])
  /**
   * Its documents whose locale editions a translation agency's file carries (services/xliff-export.ts),
   * each with its title in the console: the copy's parts, the posts and landing pages on the site now.
   */
  translatable?(site: SiteContent): { doc: string; title: string }[]
}

/**
 * What `npm run content:pull` writes of a kind, beside its module (`<kind>Pull`, in PULLS): only
 * the script asks it, so the worker's build leaves it out.
 */
export interface KindPull {
  /** What content:pull writes for a live edition, from the document's values under it (src/content-relative files). */
  pull(doc: string, value: Record<string, unknown>, edition: Edition, tools: PullTools): PullWrite
  /** The file content:pull removes for a document taken off the site (a landing page's), and its folder's list. */
  pullGone?(doc: string, tools: PullTools): { file: string; index?: (names: string[]) => string }
}
