/**
 * The Schedule call request: one set of rules for the browser form and the /api/contact
 * endpoint. Built with zod's small build (`zod/mini`) because the ContactForm island ships it.
 */
import * as z from 'zod/mini'

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
} as const

/**
 * Control characters, lone surrogates and bidirectional overrides: never typed by a person,
 * and able to break or disguise a one-line e-mail field (header injection, spoofed text).
 */
const SINGLE_LINE_FORBIDDEN = /[\p{Cc}\p{Cs}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u
/** The inquiry may hold line breaks and tabs, nothing else from the list above. */
const MULTI_LINE_FORBIDDEN = /[\p{Cs}\u2028\u2029\u202A-\u202E\u2066-\u2069]|(?![\t\n\r])\p{Cc}/u
/** Markup has no place in a name or a phone number (templates may print them unescaped). */
const MARKUP = /[<>]/

const allowed = (pattern: RegExp) => (value: string) => !pattern.test(value)

/** A required one-line field without markup (name, phone), with its three messages. */
function singleLineField(max: number, messages: { required: string; tooLong: string; characters: string }) {
  return z
    .string({ error: messages.required })
    .check(
      z.trim(),
      z.minLength(1, { error: messages.required }),
      z.maxLength(max, { error: messages.tooLong }),
      z.refine(allowed(SINGLE_LINE_FORBIDDEN), { error: messages.characters }),
      z.refine(allowed(MARKUP), { error: messages.characters }),
    )
}

const name = singleLineField(CONTACT_LIMITS.name, {
  required: CONTACT_MESSAGES.name,
  tooLong: CONTACT_MESSAGES.nameTooLong,
  characters: CONTACT_MESSAGES.nameCharacters,
})

const email = z.pipe(
  z.string({ error: CONTACT_MESSAGES.email }).check(z.trim()),
  z
    .email({ error: CONTACT_MESSAGES.email })
    .check(z.maxLength(CONTACT_LIMITS.email, { error: CONTACT_MESSAGES.email })),
)

const phone = singleLineField(CONTACT_LIMITS.phone, {
  required: CONTACT_MESSAGES.phone,
  tooLong: CONTACT_MESSAGES.phoneTooLong,
  characters: CONTACT_MESSAGES.phoneCharacters,
})

const inquiry = z
  .string({ error: CONTACT_MESSAGES.inquiry })
  .check(
    z.trim(),
    z.minLength(1, { error: CONTACT_MESSAGES.inquiry }),
    z.maxLength(CONTACT_LIMITS.inquiry, { error: CONTACT_MESSAGES.inquiryTooLong }),
    z.refine(allowed(MULTI_LINE_FORBIDDEN), { error: CONTACT_MESSAGES.inquiryCharacters }),
  )

/** The visitor's local date-time string, as the browser formats it; the server's when absent. */
const time = z.optional(
  z
    .string({ error: CONTACT_MESSAGES.time })
    .check(
      z.trim(),
      z.maxLength(CONTACT_LIMITS.time, { error: CONTACT_MESSAGES.time }),
      z.refine(allowed(SINGLE_LINE_FORBIDDEN), { error: CONTACT_MESSAGES.time }),
    ),
)

/** Name of the hidden field people never fill; anything in it marks the post as a bot's. */
export const HONEYPOT_FIELD = 'website'

export const contactSchema = z.object({
  name,
  email,
  phone,
  inquiry,
  time,
  [HONEYPOT_FIELD]: z.optional(z.unknown()),
})

export type ContactRequest = z.infer<typeof contactSchema>

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
 * short-lived cookie: never in the URL, so no personal data reaches logs or history.
 */
export type ContactFlash =
  | { status: 'sent' }
  | { status: 'invalid'; values: ContactValues; errors: ContactErrors }
  | { status: 'error'; values: ContactValues; message: string }

const flashValues = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  inquiry: z.string(),
})

/** Checks a flash read back from a cookie, which the client could have altered. */
export const contactFlashSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('sent') }),
  z.object({
    status: z.literal('invalid'),
    values: flashValues,
    errors: z.partial(
      z.object({
        name: z.string(),
        email: z.string(),
        phone: z.string(),
        inquiry: z.string(),
        time: z.string(),
      }),
    ),
  }),
  z.object({ status: z.literal('error'), values: flashValues, message: z.string() }),
])
