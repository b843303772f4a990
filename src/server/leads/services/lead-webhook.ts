/**
 * The hand-off to the team's own tools (issue 34): each accepted lead posted as JSON to
 * LEAD_WEBHOOK_URL (a CRM or automation catch hook: HubSpot, Pipedrive, Zapier), through the same
 * queue as the e-mail but as a target of its own, so the two succeed or fail apart.
 *
 * The receiver can check every post: `Webhook-Timestamp` (Unix seconds) and `Webhook-Signature`,
 * `sha256=` + the hex HMAC-SHA256 of `<timestamp>.<body>` under LEAD_WEBHOOK_SECRET; and
 * `Idempotency-Key` is the lead id, so a retry never makes a second CRM record on a receiver that
 * honours it. The address must be https; plain http only on this machine, in development and tests.
 */
import { isDevelopment, type Bindings } from '../../../env'
import { isLoopbackHost } from '../../../lib/endpoints'
import { toHex } from '../../../lib/hex'
import { TimeoutError, withTimeout } from '../../../lib/timeout'
import type { LeadRow } from '../../../schemas/admin-records'
import type { SendResult } from './send-result'

/** On, or off and why (`unset`: no address at all, which is a choice, not a mistake). */
export type WebhookConfig =
  { on: true; url: string; secret: string } | { on: false; why: string; unset?: boolean }

export const WEBHOOK_SECRET_MIN = 32

export function webhookConfig(env: Bindings): WebhookConfig {
  const address = env.LEAD_WEBHOOK_URL?.trim()
  if (!address) return { on: false, why: 'LEAD_WEBHOOK_URL not set', unset: true }
  const url = URL.parse(address)
  const local = url?.protocol === 'http:' && isLoopbackHost(url.hostname) && isDevelopment(env)
  if (!url || (url.protocol !== 'https:' && !local))
    return { on: false, why: 'LEAD_WEBHOOK_URL must be an https:// address' }
  const secret = env.LEAD_WEBHOOK_SECRET?.trim() ?? ''
  // An HMAC key a person chose: 32 characters or more, as a generated one is (review T11).
  if (secret.length < WEBHOOK_SECRET_MIN)
    return { on: false, why: `LEAD_WEBHOOK_SECRET must be ${WEBHOOK_SECRET_MIN} characters or more` }
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
  })
}

/** `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`: what a receiver recomputes to check a post. */
export async function webhookSignature(secret: string, timestamp: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${body}`))
  return `sha256=${toHex(mac)}`
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
    'Webhook-Timestamp': timestamp,
    'Webhook-Signature': await webhookSignature(config.secret, timestamp, body),
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
