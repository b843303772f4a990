/**
 * Shapes of the interface copy: words the site's chrome and widgets show or announce that are not
 * tied to one page (content/ui.ts), and the copy the islands receive as props. Islands import the
 * types only (`import type`), so no zod reaches the browser from here.
 */
import { z } from 'zod'
import type { ContactWords } from './contact-fields'
import type { Nav, Site } from './content'
import type { ArticleFrame, LocaleNotFoundCopy } from './pages'

const text = z.string().trim().min(1)

/** A titled message: a toast, or the notice a form post without JavaScript shows. */
export const noticeCopySchema = z.strictObject({ title: text, text })
export type NoticeCopy = z.infer<typeof noticeCopySchema>
/** The Previous/Next buttons of the carousel and the testimonial slider (screen-reader names). */
export const sliderCopySchema = z.strictObject({ previous: text, next: text })
export type SliderCopy = z.infer<typeof sliderCopySchema>

export const uiCopySchema = z.strictObject({
  skipLink: text,
  /** The header: the mobile menu's toggle, and the names of the two navigation landmarks. */
  menu: z.strictObject({ toggle: text, mainLabel: text, mobileLabel: text }),
  /** The fixed buttons: the WCAG 2.2.2 toggle on pages with videos, and the chat button's name. */
  buttons: z.strictObject({ pauseAnimations: text, chat: text }),
  backToHome: text,
  slider: sliderCopySchema,
  /** The try-on and gaming items. */
  showcase: z.strictObject({ benefits: text, action: text }),
  /**
   * The language switcher in the header and footer (its landmark's name), and the banner that offers a
   * page in the visitor's language, written in that language (docs/locales.md).
   */
  languages: z.strictObject({ label: text, offer: text, action: text, close: text }),
  /** What screen readers hear after a link that opens a new tab (lib/links.ts newTabNote). */
  newTab: text,
})
export type UiCopy = z.infer<typeof uiCopySchema>

/** What every page of a locale shares around its own copy (content/locales/): interface words, navigation, who we are. */
export interface LocaleChrome {
  ui: UiCopy
  nav: Nav
  site: Site
  /** The contact form's messages and notices (content/locales/<code>/contact.ts); none: the spec's English. */
  contact?: ContactWords
  /** The words around a post, and the blog's mark of a post not written in it (content/locales/<code>/posts.ts); none: English. */
  posts?: LocalePostWords
  /** The 404 page under the locale's prefix (content/locales/<code>/not-found.ts); none: English. */
  notFound?: LocaleNotFoundCopy
}

/** A locale's words around its posts (docs/locales.md, "Which pages are in which locale"). */
export interface LocalePostWords {
  /** The kicker, reading time and closing call to action around an article. */
  frame: ArticleFrame
  /** Beside a post on the locale's blog that has no edition in it: the language it is in. */
  inDefault: string
}

/** A form's submit button: its label, and its label (disabled) while the post is under way. */
const submitCopySchema = z.strictObject({ idle: text, busy: text })

/** Labels and messages of the Schedule call form (the field messages live in schemas/contact.ts). */
export const contactFormCopySchema = z.strictObject({
  labels: z.strictObject({ name: text, email: text, phone: text, inquiry: text }),
  /** Label of the hidden honeypot field, for the bots that read labels. */
  honeypotLabel: text,
  submit: submitCopySchema,
  /** Above the fields after a post without JavaScript that the server refused. */
  invalidNotice: text,
})
export type ContactFormCopy = z.infer<typeof contactFormCopySchema>

/** The /update form: its field and button, and the toasts after a save. */
export const updateFormCopySchema = z.strictObject({
  field: z.strictObject({ label: text, placeholder: text }),
  submit: submitCopySchema,
  /** The toasts after a save. */
  outcomes: z.strictObject({ saved: noticeCopySchema, failed: noticeCopySchema }),
})
export type UpdateFormCopy = z.infer<typeof updateFormCopySchema>

export const updatePageCopySchema = z.strictObject({
  meta: z.strictObject({ title: text, description: text }),
  heading: text,
  form: updateFormCopySchema,
  /** What a save without JavaScript reports, by the `?status=` it redirects to. */
  outcomes: z.strictObject({
    updated: noticeCopySchema,
    failed: noticeCopySchema,
    invalid: noticeCopySchema,
  }),
  /** Before the default address, when nothing is stored yet. */
  defaultNote: text,
})
export type UpdatePageCopy = z.infer<typeof updatePageCopySchema>
