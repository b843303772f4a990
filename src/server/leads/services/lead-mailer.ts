/**
 * How a claimed lead is e-mailed, through the channels of leads/services/lead-channels.ts in their order
 * (issue 34; the failover policy is a list):
 * - the first (EmailJS) is the primary, one request per second per isolate;
 * - each next channel takes the lead after the one before refuses it for good, after it failed it
 *   twice (a timeout counts), or at once while it is marked down (leads/storage/channel-health.ts; one
 *   lead every 5 minutes probes it);
 * - LEAD_DELIVERY "outbox" (staging), or `npm run dev` without EmailJS keys, keeps every lead in
 *   the lead desk itself, marked delivered via outbox; a deploy with no channel set up keeps leads
 *   retrying until someone sets one up.
 * A send after an attempt with no answer (it may have sent) says "possible repeat" in its subject
 * and first line, so no lead is ever silently sent twice.
 */
import { log } from '../../../lib/log'
import { ok } from '../../../lib/result'
import { BAD_RECIPIENT_REASON, recipientOf } from '../../../schemas/campaign-form'
import type { DeliveryChannel, LeadAttempt } from '../../../schemas/admin-records'
import type { ChannelHealth } from '../storage/channel-health'
import type { Alerts } from '../../platform'
import type { LeadContent } from '../storage/lead-model'
import type { SendResult } from './send-result'
import type { LeadChannel, SendingChannel } from './lead-channels'

export type Channel = DeliveryChannel
export type Sent = Exclude<SendResult, { outcome: 'delivered' }> | { outcome: 'delivered'; via: Channel }

/** Where leads go: through the channels (production), or "outbox" to keep every lead in the desk (staging). */
export type Delivery = 'channels' | 'outbox'

/** Failures of one lead on a channel (a timeout included) after which the next channel takes it. */
export const FAILURES_BEFORE_NEXT_CHANNEL = 2

/** What one delivery did: how it ended, and every attempt it made on the way. */
export interface Delivered {
  final: Sent
  attempts: LeadAttempt[]
}

/** What a mailer works with: its channels in failover order, and where their health is marked. */
interface LeadMailerParts {
  channels: LeadChannel[]
  delivery: Delivery
  development: boolean
  health?: ChannelHealth
  alerts?: Alerts
}

export class LeadMailer {
  constructor(private readonly parts: LeadMailerParts) {}

  /** Whether a channel is set up in this deploy. */
  isOn(channel: DeliveryChannel): boolean {
    const { channels, delivery, development } = this.parts
    if (channel === 'outbox') return delivery === 'outbox' || (development && !channels[0]?.setUp.on)
    return channels.some((c) => c.name === channel && c.setUp.on)
  }

  /** The channels Send again may choose from: each one set up, when there is more than one. */
  choices(): SendingChannel[] {
    const setUp = this.parts.channels.filter((channel) => channel.setUp.on).map((channel) => channel.name)
    return setUp.length > 1 ? setUp : []
  }

  /** Each channel's mark across isolates (down since, last success). */
  marks() {
    return this.parts.health ? this.parts.health.all() : Promise.resolve(ok([]))
  }

  /**
   * Delivers a claimed lead; `earlier` are its attempts before this one (the lead's page), and
   * `chosen` the channel Send again chose, which alone is tried while it is set up.
   */
  async send(
    id: string,
    lead: LeadContent,
    earlier: LeadAttempt[] = [],
    chosen: DeliveryChannel | null = null,
  ): Promise<Delivered> {
    const { channels, delivery, development } = this.parts
    // Who the lead's form tells (issue 63): nobody by e-mail keeps it in the desk (the CRM webhook
    // still gets it); an address kept that is not one fails for good with its reason, never in silence.
    const told = recipientOf(lead.formFields)
    if (told.to === 'nobody') return this.keep(id, 'its form tells nobody by e-mail', 'told nobody')
    if (told.to === 'bad') {
      const final: Sent = { outcome: 'dead', reason: BAD_RECIPIENT_REASON }
      log.warn('leads', 'lead names no e-mail address to tell', { leadId: id })
      return { final, attempts: [attemptOf(channels[0]!.name, final, new Date(), new Date())] }
    }
    if (delivery === 'outbox') return this.keep(id, 'LEAD_DELIVERY is "outbox"')
    const setUp = channels.filter((channel) => channel.setUp.on)
    const primary = channels[0]!
    if (!primary.setUp.on) {
      const reason = primary.setUp.why
      if (development) return this.keep(id, reason)
      if (setUp.length === 0) {
        const final: Sent = { outcome: 'retrying', reason }
        return { final, attempts: [attemptOf(primary.name, final, new Date(), new Date())] }
      }
    }
    const picked = setUp.find((channel) => channel.name === chosen)
    const order = picked ? [picked] : setUp
    const made: LeadAttempt[] = []
    for (const [i, channel] of order.entries()) {
      const next = order[i + 1]
      if (next && doneWith(channel, [...earlier, ...made])) continue
      const route =
        next && channel.tracked ? await this.parts.health?.route(channel.name, new Date()) : undefined
      if (route?.ok && route.value === 'down') {
        log.info('leads', 'a channel is down: the next takes the lead', { leadId: id, channel: channel.name })
        continue
      }
      const before = [...earlier, ...made]
      const mayRepeat = before.some((a) => a.channel !== channel.name && a.outcome === 'unknown')
      const startedAt = new Date()
      const result = await channel.send(id, lead, mayRepeat)
      const sent: Sent = result.outcome === 'delivered' ? { outcome: 'delivered', via: channel.name } : result
      made.push(attemptOf(channel.name, sent, startedAt, new Date()))
      const tried = !(result.outcome === 'dead' && result.notTried)
      if (channel.tracked && tried) await this.markHealth(channel.name, sent, route?.ok ? route.value : 'up')
      const failedBefore = before.some((a) => a.channel !== channel.name && a.outcome !== 'delivered')
      if (sent.outcome === 'delivered') {
        if (channel !== primary) {
          log.info('leads', 'lead sent through a later channel', {
            leadId: id,
            channel: channel.name,
            possibleRepeat: mayRepeat,
          })
          await this.parts.alerts?.send({
            event: 'channel.failover',
            leadId: id,
            reason: `delivered by ${channel.label}`,
          })
        }
        return { final: sent, attempts: made }
      }
      if (!next || !doneWith(channel, [...earlier, ...made])) {
        if (channel !== primary && failedBefore)
          await this.parts.alerts?.send({ event: 'channel.both-failed', leadId: id, reason: sent.reason })
        return { final: sent, attempts: made }
      }
    }
    // Not reached: the last channel is never passed over. Kept so that a lead is never dropped.
    return { final: { outcome: 'retrying', reason: 'no channel took the lead' }, attempts: made }
  }

  /**
   * A tracked channel's health across isolates: a success marks it up, a failure counts towards
   * down; the mark going down, and a probe's success bringing it back, are alerted.
   */
  private async markHealth(channel: Channel, result: Sent, route: 'up' | 'probe' | 'down'): Promise<void> {
    const { health, alerts } = this.parts
    if (!health) return
    const now = new Date()
    if (result.outcome === 'delivered') {
      const marked = await health.succeeded(channel, now)
      if (!marked.ok) return log.warn('leads', marked.error.message)
      if (route === 'probe') await alerts?.send({ event: 'channel.up', reason: 'a probe was delivered' })
      return
    }
    const marked = await health.failed(channel, now)
    if (!marked.ok) return log.warn('leads', marked.error.message)
    if (marked.value !== 'just down') return
    log.warn('leads', 'a channel is marked down: leads go to the next', { channel })
    await alerts?.send({ event: 'channel.down', reason: result.reason })
  }

  /** Kept in the outbox: the lead desk holds it, a log line says where (and why, when its form told nobody). */
  private keep(id: string, reason: string, why = 'kept in the local outbox'): Delivered {
    log.info('outbox', `lead ${why}`, { leadId: id, reason, open: `/admin/leads/${id}` })
    const final: Sent = { outcome: 'delivered', via: 'outbox' }
    return { final, attempts: [attemptOf('outbox', final, new Date(), new Date())] }
  }
}

/** The channel refused this lead for good, or failed it twice: the next channel takes it from here. */
function doneWith(channel: LeadChannel, attempts: LeadAttempt[]): boolean {
  const failures = attempts.filter((a) => a.channel === channel.name && a.outcome !== 'delivered')
  return failures.some((a) => a.outcome === 'permanent') || failures.length >= FAILURES_BEFORE_NEXT_CHANNEL
}

/** What the lead's page keeps of one send: the channel, the times, how it ended, never the message. */
export function attemptOf(channel: Channel, result: Sent, startedAt: Date, finishedAt: Date): LeadAttempt {
  const times = { startedAt: startedAt.toISOString(), finishedAt: finishedAt.toISOString() }
  if (result.outcome === 'delivered')
    return { channel, ...times, outcome: 'delivered', status: null, reason: null }
  return {
    channel,
    ...times,
    outcome: result.outcome === 'dead' ? 'permanent' : result.unknown ? 'unknown' : 'retryable',
    status: result.status ?? null,
    reason: result.reason.slice(0, 200),
  }
}
