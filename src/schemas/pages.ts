/**
 * Shapes of the copy behind the inner pages (About Us, Try-on, Gaming, /try, the frames around
 * posts and legal pages, 404). Content files are typed with these (`satisfies`);
 * tests/unit/pages-content.test.ts parses them. Posts and legal texts are Markdown (schemas/posts.ts).
 */
import { z } from 'zod'
import { benefitCardSchema, ctaSchema, externalUrlSchema, sitePathSchema, videoSchema } from './content'

const text = z.string().trim().min(1)

export const pageMetaSchema = z.strictObject({
  title: text.max(70),
  description: text.min(50).max(170),
})
/** A try-on or game item: the spec's entity (title, videoSrc, description, url, longDescription, benefits). */
export const showcaseItemSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: text,
  video: videoSchema,
  /** What the video shows, for assistive technology. */
  videoLabel: text,
  description: text,
  longDescription: text,
  url: externalUrlSchema,
  benefits: z.array(text).length(4),
})
export type ShowcaseItem = z.infer<typeof showcaseItemSchema>

/** What every inner page opens with: its head data, its h1 and the lead paragraph under it. */
const pageIntro = { meta: pageMetaSchema, heading: text, lead: text }

/** The About Us page, its headings the spec's words as `spec` holds them. */
const aboutPageOf = (spec: (words: string) => z.ZodType<string>) =>
  z.strictObject({
    ...pageIntro,
    heading: spec('About Us'),
    mission: z.strictObject({ title: spec('Mission Statement'), paragraphs: z.array(text).min(1) }),
    vision: z.strictObject({ title: spec('Vision Statement'), paragraphs: z.array(text).min(1) }),
    story: z.strictObject({
      title: spec('Our Story'),
      paragraphs: z.array(text).min(2),
      founder: z.strictObject({
        name: text,
        title: spec('Founder and CEO'),
        profileUrl: externalUrlSchema,
        profileLabel: text,
      }),
    }),
  })
/** The default locale's About Us: the spec's headings, word for word. */
export const aboutPageSchema = aboutPageOf((words) => z.literal(words))
/** The same page in another locale (docs/locales.md): the same shape, its headings translated. */
export const aboutPageTranslationSchema = aboutPageOf(() => text)
export type AboutPageCopy = z.infer<typeof aboutPageSchema>

export const tryOnPageSchema = z.strictObject({
  ...pageIntro,
  items: z.array(showcaseItemSchema).length(5),
  benefitsHeading: text,
  benefits: z.array(benefitCardSchema).length(6),
})
export type TryOnPageCopy = z.infer<typeof tryOnPageSchema>

export const gamingPageSchema = z.strictObject({
  ...pageIntro,
  games: z.array(showcaseItemSchema).length(2),
})
export type GamingPageCopy = z.infer<typeof gamingPageSchema>

export const tryPageSchema = z.strictObject({
  ...pageIntro,
  stepsHeading: text,
  steps: z.array(z.strictObject({ title: text, description: text })).min(3),
  cta: z.strictObject({ text, label: text, href: sitePathSchema }),
  relatedHeading: text,
  related: z.array(z.strictObject({ label: text, href: sitePathSchema, description: text })).min(1),
})
export type TryPageCopy = z.infer<typeof tryPageSchema>

/** What every article shows around its own text. */
export const articleFrameSchema = z.strictObject({
  kicker: text,
  /** Under the title; {minutes} is filled in. */
  readingTime: text.regex(/\{minutes\}/),
  /** The call to action after the text. */
  aside: z.strictObject({ label: text, title: text, cta: ctaSchema }),
})
export type ArticleFrame = z.infer<typeof articleFrameSchema>

/** The /blog index (newest post first) and the RSS feed that lists the same posts. */
export const blogIndexSchema = z.strictObject({
  ...pageIntro,
  /** The RSS 2.0 channel's title and description; every page's head links the feed by its title. */
  feed: z.strictObject({ title: text, description: text }),
})
export type BlogIndexCopy = z.infer<typeof blogIndexSchema>

/** Before each legal page's effective date. */
export const legalFrameSchema = z.strictObject({
  effectiveDateLabel: text,
  /** The privacy page's words on experiments: which way versions are remembered (cookie off or on). */
  experiments: z.strictObject({ title: text, off: text, on: text }),
})
export type LegalFrame = z.infer<typeof legalFrameSchema>

/** `generic` replaces the error's own message outside development, where it could reveal internals. */
export const errorPageSchema = z.strictObject({ title: text, homeLabel: text, generic: text })
export type ErrorPageCopy = z.infer<typeof errorPageSchema>

export const notFoundPageSchema = z.strictObject({
  meta: pageMetaSchema,
  heading: z.literal('Oops! Page not found'),
  message: text,
  homeLabel: z.literal('Return to Home'),
})
export type NotFoundPageCopy = z.infer<typeof notFoundPageSchema>

/** The 410 page of a landing page taken off the site: the 404's shape, in its own words. */
export const gonePageSchema = notFoundPageSchema.extend({ heading: text })
export type GonePageCopy = z.infer<typeof gonePageSchema>

/** The 404 page in another locale (content/locales/<code>/not-found.ts): the spec's English pins only English's words. */
export const localeNotFoundSchema = notFoundPageSchema.extend({ heading: text, homeLabel: text })
export type LocaleNotFoundCopy = z.infer<typeof localeNotFoundSchema>
