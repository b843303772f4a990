/**
 * Shape of the home page's copy (src/content/home/): its 14 sections in the spec's order. The
 * section components take these shapes as props.
 */
import { z } from 'zod'
import { contactFormCopySchema } from './copy'
import {
  benefitCardSchema,
  ctaSchema,
  imageSchema,
  linkTargetSchema,
  mediaPathSchema,
  sectionIdSchema,
  sitePathSchema,
  externalUrlSchema,
  videoSchema,
} from './content'

const text = z.string().trim().min(1)

/** The h2 and intro line most sections open with. */
export const sectionHeadingSchema = z.strictObject({ title: text, intro: text.optional() })
export type SectionHeadingContent = z.infer<typeof sectionHeadingSchema>
const heading = sectionHeadingSchema.shape

export const heroSchema = z.strictObject({
  eyebrow: text,
  title: text,
  text,
  /** Without a video file the hero shows its poster picture alone (a library photo, issue 57). */
  video: videoSchema.extend({ src: videoSchema.shape.src.optional() }),
  /** The first is the primary button. */
  ctas: z.array(ctaSchema).min(1).max(2),
})
export type HeroContent = z.infer<typeof heroSchema>

/** A text column beside a picture: eyebrow, h2, text, check points, calls to action. */
const splitSectionOf = <Id extends string>(id: Id) =>
  z.strictObject({
    id: z.literal(id),
    eyebrow: text,
    title: text,
    text,
    points: z.array(text).min(1),
    image: imageSchema,
    /** The first is the primary button. */
    ctas: z.array(ctaSchema).min(1).max(2),
  })
export type SplitSectionContent = z.infer<ReturnType<typeof splitSectionOf<string>>>

/** A card with a picture: a commerce-suite showcase, an extended service or a blog teaser. */
export const mediaCardSchema = z
  .strictObject({
    /** Anchor on the card, for the header and footer entries that point at it. */
    id: sectionIdSchema.optional(),
    title: text,
    description: text,
    image: imageSchema,
    /** A link under the text… */
    cta: ctaSchema.optional(),
    /** …or the whole card links here (blog teasers). */
    href: sitePathSchema.optional(),
  })
  .refine((card) => !(card.cta && card.href), 'a card has a call to action or is a link, not both')
export type MediaCard = z.infer<typeof mediaCardSchema>

/** A blog teaser card: which post (its title, picture and address come from it) and a line about it. */
export const blogTeaserCardSchema = z.strictObject({
  post: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a post’s address')
    .meta({ studio: 'post' }),
  description: text,
})
export type BlogTeaserCard = z.infer<typeof blogTeaserCardSchema>

export const featureTileSchema = z.strictObject({
  title: text,
  description: text,
  video: videoSchema,
  /** Tiles with a target show an arrow link. */
  target: linkTargetSchema.optional(),
})
export type FeatureTile = z.infer<typeof featureTileSchema>

export const demoStoreSchema = z.strictObject({ title: text, video: videoSchema, url: externalUrlSchema })
export type DemoStore = z.infer<typeof demoStoreSchema>

export const testimonialSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  text,
  name: text,
  position: text,
  avatar: mediaPathSchema,
})
export type Testimonial = z.infer<typeof testimonialSchema>

export const statsSchema = z.strictObject({
  ...heading,
  stats: z.array(benefitCardSchema.required({ value: true })).length(4),
  claim: z.strictObject({ value: text, text }),
})
export type StatsContent = z.infer<typeof statsSchema>

export const whySchema = z.strictObject({
  ...heading,
  points: z.array(z.strictObject({ title: text, description: text })).length(6),
  testimonialsTitle: text,
  testimonials: z.array(testimonialSchema).length(4),
  /** Names the scrollable list of every review before the slider works (no JavaScript). */
  allReviews: text,
  /** Names the box once the slider shows one review at a time. */
  currentReview: text,
  /** The slider's counter; {current} and {total} are filled in. */
  counter: text.regex(/\{current\}.*\{total\}/, 'keep {current} and {total}, in that order'),
})
export type WhyContent = z.infer<typeof whySchema>

export const homeSchema = z.strictObject({
  meta: z.strictObject({ title: text, description: text }),
  hero: heroSchema,
  brandStrip: z.strictObject({ title: text }),
  shoppers: z.strictObject({ ...heading, items: z.array(benefitCardSchema).length(4) }),
  brandsGet: statsSchema,
  storeBuilder: splitSectionOf('store-builder-section'),
  suite: z.strictObject({ ...heading, showcases: z.array(mediaCardSchema).length(3) }),
  xr: z.strictObject({ ...heading, tiles: z.array(featureTileSchema).length(9) }),
  stores: z.strictObject({
    ...heading,
    items: z.array(demoStoreSchema).length(5),
    /** Accessible name of the carousel. */
    label: text,
    /** Announced after each step; {title}, {current} and {total} are filled in. */
    position: text.regex(
      /\{title\}.*\{current\}.*\{total\}/,
      'keep {title}, {current} and {total}, in that order',
    ),
  }),
  realEstate: splitSectionOf('real-estate-section'),
  why: whySchema,
  blog: z.strictObject({ ...heading, cards: z.array(blogTeaserCardSchema).length(3), contact: ctaSchema }),
  funding: z.strictObject({ eyebrow: text, title: text, text, cta: ctaSchema }),
  services: z.strictObject({ ...heading, cards: z.array(mediaCardSchema).length(3) }),
  contact: z.strictObject({ title: text, intro: text, form: contactFormCopySchema }),
})
export type Home = z.infer<typeof homeSchema>
