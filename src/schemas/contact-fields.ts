/**
 * The Schedule call form's fields, limits, messages and helpers, without zod: the ContactForm
 * island needs these to render, while the rules themselves (schemas/contact.ts) are fetched only
 * when the visitor starts filling the form in.
 */
import type { CampaignAnswers } from './campaign-form-fields'

export const CONTACT_ENDPOINT = '/api/contact'

/**
 * Longest accepted values, in UTF-16 code units (what `maxLength` counts). The inquiry limit
 * keeps any valid native form post under the 16 KB body limit, even when non-Latin text is
 * percent-encoded at 9 bytes per character.
 */
export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  inquiry: 1500,
  time: 64,
} as const

/** The spec's messages (section 5), plus the ones for rules the spec leaves open. */
export const CONTACT_MESSAGES = {
  name: 'Name is required',
  email: 'Invalid email address',
  phone: 'Phone number is required',
  inquiry: 'Please describe your inquiry',
  nameTooLong: `Name must be at most ${CONTACT_LIMITS.name} characters`,
  nameCharacters: 'Name contains characters that are not allowed',
  phoneTooLong: `Phone number must be at most ${CONTACT_LIMITS.phone} characters`,
  phoneCharacters: 'Phone number contains characters that are not allowed',
  inquiryTooLong: `Inquiry must be at most ${CONTACT_LIMITS.inquiry} characters`,
  inquiryCharacters: 'Inquiry contains characters that are not allowed',
  time: 'Invalid local time',
} as const

/** Form copy shared by the island, the no-JavaScript result and the toasts (spec section 8). */
export const CONTACT_NOTICES = {
  successTitle: 'Success',
  success: 'Your message has been sent successfully!',
  errorTitle: 'Error',
  error: 'Failed to send message. Please try again.',
  /** Added to the success words for a message sent from a preview or share link. */
  test: 'It was sent from a preview or share link, so it was kept as a test: sales were not e-mailed.',
} as const

/** A form's messages and notices in one locale: English's are the two tables above, the spec's. */
export type ContactMessages = Record<keyof typeof CONTACT_MESSAGES, string>
export type ContactNotices = Record<keyof typeof CONTACT_NOTICES, string>

/**
 * A campaign field's messages as templates: `{label}` stands for the field's label, `{n}` for its
 * limit or date. Words, not functions, so a locale's table is plain data like the rest of its copy.
 */
export type FieldMessageTemplates = Record<
  | 'required'
  | 'tooLong'
  | 'characters'
  | 'email'
  | 'number'
  | 'lowest'
  | 'highest'
  | 'date'
  | 'earliest'
  | 'latest'
  | 'choice',
  string
>

/**
 * The form's words in a locale other than the default's (content/locales/<code>/contact.ts): its
 * messages, which the shared schema is built with (schemas/contact.ts contactSchemaIn), and its
 * notices and toasts. The island gets them as a prop, so the browser says what the edge says.
 */
export interface ContactWords {
  messages: ContactMessages
  /** A campaign form's own fields' messages (schemas/campaign-form-rules.ts has the English). */
  fieldMessages: FieldMessageTemplates
  notices: ContactNotices
  /** What a native post over the rate limit reads, and the island's 429 answer carries. */
  rateLimit: string
}

/** The hidden field that names the locale of the page the form is on (none: the default's). */
export const LOCALE_FIELD = 'locale'

/** The 202 answer to a post: the next form's token, and `test` when it was sent from a preview or share link. */
export interface ContactSentAnswer {
  ok?: unknown
  id?: unknown
  formToken?: unknown
  test?: unknown
  /** A campaign form's thank-you page (issue 63), where the visitor goes next. */
  next?: unknown
}

/**
 * On the bar of a preview or share link whose page has the contact form (server-rendered only, so
 * it stays out of the form island's script).
 */
export const DRAFT_FORM_NOTE =
  'A message sent with this page’s form is kept as a test in the spam folder of the leads, never e-mailed to sales.'

/** The success words; for a test sent from a preview or share link, with what became of it. */
export const contactSuccessWords = (test?: boolean, notices: ContactNotices = CONTACT_NOTICES): string =>
  test ? `${notices.success} ${notices.test}` : notices.success

/** Name of the hidden field people never fill; anything in it marks the post as a bot's. */
export const HONEYPOT_FIELD = 'website'

/** Name of the hidden field that carries the signed time the form was served (leads/services/form-token.ts). */
export const FORM_TOKEN_FIELD = 'formToken'

/** Name of the field that carries Cloudflare Turnstile's token (the widget's own name for it). */
export const TURNSTILE_FIELD = 'cf-turnstile-response'

/** The four fields a person fills in, in form order. */
export const CONTACT_FIELDS = ['name', 'email', 'phone', 'inquiry'] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]

/** What the form holds: all strings, all empty at first (spec section 3). */
export type ContactValues = Record<ContactField, string>
export type ContactErrors = Partial<Record<ContactField | 'time', string>>

export const emptyContact: ContactValues = { name: '', email: '', phone: '', inquiry: '' }

/** First message per field, the shape both the endpoint's 400 and the form use. */
export function contactFieldErrors(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[]
}) {
  const errors: ContactErrors = {}
  for (const issue of error.issues) {
    const field = issue.path[0]
    if (typeof field === 'string' && isErrorField(field) && !errors[field]) errors[field] = issue.message
  }
  return errors
}

function isErrorField(field: string): field is keyof ContactErrors {
  return field === 'time' || (CONTACT_FIELDS as readonly string[]).includes(field)
}

/** Raw submitted values, kept as strings so an invalid post can be shown again as typed. */
export function keptValues(input: unknown): ContactValues {
  const source = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>
  const values = { ...emptyContact }
  for (const field of CONTACT_FIELDS) {
    const value = source[field]
    if (typeof value === 'string') values[field] = value.slice(0, CONTACT_LIMITS[field])
  }
  return values
}

/**
 * Outcome of a native (no-JavaScript) form post, carried to the next home page render by a
 * short-lived cookie: never in the URL, so no personal data reaches logs or history. A campaign's
 * form (issue 63) also carries its own fields' answers, and its errors are by those fields' names.
 */
export type ContactFlash =
  | { status: 'sent'; test?: true }
  | {
      status: 'invalid'
      values: ContactValues
      errors: ContactErrors & Partial<Record<string, string>>
      answers?: CampaignAnswers
    }
  | { status: 'error'; values: ContactValues; message: string; answers?: CampaignAnswers }
