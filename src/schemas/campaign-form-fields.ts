/**
 * A campaign form's names and native rules without zod (issue 63): what the ContactForm island
 * needs to draw a campaign's fields before any script arrives (each field's posted name, its
 * native constraint attributes, a hidden field's value), while the rules themselves
 * (campaign-form-rules.ts) are fetched only when the visitor starts filling the form in, as the
 * spec's form's are. Only types come from campaign-form.ts, which is built with zod.
 */
import { fieldKey, HIDDEN_VALUE_LIMIT } from './campaign-field-key'
import type { CampaignField, HiddenSource } from './campaign-form'

export { fieldKey, HIDDEN_VALUE_LIMIT } from './campaign-field-key'

export const PHONE_LIMIT = 40
export const EMAIL_LIMIT = 254

/** The hidden field that names the landing page whose form a post was sent with (its address, no slash). */
export const FORM_PAGE_FIELD = 'formPage'
/** Where a campaign form's island tells the site, once, that its visitor started it (issue 63). */
export const FORM_START_ENDPOINT = '/api/form-start'

/** A rendered field's native constraint attributes: what a browser checks with JavaScript off. */
export type NativeAttributes = Record<string, string | number | boolean>

/** The same rules as the edge's, as attributes of the field's input (`select` and checkboxes: of each). */
export function nativeAttributes(field: CampaignField): NativeAttributes {
  const name = fieldKey(field.label)
  const required = field.need === 'required' && !('checkboxes' in field) && !('hidden' in field)
  const base: NativeAttributes = { name, ...(required ? { required: true } : {}) }
  if ('shortText' in field) return { ...base, type: 'text', maxLength: field.shortText.longest }
  if ('longText' in field) return { ...base, maxLength: field.longText.longest }
  if ('email' in field) return { ...base, type: 'email', maxLength: EMAIL_LIMIT, autoComplete: 'email' }
  if ('phone' in field) return { ...base, type: 'tel', maxLength: PHONE_LIMIT, autoComplete: 'tel' }
  if ('number' in field) {
    const { lowest, highest } = field.number
    return {
      ...base,
      type: 'number',
      step: 1,
      inputMode: 'numeric',
      ...(lowest !== undefined ? { min: lowest } : {}),
      ...(highest !== undefined ? { max: highest } : {}),
    }
  }
  if ('date' in field) {
    const { earliest, latest } = field.date
    return {
      ...base,
      type: 'date',
      ...(earliest ? { min: earliest } : {}),
      ...(latest ? { max: latest } : {}),
    }
  }
  if ('consent' in field || 'checkboxes' in field)
    return { ...base, type: 'checkbox', ...('consent' in field ? { value: 'yes' } : {}) }
  if ('hidden' in field) return { name, type: 'hidden', maxLength: HIDDEN_VALUE_LIMIT }
  return base
}

/** A campaign form's answers as a form holds them: text, or the ticked options of checkboxes. */
export type CampaignAnswers = Record<string, string | string[]>

/** The campaign parameters of this visit's address, by parameter (what a hidden field may carry). */
export type VisitCampaign = Partial<Record<HiddenSource, string>>

/**
 * The value a hidden field is drawn with: the landing page's address, the page's locale, its fixed value, or the
 * campaign parameter of the page's own address (`?utm_campaign=nrf27`); empty when the visit's
 * address has none (the server then takes the visit's first landing's, at the post).
 */
export function hiddenValue(
  field: CampaignField,
  page: string,
  visit: VisitCampaign,
  /** The page's locale (a code of lib/locales.ts). */
  locale: string,
): string {
  if (!('hidden' in field)) return ''
  const { carries } = field.hidden
  const value =
    carries === 'the landing page'
      ? page
      : carries === 'the locale'
        ? locale
        : carries === 'a fixed value'
          ? (field.hidden.fixedValue ?? '')
          : (visit[carries] ?? '')
  return value.slice(0, HIDDEN_VALUE_LIMIT)
}

/** Whether a form draws a hidden field from the visit's address (such a page with `utm_*` is never cached). */
export const drawsVisitCampaign = (fields: readonly CampaignField[]) =>
  fields.some((field) => 'hidden' in field && field.hidden.carries.startsWith('utm_'))

/** A post's answers to the form's own fields, kept as typed (cut to a bound) so an invalid post is shown again. */
export function keptAnswers(fields: readonly CampaignField[], input: unknown): CampaignAnswers {
  const source = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>
  const kept: CampaignAnswers = {}
  for (const field of fields) {
    const key = fieldKey(field.label)
    const value = source[key]
    if (typeof value === 'string') kept[key] = value.slice(0, 1_500)
    else if (Array.isArray(value))
      kept[key] = value.filter((item): item is string => typeof item === 'string').map((s) => s.slice(0, 80))
  }
  return kept
}
