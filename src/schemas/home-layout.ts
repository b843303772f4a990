/**
 * The home page's layout (issue 45): its sections in order, as a list marketing edits in the
 * studio. Each is one of the home page's own sections, drawn from its part of the copy (the
 * studio's other home documents edit those words), or a section of a composed page's library.
 * The repository's layout is the spec's 14 sections in the spec's order (content/home/layout.ts).
 */
import { z } from 'zod'
import { SECTION_TYPES, SECTION_TYPE_NAMES, type PageSection, type SectionType } from './composed-pages'

/** The home page's own sections, by their part of the copy (schemas/home.ts), in the spec's order. */
export const HOME_PARTS = [
  'hero',
  'brandStrip',
  'shoppers',
  'brandsGet',
  'storeBuilder',
  'suite',
  'xr',
  'stores',
  'realEstate',
  'why',
  'blog',
  'funding',
  'services',
  'contact',
] as const
export type HomePart = (typeof HOME_PARTS)[number]

/**
 * The section type a home part is the page's one of, where it has one: a layout holds the home's
 * hero or a Hero section, not both (each gives the page's h1), and one contact form.
 */
export const HOME_PART_TYPES: Partial<Record<HomePart, SectionType>> = {
  hero: 'hero',
  brandStrip: 'brandStrip',
  why: 'why',
  contact: 'contact',
}

export const homePartSchema = z.strictObject({ home: z.strictObject({ part: z.enum(HOME_PARTS) }) })

/**
 * The library's sections a layout may add: every type but rich text, whose HTML is compiled when
 * a landing page is published and the home page's copy is not.
 */
export const HOME_SECTION_TYPES = SECTION_TYPE_NAMES.filter((type) => type !== 'richText')

export type HomeLayoutEntry = z.infer<typeof homePartSchema> | Exclude<PageSection, { richText: unknown }>

export const homeLayoutSchema = z
  .array(
    z.union([
      homePartSchema,
      ...HOME_SECTION_TYPES.map((type) => z.strictObject({ [type]: SECTION_TYPES[type].schema })),
    ]) as unknown as z.ZodType<HomeLayoutEntry>,
  )
  .min(1)
  .max(30)
  .meta({ studio: 'sections' })
