/**
 * One schema, both ends (issue 63): a campaign form's definition (campaign-form.ts) made into the
 * zod schema the contact door validates a post with, and into the native constraint attributes
 * the rendered form carries (required, maxlength, type, min, max), so a browser without the
 * island checks the same rules. Built with zod's small build, as the spec's form's rules are
 * (contact.ts), and sharing its rules for the name and e-mail address.
 */
import * as z from 'zod/mini'
import {
  contactSchemaIn,
  CORE_RULES,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  MARKUP,
  MULTI_LINE_FORBIDDEN,
  SINGLE_LINE_FORBIDDEN,
  TURNSTILE_FIELD,
} from './contact'
import type { CampaignField, HiddenSource, SentField } from './campaign-form'
import {
  EMAIL_LIMIT,
  fieldKey,
  FORM_PAGE_FIELD,
  HIDDEN_VALUE_LIMIT,
  PHONE_LIMIT,
} from './campaign-form-fields'
import { FIELD_MESSAGES, fieldMessagesOf, type FieldMessages } from './campaign-field-messages'
import { LOCALE_FIELD, type ContactMessages, type FieldMessageTemplates } from './contact-fields'

export { FORM_PAGE_FIELD, nativeAttributes, type NativeAttributes } from './campaign-form-fields'
export { FIELD_MESSAGE_TEMPLATES, FIELD_MESSAGES } from './campaign-field-messages'

/** What the refusal of a field outside the form says, beside its name. */
export const UNKNOWN_FIELD_MESSAGE = 'This form has no such field.'

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/
const DATE = /^\d{4}-\d{2}-\d{2}$/
const TICKED = new Set(['yes', 'on', 'true'])

type Answer = string | string[]

/** The one answer a field was posted with: text as posted, a list for the checkboxes. */
function postedText(value: unknown): string | undefined {
  if (value === undefined || value === null) return ''
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (Array.isArray(value)) return value.length === 1 ? postedText(value[0]) : undefined
  return typeof value === 'string' ? value.trim() : undefined
}

/** The rule of one field: the answer, checked, as the lead keeps it; `undefined` for a message. */
function check(
  field: CampaignField,
  value: unknown,
  issue: (message: string) => undefined,
  said: FieldMessages,
): Answer | undefined {
  const { label } = field
  const need = field.need === 'required'
  if ('checkboxes' in field) {
    const list = (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value]).map(
      (item) => (typeof item === 'string' ? item.trim() : undefined),
    )
    if (list.some((item) => item === undefined || !field.checkboxes.options.includes(item)))
      return issue(said.choice(label))
    const ticked = field.checkboxes.options.filter((o) => list.includes(o))
    if (need && !ticked.length) return issue(said.required(label))
    return ticked
  }
  const text = postedText(value)
  if (text === undefined) return issue(said.required(label))
  if ('consent' in field) {
    const ticked = TICKED.has(text.toLowerCase())
    if (need && !ticked) return issue(said.required(label))
    return ticked ? 'yes' : ''
  }
  if ('hidden' in field) {
    if (SINGLE_LINE_FORBIDDEN.test(text) || MARKUP.test(text)) return ''
    return text.slice(0, HIDDEN_VALUE_LIMIT)
  }
  if (!text) return need ? issue(said.required(label)) : ''
  if ('longText' in field) {
    if (text.length > field.longText.longest) return issue(said.tooLong(label, field.longText.longest))
    return MULTI_LINE_FORBIDDEN.test(text) ? issue(said.characters(label)) : text
  }
  if (SINGLE_LINE_FORBIDDEN.test(text)) return issue(said.characters(label))
  if ('shortText' in field) {
    if (text.length > field.shortText.longest) return issue(said.tooLong(label, field.shortText.longest))
    return MARKUP.test(text) ? issue(said.characters(label)) : text
  }
  if ('email' in field)
    return text.length <= EMAIL_LIMIT && EMAIL.test(text) ? text : issue(said.email(label))
  if ('phone' in field) {
    if (text.length > PHONE_LIMIT) return issue(said.tooLong(label, PHONE_LIMIT))
    return MARKUP.test(text) ? issue(said.characters(label)) : text
  }
  if ('number' in field) {
    if (!/^-?\d{1,15}$/.test(text)) return issue(said.number(label))
    const n = Number(text)
    const { lowest, highest } = field.number
    if (lowest !== undefined && n < lowest) return issue(said.lowest(label, lowest))
    if (highest !== undefined && n > highest) return issue(said.highest(label, highest))
    return String(n)
  }
  if ('select' in field) return field.select.options.includes(text) ? text : issue(said.choice(label))
  // A date, as a date input posts it.
  const { earliest, latest } = field.date
  if (!DATE.test(text) || Number.isNaN(Date.parse(text))) return issue(said.date(label))
  if (earliest && text < earliest) return issue(said.earliest(label, earliest))
  if (latest && text > latest) return issue(said.latest(label, latest))
  return text
}

/** One field's zod rule: its answer checked and normalised (a list for the checkboxes). */
export function fieldRule(field: CampaignField, said: FieldMessages = FIELD_MESSAGES) {
  return z.pipe(
    z.unknown(),
    z.transform((value: unknown, ctx) => {
      let message: string | undefined
      const answer = check(
        field,
        value,
        (words) => {
          message = words
          return undefined
        },
        said,
      )
      if (message !== undefined) {
        ctx.issues.push({ code: 'custom', message, input: value })
        return z.NEVER
      }
      return answer as Answer
    }),
  )
}

/**
 * The schema a post of this form must fit: the name and e-mail address as on every form, each of
 * the form's fields by its name (fieldKey), the spam guards' own fields, and nothing else: a field
 * outside the definition is an issue of its own (`unrecognized_keys`, naming it).
 */
export function campaignFormSchema(
  fields: readonly CampaignField[],
  messages?: ContactMessages,
  /** The fields' own messages in the page's locale (the English by default). */
  fieldMessages?: FieldMessageTemplates,
) {
  // The name's and e-mail's messages in the page's locale (the spec's English by default).
  const core = messages ? contactSchemaIn(messages).shape : CORE_RULES
  const shape: Record<string, z.ZodMiniType> = {
    name: core.name,
    email: core.email,
    time: core.time,
    [HONEYPOT_FIELD]: z.optional(z.unknown()),
    [FORM_TOKEN_FIELD]: z.optional(z.unknown()),
    [TURNSTILE_FIELD]: z.optional(z.unknown()),
    [FORM_PAGE_FIELD]: z.optional(z.unknown()),
    // Read and checked against the registry by the server (leads/routes/contact-locale.ts).
    [LOCALE_FIELD]: z.optional(z.unknown()),
  }
  const keys = fields.map((field) => fieldKey(field.label))
  const said = fieldMessages ? fieldMessagesOf(fieldMessages) : FIELD_MESSAGES
  for (const [i, field] of fields.entries()) shape[keys[i]!] = fieldRule(field, said)
  // A field left out is an empty answer (an unticked box posts nothing): its rule says if that will do.
  const unanswered = Object.fromEntries(keys.map((key) => [key, '']))
  return z.pipe(
    z.transform((input: unknown) =>
      typeof input === 'object' && input !== null && !Array.isArray(input)
        ? { ...unanswered, ...input }
        : input,
    ),
    z.strictObject(shape),
  )
}

/** The first message per field; a field outside the form is named with UNKNOWN_FIELD_MESSAGE. */
export function campaignErrors(
  issues: readonly { code: string; path: PropertyKey[]; message: string; keys?: string[] }[],
) {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys')
      for (const key of issue.keys ?? []) errors[key] ??= UNKNOWN_FIELD_MESSAGE
    const field = issue.path[0]
    if (typeof field === 'string') errors[field] ??= issue.message
  }
  return errors
}

/** The visit's facts a hidden field may carry, filled in by the server, never taken from the post alone. */
export interface HiddenFacts {
  /** The landing page's path, `/nrf-2027`. */
  page: string
  /** The campaign parameters of the visit's landing (the attribution cookie), by parameter. */
  utm: Partial<Record<HiddenSource, string | null>>
  /** The locale the post was sent in, checked against the registry (lib/locales.ts). */
  locale: string
}

/**
 * The answers a lead keeps, in form order, each with the field's definition: a hidden field's
 * value is the page's address or its fixed value whatever was posted; a campaign parameter is the
 * one posted (copied from the address) or else the visit's.
 */
export function sentFields(
  fields: readonly CampaignField[],
  answers: Record<string, unknown>,
  facts: HiddenFacts,
): SentField[] {
  return fields.map((field) => {
    const key = fieldKey(field.label)
    let value = (answers[key] ?? '') as Answer
    if ('hidden' in field) {
      const { carries } = field.hidden
      if (carries === 'the landing page') value = facts.page
      else if (carries === 'the locale') value = facts.locale
      else if (carries === 'a fixed value') value = field.hidden.fixedValue ?? ''
      else value = value || (facts.utm[carries] ?? '').slice(0, HIDDEN_VALUE_LIMIT)
    }
    return { key, field, value }
  })
}
