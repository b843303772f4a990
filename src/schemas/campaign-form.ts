/**
 * A campaign's form (issue 63): the fields a landing page's contact section asks beyond the name
 * and e-mail address every form asks. Each field is one of an allow-listed set of types, told
 * apart by the key it has (as a link's target is), so the studio's generated form edits it: a
 * label, help text, required or not, and the type's limits. The publish gate's checks of a whole
 * form (labels present and unique, at most MAX_VISIBLE_FIELDS visible, a fixed size) are
 * `formProblems`, which the contact section's schema runs.
 *
 * What a visitor's post must hold is made from the same definition (campaign-form-rules.ts), and
 * a lead keeps the definition it was sent with (`SentForm`), so it stays readable after an edit.
 */
import { z } from 'zod'
import { fieldKey, HIDDEN_VALUE_LIMIT } from './campaign-field-key'

export { fieldKey, HIDDEN_VALUE_LIMIT } from './campaign-field-key'

const text = z.string().trim().min(1)

/** What the form shows visitors at most, the name and e-mail address included. */
export const MAX_VISIBLE_FIELDS = 12
/** Fields of one form at most, hidden ones included. */
export const MAX_FORM_FIELDS = 20
/** The longest answers of one form's fields, added up: one form's fields cannot exceed this. */
export const FORM_CHARACTER_BUDGET = 4_000
export const FIELD_LIMITS = { shortText: 200, longText: 1_500, option: 80, options: 20, wording: 600 }

/**
 * What a hidden field carries: a campaign parameter of the visit, the landing page, the locale of
 * the page (a code of lib/locales.ts, `en` or `de`; filled by the server), or a fixed value.
 */
export const HIDDEN_SOURCES = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'the landing page',
  'the locale',
  'a fixed value',
] as const
export type HiddenSource = (typeof HIDDEN_SOURCES)[number]

const option = text.max(FIELD_LIMITS.option)
const options = (min: number) => z.array(option).min(min).max(FIELD_LIMITS.options)
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD, such as 2027-01-12.')

/** Each type's own part, by the key that tells it apart. */
const FIELD_TYPES = {
  shortText: z.strictObject({ longest: z.number().int().min(1).max(FIELD_LIMITS.shortText) }),
  longText: z.strictObject({ longest: z.number().int().min(1).max(FIELD_LIMITS.longText) }),
  email: z.literal(true),
  phone: z.literal(true),
  number: z.strictObject({ lowest: z.number().int().optional(), highest: z.number().int().optional() }),
  select: z.strictObject({ options: options(2) }),
  checkboxes: z.strictObject({ options: options(1) }),
  date: z.strictObject({ earliest: isoDate.optional(), latest: isoDate.optional() }),
  /** A box to tick, beside these exact words: stored with the lead as they were. */
  consent: z.strictObject({ wording: text.max(FIELD_LIMITS.wording) }),
  /** Never shown: filled in by the server from the visit, the page or the definition. */
  hidden: z.strictObject({
    carries: z.enum(HIDDEN_SOURCES),
    fixedValue: text.max(HIDDEN_VALUE_LIMIT).optional(),
  }),
} as const

export type FieldType = keyof typeof FIELD_TYPES
export const FIELD_TYPE_NAMES = Object.keys(FIELD_TYPES) as FieldType[]

/** What every field has: its label, help text under it, and whether it must be answered. */
const shared = {
  label: text.max(80),
  help: text.max(200).optional(),
  need: z.enum(['required', 'optional']),
}

export type CampaignField = {
  [K in FieldType]: { label: string; help?: string; need: 'required' | 'optional' } & {
    [P in K]: z.infer<(typeof FIELD_TYPES)[K]>
  }
}[FieldType]

export const campaignFieldSchema = z.union(
  FIELD_TYPE_NAMES.map((type) => z.strictObject({ ...shared, [type]: FIELD_TYPES[type] })),
) as unknown as z.ZodType<CampaignField>

/** A field's type: the one key beside the shared ones. */
export const fieldTypeOf = (field: CampaignField): FieldType =>
  FIELD_TYPE_NAMES.find((type) => type in field) as FieldType

export const isHidden = (field: CampaignField) => 'hidden' in field

/** The longest answer a field takes, in characters (what the form's size adds up). */
export function longestAnswer(field: CampaignField): number {
  if ('shortText' in field) return field.shortText.longest
  if ('longText' in field) return field.longText.longest
  if ('select' in field) return FIELD_LIMITS.option
  if ('checkboxes' in field) return field.checkboxes.options.reduce((sum, o) => sum + o.length, 0)
  if ('email' in field) return 254
  if ('phone' in field) return 40
  if ('hidden' in field) return HIDDEN_VALUE_LIMIT
  return 32
}

/** The words a refusal says, marketing's words. */
export const FORM_WORDS = {
  tooMany: `A form shows at most ${MAX_VISIBLE_FIELDS} fields, the name and e-mail address included. Remove one, or make it hidden.`,
  sameLabel: 'Another field of this form has this label. Give each field its own.',
  noKey: 'A label needs at least one letter or digit.',
  tooLong: `The form’s fields together take over ${FORM_CHARACTER_BUDGET} characters. Lower the longest answers.`,
  fixedValue: 'Write the value this hidden field carries.',
  lowestHighest: 'The lowest number is above the highest.',
  earliestLatest: 'The earliest date is after the latest.',
  sameOption: 'Two options have the same words.',
  tellAddress: 'Write the address that is told about each lead, like name@example.com.',
  tellNeedsQuestions:
    'Only a form with questions of its own can tell someone other than sales. Add a question, or choose Sales.',
} as const

export interface FormProblem {
  /** The path under the section's `fields`, e.g. [3, 'label']; empty for the whole list. */
  path: (string | number)[]
  message: string
}

/**
 * A whole form's problems: labels unique (with the name's and e-mail's, `coreLabels`) and each
 * posted under a name of its own, at most MAX_VISIBLE_FIELDS visible, the answers within the
 * budget, and each field's settings consistent.
 */
export function formProblems(fields: readonly CampaignField[], coreLabels: readonly string[]): FormProblem[] {
  const problems: FormProblem[] = []
  const seen = new Set(coreLabels.map((label) => label.trim().toLowerCase()))
  const keys = new Set(coreLabels.map(fieldKey))
  for (const [i, field] of fields.entries()) {
    const label = field.label.trim().toLowerCase()
    const key = fieldKey(field.label)
    if (!key) problems.push({ path: [i, 'label'], message: FORM_WORDS.noKey })
    else if (seen.has(label) || keys.has(key))
      problems.push({ path: [i, 'label'], message: FORM_WORDS.sameLabel })
    seen.add(label)
    keys.add(key)
    if ('hidden' in field && field.hidden.carries === 'a fixed value' && !field.hidden.fixedValue)
      problems.push({ path: [i, 'hidden', 'fixedValue'], message: FORM_WORDS.fixedValue })
    if ('number' in field && (field.number.lowest ?? -Infinity) > (field.number.highest ?? Infinity))
      problems.push({ path: [i, 'number', 'lowest'], message: FORM_WORDS.lowestHighest })
    if (
      'date' in field &&
      field.date.earliest &&
      field.date.latest &&
      field.date.earliest > field.date.latest
    )
      problems.push({ path: [i, 'date', 'earliest'], message: FORM_WORDS.earliestLatest })
    const choices =
      'select' in field ? field.select.options : 'checkboxes' in field ? field.checkboxes.options : []
    if (new Set(choices.map((o) => o.trim().toLowerCase())).size < choices.length)
      problems.push({ path: [i, fieldTypeOf(field), 'options'], message: FORM_WORDS.sameOption })
  }
  if (coreLabels.length + fields.filter((field) => !isHidden(field)).length > MAX_VISIBLE_FIELDS)
    problems.push({ path: [], message: FORM_WORDS.tooMany })
  if (fields.reduce((sum, field) => sum + longestAnswer(field), 0) > FORM_CHARACTER_BUDGET)
    problems.push({ path: [], message: FORM_WORDS.tooLong })
  return problems
}

/** A form's fields as the contact section holds them: none is the spec's form (name, e-mail, phone, inquiry). */
export const campaignFieldsSchema = z.array(campaignFieldSchema).max(MAX_FORM_FIELDS)

/** One field as a lead keeps it: its definition when it was sent, its name, and the answer. */
export interface SentField {
  key: string
  field: CampaignField
  /** The answer: text, the ticked options, 'yes' for a ticked consent box; '' or [] when none. */
  value: string | string[]
}

/**
 * Who is told about each lead of a form (issue 63 item 3): the sales address (as every lead of the
 * spec's form), another address the form names, or nobody by e-mail (the lead desk and the CRM
 * webhook only). The values are what the studio stores; its words are studio-fields.ts's choices.
 */
export const TELL_CHOICES = ['the sales address', 'another address', 'nobody by e-mail'] as const
export type TellChoice = (typeof TELL_CHOICES)[number]
export const tellSchema = z.enum(TELL_CHOICES)

/** What an address must look like to be told (the second channel's own test of an address). */
export const EMAIL_ADDRESS = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/
export const isEmailAddress = (value: string | undefined): value is string =>
  !!value && value.length <= 254 && EMAIL_ADDRESS.test(value)

/** Who a lead tells, as it keeps it: none is the sales address (every lead before issue 63 item 3). */
export type SentTell = { nobody: true } | { address: string }

/** What a lead of a campaign's form keeps (column form_fields, migrations/0043), as JSON. */
export interface SentForm {
  /** The landing page whose form it was sent with. */
  page: string
  fields: SentField[]
  /** Who is told about it, as its form said when it was sent; none: the sales address. */
  tell?: SentTell
}

/** What a lead keeps of its form's choice of who is told: none for the sales address. */
export function sentTellOf(
  choice: TellChoice | undefined,
  address: string | undefined,
): SentTell | undefined {
  if (choice === 'nobody by e-mail') return { nobody: true }
  if (choice === 'another address') return { address: (address ?? '').trim() }
  return undefined
}

/**
 * Who a lead is e-mailed to, from what it keeps: sales (the spec's form, and any lead that names no
 * one else), another address, nobody by e-mail; or `bad` when what it keeps is no e-mail address,
 * which delivery turns into a failure with its reason, never a lead silently not sent.
 */
export type Recipient =
  { to: 'sales' } | { to: 'address'; address: string } | { to: 'nobody' } | { to: 'bad' }

export function recipientOf(stored: string | null | undefined): Recipient {
  if (!stored) return { to: 'sales' }
  let tell: unknown
  try {
    tell = (JSON.parse(stored) as SentForm | null)?.tell
  } catch {
    return { to: 'sales' }
  }
  if (tell === undefined || tell === null) return { to: 'sales' }
  if (typeof tell === 'object' && (tell as { nobody?: unknown }).nobody === true) return { to: 'nobody' }
  const address = (tell as { address?: unknown }).address
  if (typeof address === 'string' && isEmailAddress(address)) return { to: 'address', address }
  return { to: 'bad' }
}

/** The reason a lead whose kept address is not one fails with (on its page, and in the log). */
export const BAD_RECIPIENT_REASON =
  'Not e-mailed: the address this page’s form tells is not an e-mail address. Read the lead here and pass it on.'

/** One answer as people read it: the label, and the answer in words (a consent, with its wording). */
export interface ReadableAnswer {
  label: string
  type: FieldType
  answer: string
  /** A consent box's exact words when it was sent. */
  wording?: string
}

const answerWords = (sent: SentField): string => {
  const value = Array.isArray(sent.value) ? sent.value.join(', ') : sent.value
  if ('consent' in sent.field) return value ? 'Agreed' : 'Not agreed'
  return value
}

/** A stored form's answers in form order, read as labels and words; [] for none or a text that is not one. */
export function readableAnswers(stored: string | null | undefined): ReadableAnswer[] {
  if (!stored) return []
  let form: SentForm
  try {
    form = JSON.parse(stored) as SentForm
  } catch {
    return []
  }
  if (!Array.isArray(form?.fields)) return []
  return form.fields.map((sent) => ({
    label: sent.field.label,
    type: fieldTypeOf(sent.field),
    answer: answerWords(sent),
    ...('consent' in sent.field ? { wording: sent.field.consent.wording } : {}),
  }))
}

/**
 * A stored form's answers as one readable block, a line per field (`Which fair?: EuroShop`, a
 * consent with its exact words): what the e-mails to sales carry beside the spec's fields. '' for
 * a lead of the spec's form.
 */
export function answersBlock(stored: string | null | undefined): string {
  return readableAnswers(stored)
    .map(({ label, answer, wording }) => `${label}: ${answer || '-'}${wording ? ` (“${wording}”)` : ''}`)
    .join('\n')
}
