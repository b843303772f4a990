/**
 * A composed page (schemas/composed-pages.ts) checked and compiled as the site shows it, and the
 * publish gate every save passes: a page marketing composes is as accessible as a hand-built one
 * by construction (section components own the heading levels), and what construction cannot
 * promise is refused here in plain words, next to the section that breaks it:
 * - the first section gives the page's one h1, and no other section gives one;
 * - a section that is the page's only one of its kind (the contact form, the hero) is there once;
 * - no two sections have one heading (each is a landmark its heading names);
 * - every picture that stands alone has alt text (a card's picture beside its title may be decoration);
 * - every link inside the site goes to an address the site serves;
 * - rich text carries no markup that can act, and no picture (a picture-with-text section has one);
 * - the page's HTML, gzipped as served, stays within 30 KB, and the pictures a phone fetches
 *   before it scrolls within 350 KB (both weighed when a person saves).
 * The compiler (marked) is imported with the first rich text an isolate compiles.
 */
import type { z } from 'zod'
import { landing } from '../../../content/admin/landing-pages'
import { fillTemplate } from '../../../lib/template'
import {
  composedPageSchema,
  SECTION_TYPES,
  sectionTypeOf,
  type ComposedPage,
  type ComposedPageDraft,
  type PageSection,
  type SectionType,
} from '../../../schemas/composed-pages'
import { HOME_PART_TYPES, type HomeLayoutEntry } from '../../../schemas/home-layout'
import type { SiteContent } from '../../../schemas/site-copy'
import type { Result } from '../../../lib/result'
import { FIRST_VIEW_BUDGET_BYTES } from './first-view'

export type { PageSection }

const words = landing.gate

/** What is wrong with a page: the field's path under `page` (`sections.2.faq.items`), and why. */
export interface PageProblem {
  field: string
  message: string
  /** The schema's finding, for the studio to say in its words. */
  issue?: z.core.$ZodIssue
}

export type CompiledPage = { page: ComposedPage } | { problems: PageProblem[] }

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/** Every value under `value` with its path, depth first. */
function* walk(value: unknown, path: string): Generator<[string, unknown]> {
  yield [path, value]
  if (!isObject(value)) return
  for (const [key, child] of Object.entries(value)) yield* walk(child, path ? `${path}.${key}` : key)
}

/**
 * Pictures a card shows beside its own title may be decoration (empty alt text, as the media
 * library marks one decorative); a picture that stands alone (beside text, a logo, the social
 * card) must say what it shows.
 */
const DECORATIVE = /^sections\.\d+\.\w+\.(items|cards)\.\d+\.image$/

const isPicture = (value: unknown): value is { src: string; alt: string } =>
  isObject(value) && typeof value.src === 'string' && typeof value.alt === 'string'

/** A place in a page's order: whether it gives the h1, and what it is the page's one of. */
interface Slot {
  h1: boolean
  /** Counted once on a page: a type's name, or a home section's. */
  once?: string
}

const slotOf = (type: SectionType): Slot => ({
  h1: 'h1' in SECTION_TYPES[type],
  once: 'once' in SECTION_TYPES[type] ? type : undefined,
})

/** The order's rules: the first section gives the page's one h1, and what a page has once is there once. */
function orderProblems(slots: Slot[]): PageProblem[] {
  const problems: PageProblem[] = []
  if (slots[0] && !slots[0].h1) problems.push({ field: 'sections.0', message: words.firstH1 })
  const seen = new Set<string>()
  slots.forEach((slot, i) => {
    if (i > 0 && slot.h1) problems.push({ field: `sections.${i}`, message: words.secondH1 })
    else if (slot.once && seen.has(slot.once)) problems.push({ field: `sections.${i}`, message: words.once })
    if (slot.once) seen.add(slot.once)
  })
  return problems
}

/** The gate's rules on the sections themselves: one name a heading, alt text (the social card's too). */
function sectionProblems(sections: [number, PageSection][], image?: unknown): PageProblem[] {
  const problems: PageProblem[] = []
  // Each section is a landmark named by its heading (a quote by its person): two of one name are
  // one landmark twice to a screen reader.
  const names = new Set<string>()
  for (const [i, section] of sections) {
    const type = sectionTypeOf(section)
    const fields = (section as Record<string, { title?: string; name?: string }>)[type]!
    const name = (fields.title ?? fields.name ?? '').trim().toLowerCase()
    if (!name) continue
    if (names.has(name))
      problems.push({
        field: `sections.${i}.${type}.${fields.title ? 'title' : 'name'}`,
        message: words.sameName,
      })
    else names.add(name)
  }
  const tree = { sections: Object.fromEntries(sections), image }
  for (const [path, value] of walk(tree, '')) {
    if (isPicture(value) && !value.alt.trim() && !DECORATIVE.test(path))
      problems.push({ field: `${path}.alt`, message: words.alt })
  }
  return problems
}

/** The gate's structural rules on a landing page. */
const structureProblems = ({ sections, image }: ComposedPageDraft): PageProblem[] => [
  ...orderProblems(sections.map((section) => slotOf(sectionTypeOf(section)))),
  ...sectionProblems([...sections.entries()], image),
]

/**
 * The home page's layout (schemas/home-layout.ts) under the same rules, fields under `sections`:
 * each of the home's own sections is there once, and its hero gives the page's h1 as a Hero does.
 */
export function layoutProblems(layout: HomeLayoutEntry[]): PageProblem[] {
  const slots = layout.map((entry): Slot => {
    if (!('home' in entry)) return slotOf(sectionTypeOf(entry))
    const { part } = entry.home
    const type = HOME_PART_TYPES[part]
    return type ? slotOf(type) : { h1: false, once: `home:${part}` }
  })
  const added = [...layout.entries()].flatMap(([i, entry]) =>
    'home' in entry ? [] : [[i, entry] as [number, PageSection]],
  )
  return [...orderProblems(slots), ...sectionProblems(added)]
}

/** Every address inside the site a page links to, with the path of its field. */
export function internalLinks(sections: PageSection[]): { field: string; path: string }[] {
  const links: { field: string; path: string }[] = []
  sections.forEach((section, i) => {
    for (const [field, value] of walk(section, `sections.${i}`)) {
      if (isObject(value) && typeof value.path === 'string' && Object.keys(value).length === 1)
        links.push({ field: `${field}.path`, path: value.path })
      if (field.endsWith('.href') && typeof value === 'string') links.push({ field, path: value })
      // A campaign form's thank-you page (issue 63): an address of the site without its slash.
      if (field.endsWith('.thanksPage') && typeof value === 'string') links.push({ field, path: `/${value}` })
    }
  })
  return links
}

/**
 * The links of `sections` (a page's, or the home page's layout) to addresses the site does not
 * serve (`served`: every address it does), by field path under `at`
 * (`page.sections.0.hero.ctas.0.target.path`).
 */
export function linkErrors(
  sections: unknown,
  served: string[],
  at = 'page.sections',
): Record<string, string> {
  if (!Array.isArray(sections)) return {}
  const known = new Set(served)
  const broken = internalLinks(sections as PageSection[]).filter(
    ({ path }) => !known.has(path.replace(/[?#].*$/, '') || '/'),
  )
  return Object.fromEntries(
    broken.map(({ field, path }) => [field.replace(/^sections/, at), fillTemplate(words.link, { path })]),
  )
}

/** A landing page's HTML may weigh this much gzipped (issue 45), like the pages we built by hand. */
export const PAGE_HTML_BUDGET_BYTES = 30 * 1024

/** How a page is weighed (studio/render/page-weight.ts), in bytes. */
export interface PageWeigher {
  /** Its HTML gzipped, as the site would serve it with `site`. */
  html: (site: SiteContent, slug: string) => Promise<number>
  /** The pictures of its first view on a phone (studio/services/first-view.ts). */
  firstView: (sections: PageSection[]) => Promise<Result<number>>
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1)

/**
 * The gate's words on a page's weight: its HTML (weighed as `site` would serve it) and its first
 * view's pictures, each within its budget. A weighing that fails (storage away) refuses nothing.
 */
export async function weightErrors(
  site: Result<SiteContent>,
  slug: string,
  sections: PageSection[],
  weigh: PageWeigher,
): Promise<Record<string, string>> {
  const [html, pictures] = await Promise.all([
    site.ok ? weigh.html(site.value, slug) : 0,
    weigh.firstView(sections),
  ])
  const errors: Record<string, string> = {}
  if (html > PAGE_HTML_BUDGET_BYTES)
    errors['page.sections'] = fillTemplate(words.heavy, {
      kb: kb(html),
      budget: String(PAGE_HTML_BUDGET_BYTES / 1024),
    })
  if (pictures.ok && pictures.value > FIRST_VIEW_BUDGET_BYTES)
    errors['page.sections.0'] = fillTemplate(words.heavyPictures, {
      kb: kb(pictures.value),
      budget: String(FIRST_VIEW_BUDGET_BYTES / 1024),
    })
  return errors
}

/** Checks a draft against the schema and the gate's rules, and compiles its rich text. */
export async function compilePage(input: unknown): Promise<CompiledPage> {
  const checked = composedPageSchema.safeParse(input)
  if (!checked.success)
    return {
      problems: checked.error.issues.map((issue) => ({
        field: issue.path.join('.'),
        message: issue.message,
        issue,
      })),
    }
  const draft = checked.data
  const problems = structureProblems(draft)
  const html: Record<number, string> = {}
  for (const [i, section] of draft.sections.entries()) {
    if (!('richText' in section)) continue
    const { imagesOf, lexMarkdown, renderMarkdown, unsafeMarkup } = await import('../../../lib/markdown')
    const source = section.richText.markdown
    const tokens = lexMarkdown(source)
    const field = `sections.${i}.richText.markdown`
    for (const { line, problem } of unsafeMarkup(tokens, source))
      problems.push({ field, message: `Line ${line}: ${problem}` })
    if (imagesOf(tokens).length) problems.push({ field, message: words.richTextPicture })
    html[i] = renderMarkdown(tokens, { introClass: 'page-text', picture: () => '' }).html
  }
  return problems.length ? { problems } : { page: { ...draft, html } }
}
