/**
 * A post of a campaign's form (issue 63), as the contact door needs it: which landing page's
 * published form it names (FORM_PAGE_FIELD), its refusals by field (a field outside the form
 * named), and the answers the lead keeps with their definitions. The rules themselves are the
 * definition's (schemas/campaign-form-rules.ts).
 */
import type { Attribution } from '../../../schemas/admin-records'
import { sentTellOf, type CampaignField, type SentForm, type SentTell } from '../../../schemas/campaign-form'
import {
  campaignErrors,
  campaignFormSchema,
  FORM_PAGE_FIELD,
  sentFields,
} from '../../../schemas/campaign-form-rules'
import { CONTACT_MESSAGES, type ContactMessages, type ContactRequest } from '../../../schemas/contact'
import type { FieldMessageTemplates } from '../../../schemas/contact-fields'
import { DEFAULT_LOCALE, localePath } from '../../../lib/locales'
import type { ComposedPage } from '../../../schemas/composed-pages'

/** A landing page's own form a post was sent with: its page's path and its published fields. */
export interface CampaignForm {
  page: string
  fields: readonly CampaignField[]
  /** Where a visitor lands once it is sent (a path of the site), when the form names a thank-you page. */
  thanks?: string
  /** Who is told about its leads, when not the sales address (kept with each lead). */
  tell?: SentTell
}

/**
 * The published form of the landing page a post names, when that page's contact section has
 * fields of its own; none for the spec's form, and for a page that is not on the site (its post
 * is judged by the spec's rules, as before).
 */
export async function campaignFormIn(
  pages: () => Promise<readonly ComposedPage[]>,
  input: unknown,
  locale = DEFAULT_LOCALE,
): Promise<CampaignForm | undefined> {
  const slug = (input as Record<string, unknown> | null | undefined)?.[FORM_PAGE_FIELD]
  // The site's pages are read only for a post that names one: the spec's form costs nothing more.
  if (typeof slug !== 'string' || !slug) return undefined
  const page = (await pages()).find((p) => p.slug === slug)
  for (const section of page?.sections ?? [])
    if ('contact' in section && section.contact.fields?.length) {
      const tell = sentTellOf(section.contact.tell, section.contact.tellAddress)
      return {
        page: localePath(locale, `/${slug}`),
        fields: section.contact.fields,
        ...(section.contact.thanksPage ? { thanks: `/${section.contact.thanksPage}` } : {}),
        ...(tell ? { tell } : {}),
      }
    }
  return undefined
}

/** A checked post of a campaign's form: the core fields, and each of its own by its name. */
export type CampaignRequest = Pick<ContactRequest, 'name' | 'email' | 'time'> & Record<string, unknown>

/** A post checked against its form: its answers, or its errors by field (never none). */
export function checkCampaignPost(
  form: CampaignForm,
  input: unknown,
  messages: ContactMessages = CONTACT_MESSAGES,
  /** The fields' own messages in the post's locale (the English by default). */
  fieldMessages?: FieldMessageTemplates,
): { data: CampaignRequest } | { errors: Record<string, string> } {
  const result = campaignFormSchema(form.fields, messages, fieldMessages).safeParse(input)
  if (result.success) return { data: result.data as CampaignRequest }
  const errors = campaignErrors(result.error.issues)
  // Not an object at all (`null`, `[]`): answered as if every field were missing.
  return {
    errors: Object.keys(errors).length ? errors : { name: messages.name, email: messages.email },
  }
}

/** What the lead keeps of a checked post: each answer with its field's definition, hidden ones filled in. */
export function sentFormOf(
  form: CampaignForm,
  answers: Record<string, unknown>,
  attribution: Attribution,
  locale: string,
): SentForm {
  const utm = {
    utm_source: attribution.utmSource,
    utm_medium: attribution.utmMedium,
    utm_campaign: attribution.utmCampaign,
  }
  const fields = sentFields(form.fields, answers, { page: form.page, utm, locale })
  // Who is told travels with the lead, so a later edit of the page does not move it.
  return { page: form.page, fields, ...(form.tell ? { tell: form.tell } : {}) }
}
