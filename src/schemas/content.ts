/**
 * Shapes of the site's copy (src/content). Content files are typed with these (`satisfies`), and
 * tests/unit/content.test.ts parses every file at runtime, so counts, paths and addresses are
 * checked without shipping the checks to the worker.
 */
import { z } from 'zod'
import { sectionIds } from './anchors'

const text = z.string().trim().min(1)

export { sectionIds }
export const sectionIdSchema = z.enum(sectionIds)
/** A path inside this site (not protocol-relative). */
export const sitePathSchema = z.string().regex(/^\/(?!\/)[\w\-./#?=&]*$/, 'a site path starting with /')
/** An https address outside the site. */
export const externalUrlSchema = z.url({ protocol: /^https$/ })
/** A file under public/media (what a brand replaces by the same name). */
export const mediaPathSchema = z
  .string()
  .regex(/^\/media\/[\w\-/]+\.(svg|webp|png|jpg|avif|mp4|webm)$/, 'a file under /media')

const targetShapes = {
  section: { section: sectionIdSchema },
  path: { path: sitePathSchema },
  url: { url: externalUrlSchema },
  viewer: { viewer: z.literal(true) },
}

/** Exactly one of: a home section, a site path, an external address, or the 3D viewer. */
export const linkTargetSchema = z.union([
  z.strictObject(targetShapes.section),
  z.strictObject(targetShapes.path),
  z.strictObject(targetShapes.url),
  z.strictObject(targetShapes.viewer),
])
/** A call to action: visible label plus where it goes. */
export const ctaSchema = z.strictObject({
  label: text,
  target: linkTargetSchema,
  /**
   * Words screen readers hear right after the label, with their leading space or punctuation,
   * e.g. ": store builder" after "Try it now!".
   */
  context: z.string().min(2).optional(),
})
export type Cta = z.infer<typeof ctaSchema>

/** A picture with its size (so its space is kept); the studio picks it from the media library. */
export const imageSchema = z
  .strictObject({
    src: mediaPathSchema,
    /** Empty for decorative images. */
    alt: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  })
  .meta({ studio: 'image' })
export type ImageContent = z.infer<typeof imageSchema>

export const videoSchema = z.strictObject({
  src: mediaPathSchema.refine((p) => /\.(mp4|webm)$/.test(p), 'a video file'),
  /** Shown until the video plays: decoration, so a picture's address alone. */
  poster: mediaPathSchema.meta({ studio: 'picture' }),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
})
// ---------------------------------------------------------------------------------------------
// site.ts

export const siteSchema = z.strictObject({
  name: text,
  legalName: text,
  description: text,
  /** Shown on the chat button and used to build its link (non-digits stripped). */
  businessPhone: text,
  emails: z.array(z.strictObject({ label: text, address: z.email() })).min(1),
  phones: z.array(z.strictObject({ label: text, number: text })).min(1),
  offices: z.array(z.strictObject({ name: text, lines: z.array(text).min(1) })).length(2),
  social: z.array(z.strictObject({ name: text, url: externalUrlSchema })).length(5),
  /** Base of the messaging-app chat link; the phone's digits are appended. */
  chatBase: externalUrlSchema,
  logo: z.strictObject({ src: mediaPathSchema, width: z.number(), height: z.number() }),
})
export type Site = z.infer<typeof siteSchema>

// ---------------------------------------------------------------------------------------------
// nav.ts

/** Nav item (spec: title, path, sectionId), as a title plus a link target. */
export const navLinkSchema = z.union([
  z.strictObject({ title: text, ...targetShapes.section }),
  z.strictObject({ title: text, ...targetShapes.path }),
  z.strictObject({ title: text, ...targetShapes.url }),
  z.strictObject({ title: text, ...targetShapes.viewer }),
])
export type NavLink = z.infer<typeof navLinkSchema>

export const navSchema = z.strictObject({
  home: navLinkSchema,
  ecommerce: z.strictObject({ title: text, items: z.array(navLinkSchema).length(6) }),
  features: z.strictObject({ title: text, items: z.array(navLinkSchema).length(3) }),
  realEstate: navLinkSchema,
  about: navLinkSchema,
  login: navLinkSchema,
  contact: navLinkSchema,
})
export type Nav = z.infer<typeof navSchema>

// ---------------------------------------------------------------------------------------------
// brands.ts

export const brandSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: text,
  logo: mediaPathSchema,
})
export const brandsSchema = z
  .array(brandSchema)
  .length(12)
  .refine((list) => new Set(list.map((b) => b.id)).size === list.length, 'brand ids are unique')
export type Brand = z.infer<typeof brandSchema>

// ---------------------------------------------------------------------------------------------
// A benefit card (home "The Shoppers get..." and "The Brands get...", the try-on page)

export const benefitCardSchema = z.strictObject({
  /** A picture or a figure: the spec's "image or value". */
  image: imageSchema.optional(),
  value: text.optional(),
  title: text,
  description: text,
})
export type BenefitCard = z.infer<typeof benefitCardSchema>

// ---------------------------------------------------------------------------------------------
// footer.ts

const footerColumn = (length: number) =>
  z.strictObject({ title: text, links: z.array(navLinkSchema).length(length) })

export const footerSchema = z.strictObject({
  blurb: text,
  quickLinks: footerColumn(4),
  products: footerColumn(6),
  features: footerColumn(9),
  industries: footerColumn(8),
  legal: z.array(navLinkSchema).min(2),
  /** After "© year legal name." in the bottom bar. */
  rights: text,
  email: z.email(),
  contactTitle: text,
  socialTitle: text,
})
export type Footer = z.infer<typeof footerSchema>
