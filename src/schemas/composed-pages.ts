/**
 * A composed page (issue 45): a studio document of its own kind (`page:<slug>`) that marketing
 * builds from the site's own sections, with its head (title, description, search engines, social
 * picture) and an ordered list of sections. Each section type is one row of SECTION_TYPES: its
 * schema (the console's form is generated from it) and its line in the add-a-section menu; its
 * component is the same key of SECTION_COMPONENTS (pages/ComposedPage.tsx). Sections take the design's
 * tones only, never a free colour, size or spacing.
 */
import { z } from 'zod'
import { campaignFieldsSchema, FORM_WORDS, formProblems, isEmailAddress, tellSchema } from './campaign-form'
import { contactFormCopySchema } from './copy'
import { benefitCardSchema, ctaSchema, imageSchema } from './content'
import {
  blogTeaserCardSchema,
  featureTileSchema,
  heroSchema,
  mediaCardSchema,
  sectionHeadingSchema,
  whySchema,
} from './home'
import { postSlugSchema } from './posts'

/** A thank-you page's address as the contact section takes it: a path of the site without its slash. */
const THANKS_PAGE_WORDS = 'Write the address after the site’s domain, such as about-us or nrf-2027-thanks.'

const text = z.string().trim().min(1)
const heading = sectionHeadingSchema.shape

/** The band a section sits on: the page's own, the darker tint, or the accent gradient. */
export const toneSchema = z.enum(['plain', 'tint', 'accent'])
export type Tone = z.infer<typeof toneSchema>

/**
 * Every section a composed page can hold, by type. `h1`: the section gives the page's one h1
 * (the first section must be one, and no other may). `once`: at most one on a page (its anchor
 * or its widget is the page's only one).
 */
export const SECTION_TYPES = {
  hero: { h1: true, once: true, schema: heroSchema },
  intro: {
    h1: true,
    once: true,
    schema: z.strictObject({ eyebrow: text.optional(), title: text, text, ctas: z.array(ctaSchema).max(2) }),
  },
  brandStrip: { once: true, schema: z.strictObject({ title: text }) },
  benefits: {
    schema: z.strictObject({ ...heading, tone: toneSchema, items: z.array(benefitCardSchema).min(1).max(8) }),
  },
  figures: {
    schema: z.strictObject({
      ...heading,
      tone: toneSchema,
      figures: z
        .array(z.strictObject({ value: text.max(12), label: text.max(80) }))
        .min(3)
        .max(4),
    }),
  },
  showcases: {
    schema: z.strictObject({ ...heading, tone: toneSchema, cards: z.array(mediaCardSchema).min(1).max(6) }),
  },
  services: {
    schema: z.strictObject({ ...heading, tone: toneSchema, cards: z.array(mediaCardSchema).min(1).max(6) }),
  },
  xrTiles: {
    schema: z.strictObject({ ...heading, tone: toneSchema, tiles: z.array(featureTileSchema).min(1).max(9) }),
  },
  pictureText: {
    schema: z.strictObject({
      eyebrow: text.optional(),
      title: text,
      text,
      image: imageSchema,
      side: z.enum(['picture right', 'picture left']),
      tone: toneSchema,
      ctas: z.array(ctaSchema).max(2),
    }),
  },
  richText: {
    schema: z.strictObject({
      title: text,
      tone: toneSchema,
      markdown: z.string().trim().min(1).max(20_000).meta({ studio: 'markdown' }),
    }),
  },
  quote: {
    schema: z.strictObject({ tone: toneSchema, quote: text.max(400), name: text, role: text.optional() }),
  },
  faq: {
    schema: z.strictObject({
      ...heading,
      tone: toneSchema,
      items: z
        .array(z.strictObject({ question: text.max(200), answer: text.max(1_500) }))
        .min(1)
        .max(12),
    }),
  },
  why: { once: true, schema: whySchema },
  blogTeaser: {
    schema: z.strictObject({
      ...heading,
      tone: toneSchema,
      cards: z.array(blogTeaserCardSchema).min(1).max(3),
    }),
  },
  logoWall: {
    schema: z.strictObject({ ...heading, tone: toneSchema, logos: z.array(imageSchema).min(2).max(18) }),
  },
  ctaBand: { schema: z.strictObject({ eyebrow: text.optional(), title: text, text, cta: ctaSchema }) },
  funding: { schema: z.strictObject({ eyebrow: text, title: text, text, cta: ctaSchema }) },
  contact: {
    once: true,
    schema: z
      .strictObject({
        title: text,
        intro: text,
        form: contactFormCopySchema,
        /** A campaign's own fields after the name and e-mail (issue 63); none: the spec's form. */
        fields: campaignFieldsSchema.optional(),
        /** What a visitor of a campaign's form reads once it is sent; the site's usual words when none. */
        success: text.max(200).optional(),
        /** A page of the site a visitor of a campaign's form lands on once it is sent (its address). */
        thanksPage: text
          .max(120)
          .regex(/^[a-z0-9]+(?:[-/][a-z0-9]+)*$/, THANKS_PAGE_WORDS)
          .optional(),
        /** Who is told about each lead of a campaign's form (issue 63); none: the sales address. */
        tell: tellSchema.optional(),
        /** The address told, when it is another address. */
        tellAddress: z.string().trim().max(254).optional(),
      })
      .check((ctx) => {
        const { fields, form, tell, tellAddress } = ctx.value
        for (const problem of formProblems(fields ?? [], [form.labels.name, form.labels.email]))
          ctx.issues.push({
            code: 'custom',
            message: problem.message,
            input: fields,
            path: ['fields', ...problem.path],
          })
        const issue = (path: string, message: string) =>
          ctx.issues.push({ code: 'custom', message, input: ctx.value, path: [path] })
        if (tell === 'another address' && !isEmailAddress(tellAddress))
          issue('tellAddress', FORM_WORDS.tellAddress)
        // The spec's form (no questions of its own) is always e-mailed to sales.
        if (tell && tell !== 'the sales address' && !fields?.length)
          issue('tell', FORM_WORDS.tellNeedsQuestions)
      }),
  },
} as const satisfies Record<string, { schema: z.ZodType; h1?: true; once?: true }>

export type SectionType = keyof typeof SECTION_TYPES
export const SECTION_TYPE_NAMES = Object.keys(SECTION_TYPES) as SectionType[]

/** One section: an object with one key, its type, holding that type's fields. */
export type PageSection = {
  [K in SectionType]: { [P in K]: z.infer<(typeof SECTION_TYPES)[K]['schema']> }
}[SectionType]

/** A section's type: the one key it has. */
export const sectionTypeOf = (section: PageSection): SectionType => Object.keys(section)[0] as SectionType

export const pageSectionSchema = z.union(
  SECTION_TYPE_NAMES.map((type) => z.strictObject({ [type]: SECTION_TYPES[type].schema })),
) as unknown as z.ZodType<PageSection>

/** A page's address: what a post's may be, under the same reserved names. */
export const pageSlugSchema = postSlugSchema

export const composedPageSchema = z.strictObject({
  slug: pageSlugSchema,
  /** The whole title tag (no " — XR Stores" is added): what a search result shows. */
  title: text.max(70),
  description: text.min(50).max(170),
  search: z.enum(['listed', 'hidden']),
  /** The social card's picture (1200 × 630 is made from it); else the site's own card. */
  image: imageSchema.optional(),
  sections: z.array(pageSectionSchema).min(1).max(30).meta({ studio: 'sections' }),
})
export type ComposedPageDraft = z.infer<typeof composedPageSchema>

/** A composed page as one studio document: its one part, `page`. */
export const pageDocumentSchema = z.strictObject({ page: composedPageSchema })

/** A published page as the site shows it: its draft, each rich text compiled to HTML. */
export interface ComposedPage extends ComposedPageDraft {
  /** Each richText section's HTML, by the section's index. */
  html: Record<number, string>
  /** When its live edition was published (the sitemap's lastmod). */
  publishedAt?: string
}
