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
  CONTACT_LIMITS,
  CONTACT_NOTICES,
  contactFieldErrors,
  contactSuccessWords,
  emptyContact,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  TURNSTILE_FIELD,
  type ContactErrors,
  type ContactField,
  type ContactFlash,
  type ContactSentAnswer,
  type ContactValues,
} from '../schemas/contact-fields'
import { Notice } from '../components/ui/Notice'
import type { ContactFormCopy } from '../schemas/copy'
import { notify } from './toaster'

/** The shared validation rules; the server applies the same ones if they fail to load here. */
const loadRules = () => import('../schemas/contact')

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
}

const FIELDS: Record<ContactField, { type?: string; autoComplete: string }> = {
  name: { type: 'text', autoComplete: 'name' },
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
  inquiry: { autoComplete: 'off' },
}

/** The server's message for a 429 ({ error }), so the visitor knows to wait. */
async function rateLimitMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null
  return typeof body?.error === 'string' ? body.error : CONTACT_NOTICES.error
}

export default function ContactForm({ copy, flash, formToken, turnstileSiteKey }: ContactFormProps) {
  const id = useId()
  // What the server drew the fields with; from then on the inputs hold what is typed.
  const initial: ContactValues = flash && flash.status !== 'sent' ? flash.values : emptyContact
  const [errors, setErrors] = useState<ContactErrors>(flash?.status === 'invalid' ? flash.errors : {})
  const [notice, setNotice] = useState(flash)
  const [sending, setSending] = useState(false)
  // Each token carries one post; the answer to a post carries the token of the next.
  const [token, setToken] = useState(formToken)
  const formRef = useRef<HTMLFormElement>(null)
  const widgetRef = useRef<HTMLDivElement>(null)
  const challenge = useRef<Promise<import('./turnstile').Challenge | undefined>>(undefined)

  /** The first focus or input loads the rules and, when it is on, starts Turnstile's challenge. */
  function onFirstTouch() {
    void loadRules().catch(() => {})
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

  const fieldId = (field: ContactField) => `${id}${field}`
  const errorId = (field: ContactField) => `${id}${field}-error`

  function onInput(event: FormEvent<HTMLFormElement>) {
    onFirstTouch()
    const field = (event.target as HTMLInputElement).name as ContactField
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }))
  }

  function showErrors(found: ContactErrors) {
    setErrors(found)
    const first = CONTACT_FIELDS.find((field) => found[field])
    if (first) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`)?.focus()
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sending) return
    setNotice(undefined)
    const formElement = event.currentTarget
    const form = new FormData(formElement)
    const honeypot = form.get(HONEYPOT_FIELD)
    const values = Object.fromEntries(
      CONTACT_FIELDS.map((field) => [field, String(form.get(field) ?? '')]),
    ) as ContactValues
    const rules = await loadRules().catch(() => null)
    const checked = rules?.contactSchema.safeParse(values)
    if (checked && !checked.success) return showErrors(contactFieldErrors(checked.error))
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
          ...(turnstileToken ? { [TURNSTILE_FIELD]: turnstileToken } : {}),
        }),
      })
      if (response.ok) {
        const body = (await response.json().catch(() => null)) as ContactSentAnswer | null
        if (typeof body?.formToken === 'string') setToken(body.formToken)
        // `test`: sent from a preview or share link, kept as a test; the sender is told so.
        void notify('success', CONTACT_NOTICES.successTitle, contactSuccessWords(body?.test === true))
        for (const field of CONTACT_FIELDS) setValue(formElement, field, '')
        return
      }
      console.error('Failed to send message:', response.status, response.statusText)
      if (response.status === 400) {
        const body = (await response.json().catch(() => null)) as { errors?: ContactErrors } | null
        if (body?.errors) showErrors(body.errors)
      }
      const description = response.status === 429 ? await rateLimitMessage(response) : CONTACT_NOTICES.error
      void notify('error', CONTACT_NOTICES.errorTitle, description)
    } catch (error) {
      console.error('Failed to send message:', error)
      void notify('error', CONTACT_NOTICES.errorTitle, CONTACT_NOTICES.error)
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
      {notice && <FlashNotice id={`${id}notice`} flash={notice} invalidText={copy.invalidNotice} />}
      {CONTACT_FIELDS.map((field) => {
        const { type, autoComplete } = FIELDS[field]
        const error = errors[field]
        const common = {
          id: fieldId(field),
          name: field,
          defaultValue: initial[field],
          required: true,
          maxLength: CONTACT_LIMITS[field],
          autoComplete,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId(field) : undefined,
          className: 'field-input',
        }
        return (
          <div key={field} className="field">
            <label htmlFor={fieldId(field)} className="field-label">
              {copy.labels[field]}
            </label>
            {field === 'inquiry' ? <textarea rows={5} {...common} /> : <input type={type} {...common} />}
            {error && (
              <p id={errorId(field)} className="field-error">
                {error}
              </p>
            )}
          </div>
        )
      })}
      {/* Honeypot: hidden from people and assistive technology, filled in by form-stuffing bots. */}
      <div aria-hidden="true" className="honeypot">
        <label htmlFor={`${id}${HONEYPOT_FIELD}`}>{copy.honeypotLabel}</label>
        <input
          id={`${id}${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <input type="hidden" name={FORM_TOKEN_FIELD} value={token} />
      {turnstileSiteKey && <div ref={widgetRef} className="turnstile-widget" />}
      <button type="submit" disabled={sending} className="btn btn-primary form-submit">
        {sending ? copy.submit.busy : copy.submit.idle}
      </button>
    </form>
  )
}

type FieldElement = HTMLInputElement | HTMLTextAreaElement

const fieldOf = (form: HTMLFormElement, field: ContactField) =>
  form.elements.namedItem(field) as FieldElement | null

const valueOf = (form: HTMLFormElement, field: ContactField) => fieldOf(form, field)?.value ?? ''

function setValue(form: HTMLFormElement, field: ContactField, value: string) {
  const element = fieldOf(form, field)
  if (element) element.value = value
}

/** The outcome of a no-JavaScript post, announced once the page loads. */
function FlashNotice({ id, flash, invalidText }: { id: string; flash: ContactFlash; invalidText: string }) {
  const sent = flash.status === 'sent'
  const title = sent ? CONTACT_NOTICES.successTitle : CONTACT_NOTICES.errorTitle
  const text = sent ? contactSuccessWords(flash.test) : flash.status === 'error' ? flash.message : invalidText
  return <Notice id={id} ok={sent} title={title} text={text} />
}
