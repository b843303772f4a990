/**
 * Alerts to ALERT_WEBHOOK_URL when a lead needs a person: dead-lettered, held over the daily cap,
 * or the cap reached. The body is {text, event, leadId, reason}; `text` makes it a Slack incoming
 * webhook message. At most one alert per event kind per 10 minutes: events inside that window are
 * folded, and the next alert (or the 10-minute sweep, flushAlerts) says how many. An alert that
 * fails is logged and never touches a lead.
 */
import type { Bindings } from '../../env'
import { isSecureEndpoint } from '../../lib/endpoints'
import { log } from '../../lib/log'
import { errorText } from '../../lib/result'
import { withTimeout } from '../../lib/timeout'

export type AlertEvent = 'lead.dead' | 'lead.held' | 'cap.reached'

export const ALERT_WINDOW_MS = 10 * 60 * 1000
const WEBHOOK_TIMEOUT_MS = 5000

const WHAT: Record<AlertEvent, (folded: number) => string> = {
  'lead.dead': (n) => (n === 1 ? 'a lead could not be delivered' : `${n} leads could not be delivered`),
  'lead.held': (n) =>
    n === 1 ? 'a lead was held over the daily e-mail cap' : `${n} leads were held over the daily e-mail cap`,
  'cap.reached': () => 'the daily e-mail cap was reached',
}

export interface AlertInput {
  event: AlertEvent
  leadId?: string
  reason: string
}

/** The webhook, when one is set and allowed (https; http only on this machine). */
function webhookOf(env: Bindings): string | undefined {
  const url = env.ALERT_WEBHOOK_URL?.trim()
  if (!url) return undefined
  if (isSecureEndpoint(url)) return url
  log.error('alerts', 'ALERT_WEBHOOK_URL must be an https:// address; no alert sent')
  return undefined
}

/**
 * Sends the alert now, or folds it into the current window of its kind. The decision is one
 * statement, so two isolates never both send inside a window.
 */
export async function alert(env: Bindings, input: AlertInput): Promise<void> {
  const webhook = webhookOf(env)
  if (!webhook) return
  const now = new Date()
  try {
    const row = await env.DB.prepare(
      `INSERT INTO alert_windows (event, sent_at, folded) VALUES (?1, ?2, 0)
       ON CONFLICT (event) DO UPDATE SET
         carried = CASE WHEN sent_at > ?3 THEN carried ELSE folded END,
         folded = CASE WHEN sent_at > ?3 THEN folded + 1 ELSE 0 END,
         last_lead_id = CASE WHEN sent_at > ?3 THEN ?4 ELSE NULL END,
         last_reason = CASE WHEN sent_at > ?3 THEN ?5 ELSE NULL END,
         sent_at = CASE WHEN sent_at > ?3 THEN sent_at ELSE ?2 END
       RETURNING sent_at = ?2 AS sendNow, carried`,
    )
      .bind(
        input.event,
        now.toISOString(),
        new Date(now.getTime() - ALERT_WINDOW_MS).toISOString(),
        input.leadId ?? null,
        input.reason,
      )
      .first<{ sendNow: number; carried: number }>()
    if (!row?.sendNow) {
      log.info('alerts', `${input.event} for lead ${input.leadId ?? '-'} folded into the current window`)
      return
    }
    await post(webhook, input, row.carried + 1)
  } catch (error) {
    log.error('alerts', `${input.event} not decided: ${errorText(error)}`)
  }
}

/**
 * The 10-minute sweep: a window that has closed with events folded into it ends with one more
 * alert saying how many, and a new window starts.
 */
export async function flushAlerts(env: Bindings, now: Date): Promise<void> {
  const webhook = webhookOf(env)
  if (!webhook) return
  try {
    const { results } = await env.DB.prepare(
      // RETURNING sees the row after the update, so the count moves to `carried` to be read.
      `UPDATE alert_windows SET sent_at = ?1, carried = folded, folded = 0
       WHERE folded > 0 AND sent_at <= ?2
       RETURNING event, carried AS folded, last_lead_id AS leadId, last_reason AS reason`,
    )
      .bind(now.toISOString(), new Date(now.getTime() - ALERT_WINDOW_MS).toISOString())
      .all<{ event: AlertEvent; folded: number; leadId: string | null; reason: string | null }>()
    for (const row of results) {
      await post(
        webhook,
        { event: row.event, leadId: row.leadId ?? undefined, reason: row.reason ?? '' },
        row.folded,
      )
    }
  } catch (error) {
    log.error('alerts', `folded alerts not flushed: ${errorText(error)}`)
  }
}

async function post(webhook: string, input: AlertInput, count: number): Promise<void> {
  const lead = input.leadId ? ` (latest: lead ${input.leadId})` : ''
  const reason = input.reason ? `: ${input.reason}` : ''
  const text = `XR Stores lead desk: ${WHAT[input.event](count)}${lead}${reason}. Open /admin/leads to act on it.`
  const body = { text, event: input.event, leadId: input.leadId ?? null, reason: input.reason }
  try {
    const response = await withTimeout(WEBHOOK_TIMEOUT_MS, (signal) =>
      fetch(webhook, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      }),
    )
    await response.body?.cancel()
    if (!response.ok) throw new Error(`the webhook answered ${response.status}`)
    log.info('alerts', `${input.event} sent (${count} event${count === 1 ? '' : 's'})`)
  } catch (error) {
    log.error('alerts', `${input.event} not sent: ${errorText(error)}`)
  }
}
