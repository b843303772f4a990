/**
 * The overview's delivery channels (issue 34): for EmailJS and the second channel, whether each
 * is set up, marked down since when, its last success, and its deliveries and failures over the
 * last 24 hours (a range of lead_attempts' time index: it grows with the day's work, not the table).
 */
import { ok, type Result } from '../../lib/result'
import type { ChannelState, HandOffState } from '../../schemas/admin-records'
import type { LeadDesk } from './lead-desk'
import type { LeadMailer } from './lead-mailer'
import type { WebhookConfig } from './lead-webhook'

const DAY_MS = 24 * 60 * 60 * 1000
const SHOWN = ['emailjs', 'sales-email'] as const

export async function channelStates(
  mailer: LeadMailer,
  leads: LeadDesk,
  now: Date,
): Promise<Result<ChannelState[]>> {
  const [marks, counts, caps] = await Promise.all([
    mailer.marks(),
    leads.attemptCountsSince(new Date(now.getTime() - DAY_MS).toISOString()),
    leads.capsToday(now),
  ])
  if (!marks.ok) return marks
  if (!counts.ok) return counts
  if (!caps.ok) return caps
  return ok(
    SHOWN.map((channel) => {
      const mark = marks.value.find((row) => row.channel === channel)
      const mine = counts.value.filter((row) => row.channel === channel)
      const delivered = mine.filter((row) => row.outcome === 'delivered').reduce((n, row) => n + row.n, 0)
      const all = mine.reduce((n, row) => n + row.n, 0)
      return {
        channel,
        on: mailer.isOn(channel),
        downSince: mark?.downSince ?? null,
        lastSuccessAt: mark?.lastSuccessAt ?? null,
        delivered,
        failed: all - delivered,
        ...caps.value[channel],
      }
    }),
  )
}

/**
 * The CRM webhook beside the e-mail channels (issue 47): off with the reason its settings give,
 * else whether its last post in 24 hours went through, its last delivery, and its posts and
 * failures over them, from lead_attempts (a range of its time index).
 */
export async function handOffState(
  webhook: WebhookConfig,
  leads: LeadDesk,
  now: Date,
): Promise<Result<HandOffState>> {
  const since = new Date(now.getTime() - DAY_MS).toISOString()
  const [counts, last, lastDelivered] = await Promise.all([
    leads.attemptCountsSince(since),
    leads.lastAttemptSince('webhook', since),
    leads.lastAttemptSince('webhook', since, 'delivered'),
  ])
  if (!counts.ok) return counts
  if (!last.ok) return last
  if (!lastDelivered.ok) return lastDelivered
  const mine = counts.value.filter((row) => row.channel === 'webhook')
  const delivered = mine.filter((row) => row.outcome === 'delivered').reduce((n, row) => n + row.n, 0)
  return ok({
    on: webhook.on,
    why: webhook.on || webhook.unset ? null : webhook.why,
    lastDeliveredAt: lastDelivered.value?.startedAt ?? null,
    lastPostDelivered: last.value ? last.value.outcome === 'delivered' : null,
    delivered,
    failed: mine.reduce((n, row) => n + row.n, 0) - delivered,
  })
}
