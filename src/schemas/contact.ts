/**
 * The Schedule call request: one set of rules for the browser form and the /api/contact
 * endpoint. Built with zod's small build (`zod/mini`) because the ContactForm island ships it
 * (loaded when the visitor starts filling the form in). Fields, limits and messages are in
 * contact-fields.ts, re-exported here.
 */
import * as z from 'zod/mini'
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  TURNSTILE_FIELD,
  type ContactMessages,
} from './contact-fields'

export * from './contact-fields'

/**
 * Control characters, lone surrogates and bidirectional overrides: never typed by a person,
 * and able to break or disguise a one-line e-mail field (header injection, spoofed text).
 */
export const SINGLE_LINE_FORBIDDEN = /[\p{Cc}\p{Cs}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u
/** The inquiry may hold line breaks and tabs, nothing else from the list above. */
export const MULTI_LINE_FORBIDDEN = /[\p{Cs}\u2028\u2029\u202A-\u202E\u2066-\u2069]|(?![\t\n\r])\p{Cc}/u
/** Markup has no place in a name or a phone number (templates may print them unescaped). */
export const MARKUP = /[<>]/

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

/** The form's rules, each with its message in one locale's words (English's: the spec's). */
function contactRules(messages: ContactMessages) {
  const name = singleLineField(CONTACT_LIMITS.name, {
    required: messages.name,
    tooLong: messages.nameTooLong,
    characters: messages.nameCharacters,
  })
  const email = z.pipe(
    z.string({ error: messages.email }).check(z.trim()),
    z.email({ error: messages.email }).check(z.maxLength(CONTACT_LIMITS.email, { error: messages.email })),
  )
  const phone = singleLineField(CONTACT_LIMITS.phone, {
    required: messages.phone,
    tooLong: messages.phoneTooLong,
    characters: messages.phoneCharacters,
  })
  const inquiry = z
    .string({ error: messages.inquiry })
    .check(
      z.trim(),
      z.minLength(1, { error: messages.inquiry }),
      z.maxLength(CONTACT_LIMITS.inquiry, { error: messages.inquiryTooLong }),
      z.refine(allowed(MULTI_LINE_FORBIDDEN), { error: messages.inquiryCharacters }),
    )
  /** The visitor's local date-time string, as the browser formats it; the server's when absent. */
  const time = z.optional(
    z
      .string({ error: messages.time })
      .check(
        z.trim(),
        z.maxLength(CONTACT_LIMITS.time, { error: messages.time }),
        z.refine(allowed(SINGLE_LINE_FORBIDDEN), { error: messages.time }),
      ),
  )
  return { name, email, phone, inquiry, time }
}

/**
 * The Schedule call request's schema with one locale's messages: the same rules in every locale,
 * so the edge and the island (which gets the locale's words as a prop) say the same words.
 */
export function contactSchemaIn(messages: ContactMessages) {
  const { name, email, phone, inquiry, time } = contactRules(messages)
  return z.object({
    name,
    email,
    phone,
    inquiry,
    time,
    [HONEYPOT_FIELD]: z.optional(z.unknown()),
    // Judged by the spam rules, not here: a post without a good one is kept as spam, not refused.
    [FORM_TOKEN_FIELD]: z.optional(z.unknown()),
    // Checked with siteverify when Turnstile is on (leads/services/turnstile.ts), ignored otherwise.
    [TURNSTILE_FIELD]: z.optional(z.unknown()),
  })
}

const english = contactRules(CONTACT_MESSAGES)

/** The rules every form shares, the spec's and a campaign's (campaign-form-rules.ts). */
export const CORE_RULES = { name: english.name, email: english.email, time: english.time }

/** The spec's form with the spec's messages. */
export const contactSchema = contactSchemaIn(CONTACT_MESSAGES)

export type ContactRequest = z.infer<typeof contactSchema>

const flashValues = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  inquiry: z.string(),
})

/** A campaign form's own answers (issue 63), as typed: text, or the ticked options. */
const flashAnswers = z.optional(z.record(z.string(), z.union([z.string(), z.array(z.string())])))

/** Checks a flash read back from a cookie, which the client could have altered. */
export const contactFlashSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('sent'), test: z.optional(z.literal(true)) }),
  z.object({
    status: z.literal('invalid'),
    values: flashValues,
    // By field: the spec's four and time, or a campaign form's own (`f-which-fair`).
    errors: z.record(z.string(), z.string()),
    answers: flashAnswers,
  }),
  z.object({ status: z.literal('error'), values: flashValues, message: z.string(), answers: flashAnswers }),
])
