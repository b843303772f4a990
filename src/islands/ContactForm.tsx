/**
 * The Schedule call form. Without JavaScript it is a plain form posting to /api/contact (the
 * server answers with a 303 and shows the outcome through `flash`); once hydrated it checks the
 * fields with the shared schema, posts JSON and reports the outcome with a toast. The schema (zod)
 * is not needed to hydrate, so it is fetched when the visitor first focuses a field.
 *
 * The fields are uncontrolled: the page's inputs hold what the visitor typed, before hydration
 * and after it, and a send reads them (FormData). React never writes a value it did not see typed,
 * so nothing typed before the script arrived is lost (issue 57, docs/decisions.md).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import {
  CONTACT_ENDPOINT,
  CONTACT_FIELDS,
  CONTACT_NOTICES,
  emptyContact,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  TURNSTILE_FIELD,
  type ContactFlash,
  type ContactSentAnswer,
  type ContactValues,
  type ContactWords,
  LOCALE_FIELD,
} from '../schemas/contact-fields'
import type { ContactFormCopy } from '../schemas/copy'
import { fieldKey, FORM_PAGE_FIELD, type CampaignAnswers } from '../schemas/campaign-form-fields'
import { CampaignFields, clearCampaignFields } from './CampaignFields'
import { SpecField } from './SpecField'
import {
  checkedForm,
  FlashNotice,
  Honeypot,
  loadRules,
  nextPage,
  successWords,
  rateLimitMessage,
  setValue,
  valueOf,
  type CampaignFormProps,
  type FormErrors,
  useFormStart,
} from './contact-check'
import { notify } from './toaster'

/** Turnstile's challenge, only where the server turned it on (server/leads/services/turnstile.ts). */
const loadChallenge = () => import('./turnstile')

export interface ContactFormProps {
  copy: ContactFormCopy
  /** Outcome of a native post, for one render after the redirect. */
  flash?: ContactFlash
  /** The signed time this form was served; the server judges every post by it. */
  formToken: string
  /** Cloudflare Turnstile's site key, when it is on: the form runs the challenge once touched. */
  turnstileSiteKey?: string
  /** A campaign's form: the name and e-mail, then its own fields instead of the phone and inquiry. */
  campaign?: CampaignFormProps
  /** The page's locale, when not the default's: posted with the form, which the server checks. */
  locale?: string
  /** The form's messages and notices in that locale; none: the spec's English. */
  words?: ContactWords
}

export default function ContactForm({
  copy,
  flash,
  formToken,
  turnstileSiteKey,
  campaign,
  locale,
  words,
}: ContactFormProps) {
  const id = useId()
  const notices = words?.notices ?? CONTACT_NOTICES
  // What the server drew the fields with; from then on the inputs hold what is typed.
  const initial: ContactValues = flash && flash.status !== 'sent' ? flash.values : emptyContact
  const keptAnswers: CampaignAnswers = (flash && flash.status !== 'sent' && flash.answers) || {}
  // A campaign's form asks the name and e-mail, then its own fields.
  const coreFields = campaign ? CONTACT_FIELDS.slice(0, 2) : CONTACT_FIELDS
  const [errors, setErrors] = useState<FormErrors>(flash?.status === 'invalid' ? flash.errors : {})
  const [notice, setNotice] = useState(flash)
  const [sending, setSending] = useState(false)
  // Each token carries one post; the answer to a post carries the token of the next.
  const [token, setToken] = useState(formToken)
  const formRef = useRef<HTMLFormElement>(null)
  const widgetRef = useRef<HTMLDivElement>(null)
  const challenge = useRef<Promise<import('./turnstile').Challenge | undefined>>(undefined)
  useFormStart(campaign, formRef)

  /** The first focus or input loads the rules and, when it is on, starts Turnstile's challenge. */
  function onFirstTouch() {
    loadRules(campaign)
    if (!turnstileSiteKey || challenge.current || !widgetRef.current) return
    const container = widgetRef.current
    challenge.current = loadChallenge()
      .then(({ Challenge }) => new Challenge(turnstileSiteKey, container))
      .catch(() => undefined)
  }

  // A visitor who focused or typed before the script arrived has touched the form already.
  useEffect(() => {
    const form = formRef.current
    if (!form) return
    const typed = CONTACT_FIELDS.some((field) => valueOf(form, field) !== initial[field])
    const touched = form.closest('[data-touched]') || form.contains(document.activeElement)
    if (typed || touched) onFirstTouch()
    // Once, when the island comes alive: later touches arrive as events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const fieldId = (field: string) => `${id}${field}`
  const errorId = (field: string) => `${id}${field}-error`
  const ids = { field: fieldId, error: errorId, help: (field: string) => `${id}${field}-help` }

  function onInput(event: FormEvent<HTMLFormElement>) {
    onFirstTouch()
    const field = (event.target as HTMLInputElement).name
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }))
  }

  function showErrors(found: FormErrors) {
    setErrors(found)
    const order = [...coreFields, ...(campaign?.fields.map((field) => fieldKey(field.label)) ?? [])]
    const first = order.find((field) => found[field])
    if (first) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`)?.focus()
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sending) return
    setNotice(undefined)
    const formElement = event.currentTarget
    const form = new FormData(formElement)
    const honeypot = form.get(HONEYPOT_FIELD)
    const outcome = await checkedForm(form, coreFields, campaign, words)
    if ('errors' in outcome) return showErrors(outcome.errors)
    const { values } = outcome
    setErrors({})
    setSending(true)
    try {
      // Without a token (the challenge did not load or finish) the post still goes, and is held.
      const turnstileToken = await (await challenge.current)?.tokenForSend()
      const response = await fetch(CONTACT_ENDPOINT, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          ...values,
          time: new Date().toLocaleString(),
          [HONEYPOT_FIELD]: honeypot,
          [FORM_TOKEN_FIELD]: token,
          ...(locale ? { [LOCALE_FIELD]: locale } : {}),
          ...(turnstileToken ? { [TURNSTILE_FIELD]: turnstileToken } : {}),
        }),
      })
      if (response.ok) {
        const body = (await response.json().catch(() => null)) as ContactSentAnswer | null
        if (typeof body?.formToken === 'string') setToken(body.formToken)
        // A campaign form's thank-you page, when it names one (issue 63).
        const next = nextPage(body?.next)
        if (next) return window.location.assign(next)
        // `test`: sent from a preview or share link, kept as a test; the sender is told so.
        void notify('success', notices.successTitle, successWords(campaign, body?.test === true, notices))
        for (const field of coreFields) setValue(formElement, field, '')
        if (campaign) clearCampaignFields(formElement, campaign.fields)
        return
      }
      console.error('Failed to send message:', response.status, response.statusText)
      if (response.status === 400) {
        const body = (await response.json().catch(() => null)) as { errors?: FormErrors } | null
        if (body?.errors) showErrors(body.errors)
      }
      const description = response.status === 429 ? await rateLimitMessage(response, notices) : notices.error
      void notify('error', notices.errorTitle, description)
    } catch (error) {
      console.error('Failed to send message:', error)
      void notify('error', notices.errorTitle, notices.error)
    } finally {
      setSending(false)
    }
  }

  return (
    <form
      ref={formRef}
      method="post"
      action={CONTACT_ENDPOINT}
      noValidate
      onSubmit={onSubmit}
      onFocus={onFirstTouch}
      onInput={onInput}
      aria-describedby={notice ? `${id}notice` : undefined}
      className="panel panel-roomy contact-form"
    >
      {notice && (
        <FlashNotice
          id={`${id}notice`}
          flash={notice}
          invalidText={copy.invalidNotice}
          campaign={campaign}
          notices={notices}
        />
      )}
      {coreFields.map((field) => (
        <SpecField
          key={field}
          field={field}
          label={copy.labels[field]}
          value={initial[field]}
          error={errors[field]}
          ids={ids}
        />
      ))}
      {campaign && (
        <CampaignFields
          fields={campaign.fields}
          hidden={campaign.hidden}
          answers={keptAnswers}
          errors={errors}
          ids={ids}
        />
      )}
      <Honeypot id={`${id}${HONEYPOT_FIELD}`} label={copy.honeypotLabel} />
      <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />
      {campaign && <input type="hidden" name={FORM_PAGE_FIELD} value={campaign.page} />}
      {locale && <input type="hidden" name={LOCALE_FIELD} value={locale} />}
      {turnstileSiteKey && <div ref={widgetRef} className="turnstile-widget" />}
      <button type="submit" disabled={sending} className="btn btn-primary form-submit">
        {sending ? copy.submit.busy : copy.submit.idle}
      </button>
    </form>
  )
}
