/**
 * The ContactForm island's check before a send: the spec's form by its shared schema
 * (schemas/contact.ts), a campaign's form (issue 63) by the schema made from its definition as the
 * edge makes it (schemas/campaign-form-rules.ts). Both are fetched when the visitor first touches
 * the form; the server applies the same rules if they fail to load here. Also the form's small
 * helpers: its inputs by name, the wait a 429 asks for, and a native post's notice.
 */
import type { CampaignField } from '../schemas/campaign-form'
import { FORM_PAGE_FIELD, FORM_START_ENDPOINT } from '../schemas/campaign-form-fields'
import { useEffect, type RefObject } from 'react'
import { Notice } from '../components/ui/Notice'
import {
  CONTACT_NOTICES,
  contactFieldErrors,
  HONEYPOT_FIELD,
  contactSuccessWords,
  type ContactErrors,
  type ContactField,
  type ContactFlash,
  type ContactNotices,
  type ContactWords,
} from '../schemas/contact-fields'
import { campaignValues } from './CampaignFields'

const specRules = () => import('../schemas/contact')
const campaignRules = () => import('../schemas/campaign-form-rules')

/** A landing page's own form: its fields after the name and e-mail, and the page it is on. */
export interface CampaignFormProps {
  /** The landing page's address without the slash, posted as FORM_PAGE_FIELD. */
  page: string
  fields: readonly CampaignField[]
  /** Each hidden field's value by its name, filled in by the server. */
  hidden: Record<string, string>
  /** What the visitor reads once it is sent, instead of the site's usual words. */
  success?: string
}

/**
 * A campaign form's first input tells the site once per page load that its visitor started it
 * (the page's form starts, issue 63), with the page's address only: no id, no cookie. The spec's
 * form sends nothing.
 */
export function useFormStart(
  campaign: CampaignFormProps | undefined,
  formRef: RefObject<HTMLFormElement | null>,
) {
  useEffect(() => {
    const form = formRef.current
    if (!campaign || !form) return
    const send = () => navigator.sendBeacon?.(FORM_START_ENDPOINT, location.origin + location.pathname)
    form.addEventListener('input', send, { once: true })
    return () => form.removeEventListener('input', send)
    // Once, when the island comes alive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}

/** The success words of this form; for a test sent from a preview or share link, with what became of it. */
export const successWords = (
  campaign: CampaignFormProps | undefined,
  test?: boolean,
  notices: ContactNotices = CONTACT_NOTICES,
) =>
  campaign?.success
    ? `${campaign.success}${test ? ` ${notices.test}` : ''}`
    : contactSuccessWords(test, notices)

/** A thank-you page the server named (a path of this site), where the island takes the visitor. */
export const nextPage = (next: unknown) =>
  typeof next === 'string' && /^\/(?![/\\])/.test(next) ? next : undefined

/** The spec's fields' input types and autocomplete. */
export const FIELDS: Record<ContactField, { type?: string; autoComplete: string }> = {
  name: { type: 'text', autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
  inquiry: { autoComplete: 'off' },
}

/** The messages by field: the spec's fields', or a campaign form's by their names. */
export type FormErrors = ContactErrors & Partial<Record<string, string>>

/** Starts fetching the rules the form will be checked with. */
export function loadRules(campaign?: CampaignFormProps) {
  void (campaign ? campaignRules() : specRules()).catch(() => {})
}

/** What the form holds now, checked by the rules when they loaded: the values to post, or the messages. */
export async function checkedForm(
  form: FormData,
  coreFields: readonly ContactField[],
  campaign?: CampaignFormProps,
  /** The words of the page's locale (none: the spec's), which the edge checks with too. */
  words?: Pick<ContactWords, 'messages' | 'fieldMessages'>,
): Promise<{ errors: FormErrors } | { values: Record<string, unknown> }> {
  const messages = words?.messages
  const core = Object.fromEntries(coreFields.map((field) => [field, String(form.get(field) ?? '')]))
  if (!campaign) {
    const rules = await specRules().catch(() => null)
    const schema = messages ? rules?.contactSchemaIn(messages) : rules?.contactSchema
    const result = schema?.safeParse(core)
    if (result && !result.success) return { errors: contactFieldErrors(result.error) }
    return { values: core }
  }
  const values = { ...core, ...campaignValues(form, campaign.fields) }
  const rules = await campaignRules().catch(() => null)
  const result = rules?.campaignFormSchema(campaign.fields, messages, words?.fieldMessages).safeParse(values)
  if (result && !result.success) return { errors: rules!.campaignErrors(result.error.issues) }
  return { values: { ...values, [FORM_PAGE_FIELD]: campaign.page } }
}

/** The server's message for a 429 ({ error }), so the visitor knows to wait. */
export async function rateLimitMessage(response: Response, notices: ContactNotices): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null
  return typeof body?.error === 'string' ? body.error : notices.error
}

type FieldElement = HTMLInputElement | HTMLTextAreaElement

export const fieldOf = (form: HTMLFormElement, field: ContactField) =>
  form.elements.namedItem(field) as FieldElement | null

export const valueOf = (form: HTMLFormElement, field: ContactField) => fieldOf(form, field)?.value ?? ''

export function setValue(form: HTMLFormElement, field: ContactField, value: string) {
  const element = fieldOf(form, field)
  if (element) element.value = value
}

/** The outcome of a no-JavaScript post, announced once the page loads. */
export function FlashNotice({
  id,
  flash,
  invalidText,
  campaign,
  notices,
}: {
  id: string
  flash: ContactFlash
  invalidText: string
  campaign?: CampaignFormProps
  notices: ContactNotices
}) {
  const sent = flash.status === 'sent'
  const title = sent ? notices.successTitle : notices.errorTitle
  const text = sent
    ? successWords(campaign, flash.test, notices)
    : flash.status === 'error'
      ? flash.message
      : invalidText
  return <Notice id={id} ok={sent} title={title} text={text} />
}

/** Hidden from people and assistive technology, filled in by form-stuffing bots. */
export function Honeypot({ id, label }: { id: string; label: string }) {
  return (
    <div aria-hidden="true" className="honeypot">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  )
}
