/**
 * A post's edition in another locale (`post:blog-1@de`, docs/locales.md "The studio per locale"):
 * only its words, the title, the description, the cover's alt text and the Markdown text (whose
 * pictures' alt text is in it), kept as fields over an empty post. The build lays them over the
 * English post as it is live, so the address, the date, the author and the pictures stay the
 * English ones and a German edition of a post taken off the site is off it too.
 */
import { documentHref } from '../../../lib/admin-links'
import { applyEdition, type Edition } from '../../../lib/edition'
import { kindOf, slugOf } from '../../../lib/document-kinds'
import { localeDocument, localeOfDocument } from '../../../lib/locale-documents'
import { DEFAULT_LOCALE, locales } from '../../../lib/locales'
import { fillTemplate } from '../../../lib/template'
import type { SiteContent } from '../../../schemas/site-copy'
import type { DocumentState } from '../../../schemas/studio-records'
import type { Post, PostDraft } from '../../../schemas/posts'
import { compiled } from './compile'
import { compiledErrors } from './issues'
import type { CompileMemo, EditorReads, KindWords, Rejected, SiteForCheck } from './types'

/** A post's words as a translation holds them (every one optional: a draft may hold some). */
export interface PostWords {
  title?: string
  description?: string
  body?: string
  image?: { alt?: string }
}

/** Whether a document is a post's edition in another locale. */
export const isPostEdition = (doc: string): boolean => {
  const locale = localeOfDocument(doc)
  return locale !== undefined && kindOf(locale.source) === 'post'
}

/** The English post's slug of a post's locale edition (`post:blog-1@de` → blog-1). */
const englishSlug = (doc: string) => slugOf(localeOfDocument(doc)!.source)

/** The fields a translation of a post translates, as [dot path, the English words], those with words. */
export function translatedPostFields(value: Record<string, unknown>): [string, string][] {
  const post = value.post as Partial<PostDraft> | undefined
  if (!post) return []
  const fields: [string, string][] = [
    ['post.title', post.title ?? ''],
    ['post.description', post.description ?? ''],
    ['post.image.alt', post.image?.alt ?? ''],
    ['post.body', post.body ?? ''],
  ]
  return fields.filter(([, words]) => words.trim() !== '')
}

/** The English draft with the translation's words where it has them (an empty field keeps the English). */
function overEnglish(english: PostDraft, words: PostWords): PostDraft {
  const or = (word: string | undefined, fallback: string) => (word?.trim() ? word : fallback)
  return {
    ...english,
    title: or(words.title, english.title),
    description: or(words.description, english.description),
    body: or(words.body, english.body),
    image: { ...english.image, alt: or(words.image?.alt, english.image.alt) },
  }
}

/** Why a translation's words cannot be saved: the English post's rules and guards, on the words it has. */
export async function postEditionProblems(
  doc: string,
  value: Record<string, unknown>,
  site: SiteForCheck,
): Promise<Record<string, string>> {
  const words = value.post as PostWords | undefined
  const shown = await site.preview()
  const english = shown.ok ? shown.value.posts.find((post) => post.slug === englishSlug(doc)) : undefined
  if (!english) return {}
  const draft = overEnglish(english.source, words ?? {})
  return compiledErrors('post', await compiled(draft, new Map()))
}

/**
 * Each locale's published post editions, newest first as the English posts are: the English post
 * with the translation's words, compiled as any post. One that no longer compiles is left out.
 */
export async function buildPostEditions(
  posts: readonly Post[],
  editions: ReadonlyMap<string, Edition>,
  memo: CompileMemo,
  rejected: Rejected[],
): Promise<Record<string, Post[]>> {
  const found: Record<string, Post[]> = {}
  for (const english of posts)
    for (const [doc, edition] of editions) {
      const locale = localeOfDocument(doc)
      if (!locale || !isPostEdition(doc) || englishSlug(doc) !== english.slug) continue
      // An empty edition is the site as it came, with no German version (History's first Restore).
      if (!Object.keys(edition).length) continue
      const words = applyEdition({ post: {} as PostWords }, edition).post
      const result = await compiled(overEnglish(english.source, words), memo)
      if ('post' in result)
        (found[locale.code] ??= []).push({ ...result.post, socialImage: english.socialImage })
      else rejected.push({ doc, fields: Object.keys(edition) })
    }
  return found
}

/** The English post editor's links to its editions: "Add a German version", or the one begun. */
export async function postEditionLinks(doc: string, reads: EditorReads) {
  const states = await reads.states()
  const { languages } = reads.words.translations
  const words = reads.words.posts.editor
  return locales()
    .filter((row) => row.code !== DEFAULT_LOCALE)
    .map(({ code }) => {
      const edition = localeDocument(doc, code)
      const language = (languages as Record<string, string>)[code] ?? code
      const started = states?.has(edition) ?? false
      return {
        code,
        href: documentHref(edition),
        label: fillTemplate(started ? words.openLocale : words.addLocale, { language }),
      }
    })
}

/**
 * The post editions begun, for the site copy's list (where a translator, who has no posts' list,
 * finds them): each named by its English post's title and its language.
 */
export function listedPostEditions(states: Map<string, DocumentState>, site: SiteContent, words: KindWords) {
  const languages = words.translations.languages as Record<string, string>
  return [...states]
    .filter(([doc]) => isPostEdition(doc))
    .map(([doc, state]) => {
      const slug = englishSlug(doc)
      const title = site.posts.find((post) => post.slug === slug)?.title ?? slug ?? doc
      const language = languages[localeOfDocument(doc)!.code] ?? ''
      return { doc, title: fillTemplate(words.posts.editor.listedLocale, { title, language }), state }
    })
}
