/**
 * Alerts to ALERT_WEBHOOK_URL when a person is needed: a lead dead-lettered, held (over the daily
 * cap, or its Turnstile token could not be checked), or still undelivered after a day, or the cap
 * reached; or the site failing (an unexpected 5xx or a render error). The body is
 * {text, event, leadId, reason}; `text` makes it a Slack incoming webhook message. At most one
 * alert per event kind per 10 minutes: events inside that window are folded
 * (platform/storage/alert-windows.ts), and the next alert (or the 10-minute sweep, flush()) says how many.
 * An alert that fails is logged and never touches a lead or an answer.
 */
import type { Bindings } from '../../../env'
import { isSecureEndpoint } from '../../../lib/endpoints'
import { log } from '../../../lib/log'
import { errorText } from '../../../lib/result'
import { withTimeout } from '../../../lib/timeout'
import type { AlertWindows } from '../storage/alert-windows'

type AlertEvent =
  | 'lead.dead'
  | 'lead.held'
  | 'lead.stuck'
  | 'cap.reached'
  | 'site.error'
  | 'content.invalid'
  | 'channel.down'
  | 'channel.up'
  | 'channel.failover'
  | 'channel.both-failed'
  | 'webhook.failed'
  | 'speed.slow'

export const ALERT_WINDOW_MS = 10 * 60 * 1000

/** What each event says (for `n` events in the window), and where a person acts on it. */
const WHAT: Record<AlertEvent, { what: (n: number) => string; act: string }> = {
  'lead.dead': {
    what: (n) => (n === 1 ? 'a lead could not be delivered' : `${n} leads could not be delivered`),
    act: 'Open {origin}/admin/leads to act on it.',
  },
  'lead.held': {
    // Held for the daily cap or for a check that could not be made: the reason line says which.
    what: (n) => (n === 1 ? 'a lead was held, not e-mailed' : `${n} leads were held, not e-mailed`),
    act: 'Open {origin}/admin/leads to act on it.',
  },
  'lead.stuck': {
    what: (n) =>
      n === 1
        ? 'a lead has waited over a day without being delivered'
        : `${n} leads have waited over a day without being delivered`,
    act: 'Open {origin}/admin/leads to act on it.',
  },
  'cap.reached': {
    what: () => 'the daily e-mail cap was reached',
    act: 'Open {origin}/admin/leads to act on it.',
  },
  'site.error': {
    what: (n) => (n === 1 ? 'the site failed a request' : `the site failed ${n} requests`),
    act: 'Workers Logs has each one (area "app" or "pages", level error).',
  },
  'channel.down': {
    what: () => 'EmailJS is down: leads go through the second channel',
    act: 'Open {origin}/admin to see the delivery channels.',
  },
  'channel.up': {
    what: () => 'EmailJS works again: leads go through it first',
    act: 'Open {origin}/admin to see the delivery channels.',
  },
  'channel.failover': {
    what: (n) =>
      n === 1
        ? 'a lead was delivered by the second channel'
        : `${n} leads were delivered by the second channel`,
    act: 'Open {origin}/admin/leads to see each lead’s attempts.',
  },
  'webhook.failed': {
    what: (n) =>
      n === 1 ? 'the CRM webhook did not take a lead' : `the CRM webhook did not take ${n} leads`,
    act: 'Open {origin}/admin to see the CRM webhook; each lead’s page has its attempts.',
  },
  'channel.both-failed': {
    what: (n) => (n === 1 ? 'a lead failed on both channels' : `${n} leads failed on both channels`),
    act: 'Open {origin}/admin/leads to act on it; the queue keeps trying.',
  },
  'speed.slow': {
    what: (n) =>
      n === 1
        ? 'pages were slow for real visitors 3 days running (Google’s loading over 2.5 s or response over 200 ms)'
        : `pages were slow for real visitors 3 days running, ${n} days now`,
    act: 'Open {origin}/admin/speed to see where and on which devices.',
  },
  'content.invalid': {
    what: (n) =>
      n === 1
        ? 'a published edition no longer fits the site, so its repository copy shows'
        : `${n} published editions no longer fit the site, so their repository copies show`,
    act: 'Open {origin}/admin/content to edit and publish it again.',
  },
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
  /**
   * @param origin SITE_ORIGIN, for absolute links in the alert; without it the links are paths.
   */
  constructor(
    private readonly windows: AlertWindows<AlertEvent>,
    private readonly webhook: string | undefined,
    private readonly origin: string,
    /** The budget of one post to the webhook (Config's alertWebhookBudgetMs). */
    private readonly timeoutMs: number,
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

  /** The site failed: `where` (status and path) and what was thrown, never the request's data. */
  siteError(where: string, error: unknown): Promise<void> {
    const name = error instanceof Error ? error.name : 'Error'
    return this.send({ event: 'site.error', reason: `${where}: ${name}: ${errorText(error)}` })
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
    const { what, act } = WHAT[input.event]
    const subject =
      input.event.startsWith('lead.') || input.event === 'cap.reached'
        ? 'XR Stores lead desk'
        : 'XR Stores site'
    const lead = input.leadId ? ` (latest: lead ${input.leadId})` : ''
    const reason = input.reason ? `: ${input.reason}` : ''
    const text = `${subject}: ${what(count)}${lead}${reason}. ${act.replace('{origin}', this.origin)}`
    const body = { text, event: input.event, leadId: input.leadId ?? null, reason: input.reason }
    try {
      const response = await withTimeout(this.timeoutMs, (signal) =>
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
