/**
 * The channels a lead can be e-mailed through, each behind one interface: its name, whether this
 * deploy set it up, its daily cap, whether its health is marked across isolates, and how it sends
 * one lead. The failover policy (leads/services/lead-mailer.ts) and the day's caps at filing
 * (leads/storage/lead-insert.ts) read the list in order: the first is the primary, each next one takes
 * what the one before could not. A third channel is one more file like these two and one more row
 * of `leadChannels` (README, "Where to add…").
 */
import type { Bindings } from '../../../env'
import type { DeliveryChannel } from '../../../schemas/admin-records'
import type { Timings } from '../../platform'
import type { LeadContent } from '../storage/lead-model'
import { emailJsConfig, sendEmail, type SendSlot } from './emailjs'
import type { SendResult } from './send-result'
import { recipientOf } from '../../../schemas/campaign-form'
import { salesEmailConfig, salesMessage, sendSalesEmail } from './sales-email'

/** A channel that sends (the outbox keeps, and the webhook is a target of its own). */
export type SendingChannel = Exclude<DeliveryChannel, 'outbox' | 'webhook'>

export interface LeadChannel {
  readonly name: SendingChannel
  /** Its name in logs and alerts (the console's words are in content/admin/leads.ts). */
  readonly label: string
  /** Set up in this deploy, or why not (said in the log and on the lead's page). */
  readonly setUp: { on: true } | { on: false; why: string }
  /** Leads it takes a UTC day before the next channel takes them (leads/storage/lead-insert.ts). */
  readonly dailyCap: number
  /** Its health is marked across isolates (leads/storage/channel-health.ts): passed over while down. */
  readonly tracked: boolean
  /** Sends one lead; `mayRepeat` when a channel before it gave no answer and may have sent it. */
  send(id: string, lead: LeadContent, mayRepeat: boolean): Promise<SendResult>
}

type ChannelTimings = Pick<Timings, 'emailJsSpacingMs' | 'emailJsBudgetMs' | 'salesEmailBudgetMs'>

/** EmailJS, the primary: one request a second from this isolate (its send slot). */
function emailJsChannel(
  env: Bindings,
  slot: SendSlot,
  timings: ChannelTimings,
  dailyCap: number,
): LeadChannel {
  const config = emailJsConfig(env)
  const outbox = env.LEAD_DELIVERY === 'outbox'
  return {
    name: 'emailjs',
    label: 'EmailJS',
    setUp: outbox
      ? { on: false, why: 'LEAD_DELIVERY is "outbox"' }
      : config.configured
        ? { on: true }
        : { on: false, why: `EmailJS not configured: missing ${config.missing.join(', ')}` },
    dailyCap,
    tracked: true,
    async send(_id, lead) {
      if (!config.configured) return { outcome: 'retrying', reason: 'EmailJS not configured' }
      return slot.during(timings.emailJsSpacingMs, () =>
        sendEmail(config, lead, { timeoutMs: timings.emailJsBudgetMs }),
      )
    },
  }
}

/** Cloudflare Email Service's send_email binding, the second channel, when set up. */
function salesEmailChannel(env: Bindings, timings: ChannelTimings, dailyCap: number): LeadChannel {
  const config = salesEmailConfig(env)
  return {
    name: 'sales-email',
    label: 'Email Service',
    setUp: config.configured ? { on: true } : { on: false, why: config.why },
    dailyCap: config.configured ? dailyCap : 0,
    tracked: false,
    async send(id, lead, mayRepeat) {
      if (!config.configured) return { outcome: 'retrying', reason: config.why }
      // A campaign form that tells another address (issue 63) is sent there instead of sales.
      const told = recipientOf(lead.formFields)
      const to = told.to === 'address' ? { ...config, to: [told.address] } : config
      const message = salesMessage(id, lead, to, mayRepeat ? id : undefined)
      return sendSalesEmail(config, message, timings.salesEmailBudgetMs)
    },
  }
}

/** The channels in failover order, as this deploy sets them up; each takes the same daily cap. */
export function leadChannels(
  env: Bindings,
  slot: SendSlot,
  timings: ChannelTimings,
  dailyCap: number,
): LeadChannel[] {
  return [emailJsChannel(env, slot, timings, dailyCap), salesEmailChannel(env, timings, dailyCap)]
}
