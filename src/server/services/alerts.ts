/**
 * Alerts to ALERT_WEBHOOK_URL when a lead needs a person: dead-lettered, held over the daily cap,
 * or the cap reached. The body is {text, event, leadId, reason}; `text` makes it a Slack incoming
 * webhook message. At most one alert per event kind per 10 minutes: events inside that window are
 * folded (storage/alert-windows.ts), and the next alert (or the 10-minute sweep, flush()) says how
 * many. An alert that fails is logged and never touches a lead.
 */
import type { Bindings } from '../../env'
import { isSecureEndpoint } from '../../lib/endpoints'
import { log } from '../../lib/log'
import { withTimeout } from '../../lib/timeout'
import type { AlertWindows } from '../storage/alert-windows'

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
export function alertWebhook(env: Bindings): string | undefined {
  const url = env.ALERT_WEBHOOK_URL?.trim()
  if (!url) return undefined
  if (isSecureEndpoint(url)) return url
  log.error('alerts', 'ALERT_WEBHOOK_URL must be an https:// address; no alert will be sent')
  return undefined
}

export class Alerts {
  constructor(
    private readonly windows: AlertWindows<AlertEvent>,
    private readonly webhook: string | undefined,
  ) {}

  /** Sends the alert now, or folds it into the current window of its kind. */
  async send(input: AlertInput): Promise<void> {
    if (!this.webhook) return
    const opened = await this.windows.open(input.event, new Date(), ALERT_WINDOW_MS, input)
    if (!opened.ok) return log.error('alerts', opened.error.message, { event: input.event })
    if (!opened.value) {
      return log.info('alerts', 'alert folded into the current window', {
        event: input.event,
        leadId: input.leadId,
      })
    }
    await this.post(input, opened.value.count)
  }

  /**
   * The 10-minute sweep: a window that has closed with events folded into it ends with one more
   * alert saying how many, and a new window starts.
   */
  async flush(now: Date): Promise<void> {
    if (!this.webhook) return
    const closed = await this.windows.closeFolded(now, ALERT_WINDOW_MS)
    if (!closed.ok) return log.error('alerts', closed.error.message)
    for (const row of closed.value) {
      await this.post(
        { event: row.event, leadId: row.leadId ?? undefined, reason: row.reason ?? '' },
        row.folded,
      )
    }
  }

  private async post(input: AlertInput, count: number): Promise<void> {
    const lead = input.leadId ? ` (latest: lead ${input.leadId})` : ''
    const reason = input.reason ? `: ${input.reason}` : ''
    const text = `XR Stores lead desk: ${WHAT[input.event](count)}${lead}${reason}. Open /admin/leads to act on it.`
    const body = { text, event: input.event, leadId: input.leadId ?? null, reason: input.reason }
    try {
      const response = await withTimeout(WEBHOOK_TIMEOUT_MS, (signal) =>
        fetch(this.webhook!, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
          signal,
        }),
      )
      await response.body?.cancel()
      if (!response.ok) throw new Error(`the webhook answered ${response.status}`)
      log.info('alerts', 'alert sent', { event: input.event, events: count })
    } catch (error) {
      log.error('alerts', 'alert not sent', { event: input.event, error })
    }
  }
}
