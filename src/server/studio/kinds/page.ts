/**
 * Landing pages as documents (`page:<slug>`, /admin/pages/<slug>): the repository's
 * (content/landing) and the console's, composed of sections (studio/services/composed-pages.ts),
 * shown at /<slug>; one taken off the site answers 410 Gone there unless a redirect takes it.
 */
import { studio } from '../../../content/admin/studio'
import { STARTER_TEXT } from '../../../content/landing-templates'
import { documentOf, kindOf, slugOf } from '../../../lib/document-kinds'
import { applyEdition } from '../../../lib/edition'
import {
  pageDocumentSchema,
  type ComposedPage,
  type ComposedPageDraft,
} from '../../../schemas/composed-pages'
import { compilePage, linkErrors, weightErrors, type PageSection } from '../services/composed-pages'
import { compiled } from './compile'
import { compiledErrors } from './issues'
import { documentWords } from './copy'
import { localeDocument, localeOfDocument, sourceDocument } from '../../../lib/locale-documents'
import { documentHref } from '../../../lib/admin-links'
import type { SiteContent } from '../../../schemas/site-copy'
import { localePath } from '../../../lib/locales'
import { fillTemplate } from '../../../lib/template'
import type { BuildInput, DocumentKindModule, KindPull } from './types'

/** Whether a field's value is still its template's starter text. */
export const isStarter = (key: string, value: string) =>
  (STARTER_TEXT as Record<string, readonly string[] | undefined>)[key]?.includes(value) ?? false

const errors = async (_doc: string, value: Record<string, unknown>) =>
  compiledErrors('page', await compilePage(value.page))

/**
 * The repository's landing pages with their editions, and the console's with a live edition, in
 * address order. An edition that no longer fits is left out: the repository's page shows, else none.
 */
async function buildPages({ defaults, live, memo, rejected }: BuildInput) {
  const pages: ComposedPage[] = []
  const repository = new Map(defaults.pages.map((page) => [documentOf('page', page.slug), page]))
  for (const doc of new Set([...repository.keys(), ...live.editions.keys()])) {
    // A locale edition (page:<slug>@de) is no page of its own: page-locale.ts lays its words over its page.
    if (kindOf(doc) !== 'page' || live.hidden.has(doc) || localeOfDocument(doc)) continue
    const edition = live.editions.get(doc)
    const source = repository.get(doc)
    let result = await compiled(applyEdition({ page: source }, edition ?? {}).page, memo, true)
    if (edition && !('page' in result && documentOf('page', result.page.slug) === doc)) {
      rejected.push({ doc, fields: Object.keys(edition) })
      if (!source) continue
      result = await compiled(source, memo, true)
    }
    if ('page' in result) pages.push({ ...result.page, publishedAt: live.publishedAt?.get(doc) })
  }
  return pages.sort((a, b) => a.slug.localeCompare(b.slug))
}

/** A page on the site can have a German version (its translation, page-locale.ts); a translation has none. */
function germanOf(doc: string, site: SiteContent) {
  const slug = slugOf(doc)
  if (localeOfDocument(doc) || !site.pages.some((page) => page.slug === slug)) return undefined
  const live = site.localePages?.de?.some((page) => page.slug === slug)
  return { href: documentHref(localeDocument(doc, 'de')), ...(live ? { live: `/de/${slug}` } : {}) }
}

export const pageKind: DocumentKindModule = {
  noun: studio.kinds.page,
  pinned: (doc, value) => ({ page: { ...(value.page as object), slug: slugOf(doc) } }),
  schema: pageDocumentSchema,
  overPublished: true,
  defaults: (defaults, doc) =>
    localeOfDocument(doc)
      ? // A translation starts from its English page without its words, which the console lends it.
        {
          page: defaults.published?.[sourceDocument(doc)]?.withoutWords.page as ComposedPageDraft | undefined,
        }
      : { page: defaults.pages.find((page) => page.slug === slugOf(doc)) },
  opens: (base) => base.page !== undefined,
  async build(input) {
    const gone = [...input.live.hidden]
      .filter((doc) => kindOf(doc) === 'page' && !localeOfDocument(doc))
      .map((doc) => slugOf(doc)!)
    const pages = await buildPages(input)
    const translated = [...input.live.editions.keys()].some(
      (doc) => kindOf(sourceDocument(doc)) === 'page' && localeOfDocument(doc),
    )
    // The German pages' chunk (the form tree it walks) loads with the first live translation of a page.
    const localePages = translated ? await (await import('./page-locale')).localePagesOf(input, pages) : {}
    return { pages, gonePages: gone.sort(), localePages }
  },
  /**
   * A page's links must go to an address the site serves now (or itself), and with `weigh` (the
   * HTML, gzipped, as the site would serve it) it must stay within its weight.
   */
  async problems(doc, value, site, weigh) {
    // A translation changes words only: its links and pictures are the English page's, checked there.
    if (localeOfDocument(doc))
      return (await import('./page-locale')).localeProblems(site.defaults, doc, value)
    const served = [...(await site.served()), `/${slugOf(doc)}`]
    const sections = (value.page as { sections?: unknown })?.sections
    const found = { ...linkErrors(sections, served), ...(await errors(doc, value)) }
    if (Object.keys(found).length || !weigh) return found
    return weightErrors(await site.preview(), slugOf(doc)!, sections as PageSection[], weigh)
  },
  /** The publish gate's refusal of a page whose title or description is still its template's. */
  gate(doc, value, { landing }) {
    if (localeOfDocument(doc)) return {}
    const page = (value.page ?? {}) as { title?: unknown; description?: unknown }
    const words = landing.gate
    return {
      ...(isStarter('title', String(page.title)) ? { 'page.title': words.starterTitle } : {}),
      ...(isStarter('description', String(page.description))
        ? { 'page.description': words.starterDescription }
        : {}),
    }
  },
  title: (doc, value) =>
    String((value?.page as { title?: string } | undefined)?.title || slugOf(sourceDocument(doc))),
  place: (doc) => documentWords(doc)?.title ?? doc,
  // A page's German version, once someone saved one, is listed with the copy's, where translators work.
  listed: (states) =>
    [...states]
      .filter(([doc]) => kindOf(doc) === 'page' && localeOfDocument(doc))
      .map(([doc, state]) => ({
        doc,
        title: fillTemplate(studio.pageTranslation, { path: `/${slugOf(sourceDocument(doc))}` }),
        state,
      })),
  // Its German edition translates every text field its form shows (its sections' words, its form's).
  translated: 'text',
  translatable: (site) =>
    site.pages.map((page) => ({ doc: documentOf('page', page.slug), title: page.title })),
  back: studio.editor.backPages,
  path(doc) {
    const locale = localeOfDocument(doc)
    return locale ? localePath(locale.code, `/${slugOf(locale.source)}`) : `/${slugOf(doc)}`
  },
  async notes(doc, site, reads) {
    const slug = slugOf(doc) ?? ''
    const inRepository = reads.landingPages.inRepository(slug)
    const onSite = site.pages.some((page) => page.slug === slug)
    return {
      onSite,
      // A page made here moves from More, as a post does; the repository's keeps its address.
      addressNote: inRepository ? reads.words.landing.new.slugFixed : reads.words.tools.move.fixed,
      // A page on the site now, the repository's too before any edit, can be taken off it (asking
      // first, where a redirect can take its visitors); a page made here can move to a new address.
      verbs: {
        unpublish: onSite,
        revert: false,
        move: !inRepository,
        asks: true,
        german: germanOf(doc, site),
      },
      share: await reads.shareLinks.active(doc),
    }
  },
}

/** What content:pull writes of it (scripts/lib/content-pulls.ts). */
export const pagePull: KindPull = {
  // A file of typed data in src/content/landing (its library pictures stay in R2, as posts' covers do).
  pull: (doc, value, _edition, tools) => ({
    file: `landing/${slugOf(doc)}.ts`,
    text: tools.landingPageFile(value.page),
    index: tools.landingIndexFile,
  }),
  // A landing page taken off the site leaves the repository too (its history keeps it).
  pullGone: (doc, tools) => ({ file: `landing/${slugOf(doc)}.ts`, index: tools.landingIndexFile }),
}
