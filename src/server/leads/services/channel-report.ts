/**
 * The overview's delivery channels (issue 34): for each e-mail channel, in failover order
 * (leads/services/lead-channels.ts), whether it is set up, marked down since when, its last success, and its deliveries and failures over the
 * last 24 hours (a range of lead_attempts' time index: it grows with the day's work, not the
 * table); and beside them the CRM webhook (issue 47). The 24 hours' counts are read once for all.
 */
import { ok, type Result } from '../../../lib/result'
import type { ChannelState, HandOffState } from '../../../schemas/admin-records'
import type { LeadDesk } from './lead-desk'
import type { LeadMailer } from './lead-mailer'
import type { WebhookConfig } from './lead-webhook'

const DAY_MS = 24 * 60 * 60 * 1000

type AttemptCounts = { channel: string; outcome: string; n: number }[]

/** A channel's attempts over the counts: delivered, and every other outcome. */
function tally(counts: AttemptCounts, channel: string) {
  const mine = counts.filter((row) => row.channel === channel)
  const delivered = mine.filter((row) => row.outcome === 'delivered').reduce((n, row) => n + row.n, 0)
  return { delivered, failed: mine.reduce((n, row) => n + row.n, 0) - delivered }
}

export async function deliveryStates(
  mailer: LeadMailer,
  leads: LeadDesk,
  webhook: WebhookConfig,
  now: Date,
): Promise<Result<{ channels: ChannelState[]; handOff: HandOffState }>> {
  const since = new Date(now.getTime() - DAY_MS).toISOString()
  const [marks, counts, caps, last, lastDelivered] = await Promise.all([
    mailer.marks(),
    leads.read.attempts.countsSince(since),
    leads.capsToday(now),
    leads.read.attempts.latestSince('webhook', since),
    leads.read.attempts.latestSince('webhook', since, 'delivered'),
  ])
  if (!marks.ok) return marks
  if (!counts.ok) return counts
  if (!caps.ok) return caps
  if (!last.ok) return last
  if (!lastDelivered.ok) return lastDelivered
  const channels = caps.value.map(({ channel, today, cap }) => {
    const mark = marks.value.find((row) => row.channel === channel)
    return {
      channel,
      on: mailer.isOn(channel),
      downSince: mark?.downSince ?? null,
      lastSuccessAt: mark?.lastSuccessAt ?? null,
      ...tally(counts.value, channel),
      today,
      cap,
    }
  })
  // The webhook: off with the reason its settings give, else whether its last post went through.
  const handOff = {
    on: webhook.on,
    why: webhook.on || webhook.unset ? null : webhook.why,
    lastDeliveredAt: lastDelivered.value?.startedAt ?? null,
    lastPostDelivered: last.value ? last.value.outcome === 'delivered' : null,
    ...tally(counts.value, 'webhook'),
  }
  return ok({ channels, handOff })
}
