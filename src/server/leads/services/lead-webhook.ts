/**
 * The hand-off to the team's own tools (issue 34): each accepted lead posted as JSON to
 * LEAD_WEBHOOK_URL (a CRM or automation catch hook: HubSpot, Pipedrive, Zapier), through the same
 * queue as the e-mail but as a target of its own, so the two succeed or fail apart.
 *
 * Every post is signed as Standard Webhooks (https://www.standardwebhooks.com) says, so any of its
 * verifiers checks it: `webhook-id` (the lead id, the same on every retry, so a receiver drops a
 * repeat), `webhook-timestamp` (Unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of
 * "<id>.<timestamp>.<body>">`, the key being LEAD_WEBHOOK_SECRET's base64 after `whsec_`.
 * `Idempotency-Key` carries the same id for receivers that read that instead. The address must be
 * https; plain http only on this machine, in development and tests.
 */
import { isDevelopment, type Bindings } from '../../../env'
import { isLoopbackHost } from '../../../lib/endpoints'
import { TimeoutError, withTimeout } from '../../../lib/timeout'
import type { LeadRow } from '../../../schemas/admin-records'
import { readableAnswers } from '../../../schemas/campaign-form'
import type { SendResult } from './send-result'

/** On, or off and why (`unset`: no address at all, which is a choice, not a mistake). */
export type WebhookConfig =
  { on: true; url: string; secret: string } | { on: false; why: string; unset?: boolean }

/** The key's length in bytes, as Standard Webhooks bounds it (24 to 64). */
const WEBHOOK_KEY_BYTES = { min: 24, max: 64 }
const SECRET_PREFIX = 'whsec_'

/** The key a `whsec_<base64>` secret holds; undefined for any other form or a key out of bounds. */
function webhookKey(secret: string): Uint8Array<ArrayBuffer> | undefined {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : ''
  if (encoded.length % 4 || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return undefined
  const key = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0))
  return key.length >= WEBHOOK_KEY_BYTES.min && key.length <= WEBHOOK_KEY_BYTES.max ? key : undefined
}

export function webhookConfig(env: Bindings): WebhookConfig {
  const address = env.LEAD_WEBHOOK_URL?.trim()
  if (!address) return { on: false, why: 'LEAD_WEBHOOK_URL not set', unset: true }
  const url = URL.parse(address)
  const local = url?.protocol === 'http:' && isLoopbackHost(url.hostname) && isDevelopment(env)
  if (!url || (url.protocol !== 'https:' && !local))
    return { on: false, why: 'LEAD_WEBHOOK_URL must be an https:// address' }
  const secret = env.LEAD_WEBHOOK_SECRET?.trim() ?? ''
  // A generated key of 24 bytes or more (review T11), in the form every Standard Webhooks library reads.
  if (!webhookKey(secret))
    return {
      on: false,
      why: `LEAD_WEBHOOK_SECRET must be whsec_ and then a key of ${WEBHOOK_KEY_BYTES.min} to ${WEBHOOK_KEY_BYTES.max} bytes in base64`,
    }
  return { on: true, url: url.href, secret }
}

/** What the receiver gets: the lead as sales see it, no status or delivery record. */
export function webhookBody(lead: LeadRow): string {
  return JSON.stringify({
    event: 'lead.accepted',
    id: lead.id,
    receivedAt: lead.receivedAt,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    inquiry: lead.inquiry,
    localTime: lead.localTime,
    page: lead.pagePath,
    referrer: lead.referrer,
    utmSource: lead.utmSource,
    utmMedium: lead.utmMedium,
    utmCampaign: lead.utmCampaign,
    // The locale of the page it was sent from (a code of lib/locales.ts: `en`, `de`).
    locale: lead.locale,
    // A campaign form's answers, by label in form order, a consent with its exact wording (issue 63).
    ...(lead.formFields ? { fields: readableAnswers(lead.formFields) } : {}),
  })
}

/** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`: what a receiver recomputes to check a post. */
export async function webhookSignature(
  secret: string,
  id: string,
  timestamp: string,
  body: string,
): Promise<string> {
  const raw = webhookKey(secret)
  if (!raw) throw new TypeError('LEAD_WEBHOOK_SECRET is not a whsec_ secret')
  const key = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`))
  return `v1,${btoa(String.fromCharCode(...new Uint8Array(mac)))}`
}

/** Posts one lead: delivered on 2xx; 408, 429 and 5xx (or no answer) retried; any other answer refused for good. */
export async function postLead(
  config: Extract<WebhookConfig, { on: true }>,
  lead: LeadRow,
  timeoutMs: number,
): Promise<SendResult> {
  const body = webhookBody(lead)
  const timestamp = String(Math.floor(Date.now() / 1000))
  const headers = {
    'Content-Type': 'application/json',
    'Idempotency-Key': lead.id,
    'webhook-id': lead.id,
    'webhook-timestamp': timestamp,
    'webhook-signature': await webhookSignature(config.secret, lead.id, timestamp, body),
  }
  let response: Response
  try {
    response = await withTimeout(timeoutMs, async (signal) => {
      const answer = await fetch(config.url, { method: 'POST', headers, body, signal, redirect: 'manual' })
      await answer.body?.cancel().catch(() => undefined)
      return answer
    })
  } catch (error) {
    const reason = error instanceof TimeoutError ? `timed out after ${timeoutMs} ms` : 'no answer'
    return { outcome: 'retrying', unknown: true, reason: `Webhook ${reason}` }
  }
  if (response.ok) return { outcome: 'delivered' }
  const reason = `Webhook ${response.status}`
  const transient = response.status === 408 || response.status === 429 || response.status >= 500
  return transient
    ? { outcome: 'retrying', reason, status: response.status }
    : { outcome: 'dead', reason, status: response.status }
}
