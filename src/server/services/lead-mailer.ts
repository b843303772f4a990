/**
 * How a claimed lead is e-mailed, and through which channel (issue 34):
 * - EmailJS is the primary, one request per second per isolate;
 * - the second channel (services/sales-email.ts, when configured) takes the lead after EmailJS
 *   refuses it for good, after EmailJS failed it twice (a timeout counts), or at once while
 *   EmailJS is marked down (storage/channel-health.ts; one lead every 5 minutes probes it);
 * - LEAD_DELIVERY "outbox" (staging), or `npm run dev` without EmailJS keys, keeps every lead in
 *   the lead desk itself, marked delivered via outbox; a deploy without the keys and without a
 *   second channel keeps leads retrying until someone adds them.
 * A send after an EmailJS attempt with no answer (it may have sent) says "possible repeat" in its
 * subject and first line, so no lead is ever silently sent twice.
 */
import { log } from '../../lib/log'
import { ok } from '../../lib/result'
import type { DeliveryChannel, LeadAttempt } from '../../schemas/admin-records'
import type { ChannelHealth } from '../storage/channel-health'
import type { Alerts } from './alerts'
import type { LeadContent } from '../storage/lead-model'
import { sendEmail, type EmailJsConfig, type SendResult, type SendSlot } from './emailjs'
import { salesMessage, sendSalesEmail, type SalesEmailConfig } from './sales-email'
import type { Timings } from '../config'

export type Channel = DeliveryChannel
export type Sent = Exclude<SendResult, { outcome: 'delivered' }> | { outcome: 'delivered'; via: Channel }

/** Where leads go: "emailjs" (production), or "outbox" to keep every lead in the desk (staging). */
export type Delivery = 'emailjs' | 'outbox'

/** EmailJS failures of one lead (a timeout included) after which the second channel takes it. */
export const PRIMARY_FAILURES_BEFORE_SECOND = 2

/** What one delivery did: how it ended, and every attempt it made on the way. */
export interface Delivered {
  final: Sent
  attempts: LeadAttempt[]
}

/** What a mailer works with: its channels' configs, this isolate's send slot, and Config's durations. */
export interface LeadMailerParts {
  config: EmailJsConfig
  delivery: Delivery
  development: boolean
  slot: SendSlot
  timings: Pick<Timings, 'emailJsSpacingMs' | 'emailJsBudgetMs' | 'salesEmailBudgetMs'>
  second?: SalesEmailConfig
  health?: ChannelHealth
  alerts?: Alerts
}

export class LeadMailer {
  private readonly config: EmailJsConfig
  private readonly delivery: Delivery
  private readonly development: boolean
  private readonly slot: SendSlot
  private readonly timings: LeadMailerParts['timings']
  private readonly second: SalesEmailConfig
  private readonly health?: ChannelHealth
  private readonly alerts?: Alerts

  constructor(parts: LeadMailerParts) {
    this.config = parts.config
    this.delivery = parts.delivery
    this.development = parts.development
    this.slot = parts.slot
    this.timings = parts.timings
    this.second = parts.second ?? { configured: false, why: 'not set up' }
    this.health = parts.health
    this.alerts = parts.alerts
  }

  /** Whether a channel is set up in this deploy. */
  isOn(channel: DeliveryChannel): boolean {
    if (channel === 'emailjs') return this.config.configured && this.delivery === 'emailjs'
    if (channel === 'sales-email') return this.second.configured
    return this.delivery === 'outbox' || (this.development && !this.config.configured)
  }

  /** Each channel's mark across isolates (down since, last success). */
  marks() {
    return this.health ? this.health.all() : Promise.resolve(ok([]))
  }

  /**
   * Delivers a claimed lead; `earlier` are its attempts before this one (the lead's page), and
   * `chosen` the channel Send again chose, which overrides the failover rules while it is set up.
   */
  async send(
    id: string,
    lead: LeadContent,
    earlier: LeadAttempt[] = [],
    chosen: DeliveryChannel | null = null,
  ): Promise<Delivered> {
    if (this.delivery === 'outbox') return this.keep(id, 'LEAD_DELIVERY is "outbox"')
    const second = this.second.configured ? this.second : undefined
    if (!this.config.configured) {
      const reason = `EmailJS not configured: missing ${this.config.missing.join(', ')}`
      if (this.development) return this.keep(id, reason)
      if (second) return this.viaSecond(id, lead, earlier, [])
      const final: Sent = { outcome: 'retrying', reason }
      return { final, attempts: [attemptOf('emailjs', final, new Date(), new Date())] }
    }
    if (second && chosen === 'sales-email') return this.viaSecond(id, lead, earlier, [])
    const failover = second && chosen !== 'emailjs' ? second : undefined
    if (failover && this.primaryDoneWith(earlier)) return this.viaSecond(id, lead, earlier, [])
    const route = failover && this.health ? await this.health.route('emailjs', new Date()) : undefined
    if (route?.ok && route.value === 'down') {
      log.info('leads', 'EmailJS is down: the second channel takes the lead', { leadId: id })
      return this.viaSecond(id, lead, earlier, [])
    }
    const startedAt = new Date()
    await this.slot.claim(this.timings.emailJsSpacingMs)
    const result = await sendEmail(this.config, lead, { timeoutMs: this.timings.emailJsBudgetMs })
    const primary =
      result.outcome === 'delivered' ? ({ outcome: 'delivered', via: 'emailjs' } as const) : result
    const attempts = [attemptOf('emailjs', primary, startedAt, new Date())]
    await this.markHealth(primary, route?.ok ? route.value : 'up')
    if (primary.outcome === 'delivered' || !failover) return { final: primary, attempts }
    if (!this.primaryDoneWith([...earlier, ...attempts])) return { final: primary, attempts }
    return this.viaSecond(id, lead, [...earlier, ...attempts], attempts)
  }

  /** EmailJS refused this lead for good, or failed it twice: the second channel takes it from here. */
  private primaryDoneWith(attempts: LeadAttempt[]): boolean {
    const failures = attempts.filter((a) => a.channel === 'emailjs' && a.outcome !== 'delivered')
    return (
      failures.some((a) => a.outcome === 'permanent') || failures.length >= PRIMARY_FAILURES_BEFORE_SECOND
    )
  }

  private async viaSecond(
    id: string,
    lead: LeadContent,
    before: LeadAttempt[],
    made: LeadAttempt[],
  ): Promise<Delivered> {
    const config = this.second as Extract<SalesEmailConfig, { configured: true }>
    const mayRepeat = before.some((a) => a.channel === 'emailjs' && a.outcome === 'unknown')
    const startedAt = new Date()
    const message = salesMessage(id, lead, config, mayRepeat ? id : undefined)
    const result = await sendSalesEmail(config, message, this.timings.salesEmailBudgetMs)
    const final: Sent = result.outcome === 'delivered' ? { outcome: 'delivered', via: 'sales-email' } : result
    if (final.outcome === 'delivered') {
      log.info('leads', 'lead sent through the second channel', { leadId: id, possibleRepeat: mayRepeat })
      await this.alerts?.send({ event: 'channel.failover', leadId: id, reason: 'delivered by Email Service' })
    } else if (made.length > 0 || before.some((a) => a.channel === 'emailjs' && a.outcome !== 'delivered'))
      await this.alerts?.send({ event: 'channel.both-failed', leadId: id, reason: final.reason })
    return { final, attempts: [...made, attemptOf('sales-email', final, startedAt, new Date())] }
  }

  /**
   * EmailJS's health across isolates: a success marks it up, a failure counts towards down; the
   * mark going down, and a probe's success bringing it back, are alerted.
   */
  private async markHealth(result: Sent, route: 'up' | 'probe' | 'down'): Promise<void> {
    if (!this.health) return
    const now = new Date()
    if (result.outcome === 'delivered') {
      const marked = await this.health.succeeded('emailjs', now)
      if (!marked.ok) return log.warn('leads', marked.error.message)
      if (route === 'probe') await this.alerts?.send({ event: 'channel.up', reason: 'a probe was delivered' })
      return
    }
    const marked = await this.health.failed('emailjs', now)
    if (!marked.ok) return log.warn('leads', marked.error.message)
    if (marked.value !== 'just down') return
    log.warn('leads', 'EmailJS marked down: leads go to the second channel')
    await this.alerts?.send({ event: 'channel.down', reason: result.reason })
  }

  /** Kept in the outbox: the lead desk holds it, a log line says where. */
  private keep(id: string, reason: string): Delivered {
    log.info('outbox', 'lead kept in the local outbox', { leadId: id, reason, open: `/admin/leads/${id}` })
    const final: Sent = { outcome: 'delivered', via: 'outbox' }
    return { final, attempts: [attemptOf('outbox', final, new Date(), new Date())] }
  }
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
