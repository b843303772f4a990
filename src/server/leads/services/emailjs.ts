/**
 * EmailJS REST client for lead delivery. Sends the body `@emailjs/browser` 4.4.1 sends (plus the
 * private key when set) and sorts every answer into delivered, retry later, or refused.
 */
import type { Bindings } from '../../../env'
import { isSecureEndpoint } from '../../../lib/endpoints'
import { TimeoutError, withTimeout } from '../../../lib/timeout'
import { DEFAULT_TIMINGS } from '../../platform'
import { answersBlock, recipientOf } from '../../../schemas/campaign-form'
import type { LeadContent } from '../storage/lead-model'
import { EMAIL_TITLE, type SendResult } from './send-result'

const EMAILJS_LIB_VERSION = '4.4.1'
export const EMAILJS_SEND_PATH = '/api/v1.0/email/send'

type EmailJsConfig =
  | {
      configured: true
      apiBase: string
      publicKey: string
      serviceId: string
      templateId: string
      /** The template for a form's other address (its To Email reads {{to_email}}), when set up. */
      otherTemplateId?: string
      privateKey?: string
    }
  | { configured: false; missing: string[] }

export function emailJsConfig(env: Bindings): EmailJsConfig {
  const required = {
    EMAILJS_PUBLIC_KEY: env.EMAILJS_PUBLIC_KEY,
    EMAILJS_SERVICE_ID: env.EMAILJS_SERVICE_ID,
    EMAILJS_TEMPLATE_ID: env.EMAILJS_TEMPLATE_ID,
  }
  const missing = Object.entries(required)
    .filter(([, value]) => !value)
    .map(([key]) => key)
  const apiBase = (env.EMAILJS_API_BASE || 'https://api.emailjs.com').replace(/\/+$/, '')
  // The keys travel in the body: never over plain http, except to a stand-in on this machine.
  if (!isSecureEndpoint(apiBase)) missing.push('EMAILJS_API_BASE (an https:// address)')
  if (missing.length > 0) return { configured: false, missing }
  return {
    configured: true,
    apiBase,
    publicKey: env.EMAILJS_PUBLIC_KEY!,
    serviceId: env.EMAILJS_SERVICE_ID!,
    templateId: env.EMAILJS_TEMPLATE_ID!,
    otherTemplateId: env.EMAILJS_OTHER_TEMPLATE_ID || undefined,
    privateKey: env.EMAILJS_PRIVATE_KEY || undefined,
  }
}

interface TemplateParams {
  title: string
  name: string
  time: string
  message: string
  phone: string
  email: string
  /** A campaign form's answers, one line each (issue 63): only for its leads, so the spec's body stays as it is. */
  answers?: string
  /** The address a campaign form tells instead of sales (issue 63): only then, for the template's To. */
  to_email?: string
}

/** The template parameter a campaign form's answers travel in; the template shows it with {{answers}}. */
export const ANSWERS_PARAMETER = 'answers'
/** Why EmailJS does not send a lead for another address: no template of that kind is set up. */
export const NO_OTHER_TEMPLATE =
  'EmailJS has no template for a form’s other address: set EMAILJS_OTHER_TEMPLATE_ID (its To Email {{to_email}})'
/** The template parameter a form's other address travels in; the template's To Email reads {{to_email}}. */
export const TO_PARAMETER = 'to_email'

function templateParams(lead: LeadContent): TemplateParams {
  const answers = answersBlock(lead.formFields)
  const told = recipientOf(lead.formFields)
  return {
    title: EMAIL_TITLE,
    name: lead.name,
    time: lead.localTime,
    message: lead.inquiry,
    phone: lead.phone,
    email: lead.email,
    ...(answers ? { [ANSWERS_PARAMETER]: answers } : {}),
    ...(told.to === 'address' ? { [TO_PARAMETER]: told.address } : {}),
  }
}

/** The JSON body, key for key in the order emailjs-sdk 4.4.1's send() writes it. */
function emailJsBody(lead: LeadContent, config: Extract<EmailJsConfig, { configured: true }>) {
  return {
    lib_version: EMAILJS_LIB_VERSION,
    user_id: config.publicKey,
    service_id: config.serviceId,
    // A form's other address goes through the template that sends to {{to_email}} (sendEmail checks it is set).
    template_id: recipientOf(lead.formFields).to === 'address' ? config.otherTemplateId : config.templateId,
    template_params: templateParams(lead),
    ...(config.privateKey ? { accessToken: config.privateKey } : {}),
  }
}

/**
 * 429 and 5xx are transient. 404 "Account not found" and 408 were seen during EmailJS outages
 * (emailjs-sdk issue 61), so they are retried too. So is a redirect: the send endpoint does not
 * redirect, so a 3xx comes from something in front of it (a maintenance or login page) and
 * nothing was sent. Other 4xx (400 bad keys, 403 non-browser calls disabled, 412 mail service
 * scopes, 422 empty recipient) need a person to fix settings.
 */
function isTransient(status: number): boolean {
  return (
    status === 429 || status === 408 || status === 404 || status >= 500 || (status >= 300 && status < 400)
  )
}

/**
 * Keeps upstream text short and on one line: it goes into logs and lead records. Our own keys are
 * cut out first, since an error page may echo the request (which carries them).
 */
function excerpt(text: string, config: Extract<EmailJsConfig, { configured: true }>): string {
  let clean = text
  for (const key of [config.privateKey, config.publicKey]) if (key) clean = clean.split(key).join('[key]')
  return clean.replace(/\s+/g, ' ').trim().slice(0, 200)
}

function retryAfter(header: string | null): number | undefined {
  const seconds = Number(header)
  return header && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined
}

export async function sendEmail(
  config: Extract<EmailJsConfig, { configured: true }>,
  lead: LeadContent,
  { timeoutMs = DEFAULT_TIMINGS.emailJsBudgetMs }: { timeoutMs?: number } = {},
): Promise<SendResult> {
  // The spec's template sends to sales: a lead for another address is refused here, never sent
  // there, and the next channel (which sends to any address) takes it.
  if (recipientOf(lead.formFields).to === 'address' && !config.otherTemplateId)
    return { outcome: 'dead', reason: NO_OTHER_TEMPLATE, notTried: true }
  let answer: { delivered: true } | { delivered: false; response: Response; text: string | Error }
  try {
    answer = await withTimeout(timeoutMs, async (signal) => {
      const response = await fetch(config.apiBase + EMAILJS_SEND_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(emailJsBody(lead, config)),
        signal,
        // A redirect is not EmailJS taking the e-mail; following it could end on a 200 that is not.
        redirect: 'manual',
      })
      // EmailJS answers 200 "OK"; any other 2xx still means it took the e-mail, whatever the body
      // says and even if the body never arrives: sending again would e-mail the lead twice.
      if (response.ok) {
        await response.body?.cancel().catch(() => undefined)
        return { delivered: true as const }
      }
      const text = await response
        .text()
        .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))))
      return { delivered: false as const, response, text }
    })
  } catch (error) {
    return {
      outcome: 'retrying',
      unknown: true,
      reason:
        error instanceof TimeoutError
          ? `EmailJS timed out after ${timeoutMs} ms`
          : `EmailJS network error: ${excerpt(String(error), config)}`,
    }
  }
  if (answer.delivered) return { outcome: 'delivered' }
  const { response, text } = answer
  if (text instanceof Error)
    return {
      outcome: 'retrying',
      unknown: true,
      reason: `EmailJS answer cut off: ${excerpt(String(text), config)}`,
    }
  const reason = `EmailJS ${response.status} ${excerpt(text, config)}`.trim()
  if (isTransient(response.status)) {
    const retryAfterSeconds = retryAfter(response.headers.get('Retry-After'))
    return { outcome: 'retrying', reason, status: response.status, retryAfterSeconds }
  }
  return { outcome: 'dead', reason, status: response.status }
}

/**
 * When this isolate may next call EmailJS. Several consumer invocations in one isolate take
 * turns; across isolates the upstream 429 and the queue's retry take over. A number, not a
 * promise chain: queue invocations must not await each other's promises.
 */
export class SendSlot {
  private nextSendAt = 0
  private sending = false

  /**
   * Runs `send` when this isolate may call EmailJS, then keeps the next call `spacingMs` after it
   * ended (Config's emailJsSpacingMs). Counting from the end, not the start: EmailJS counts a request
   * when it arrives, and a request slow on its way arrived late, so spacing from its start let the
   * next one arrive within its second (a 429 on a busy machine).
   */
  async during<T>(spacingMs: number, send: () => Promise<T>): Promise<T> {
    for (;;) {
      const wait = this.sending ? IN_FLIGHT_POLL_MS : this.nextSendAt - Date.now()
      if (wait <= 0) break
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
    this.sending = true
    try {
      return await send()
    } finally {
      this.sending = false
      this.nextSendAt = Date.now() + spacingMs
    }
  }
}

/** How often a turn waiting on a call in flight looks again (it cannot await that call's promise). */
const IN_FLIGHT_POLL_MS = 50
