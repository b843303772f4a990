/**
 * How a claimed lead is e-mailed: through EmailJS, one request per second per isolate; under
 * `npm run dev` without EmailJS keys, into the local outbox (the lead desk itself); in a deploy
 * without the keys, kept retrying until someone adds them.
 */
import { log } from '../../lib/log'
import type { LeadContent } from '../storage/lead-model'
import { sendEmail, type EmailJsConfig, type SendResult, type SendSlot } from './emailjs'

export type Sent =
  Exclude<SendResult, { outcome: 'delivered' }> | { outcome: 'delivered'; via: 'emailjs' | 'outbox' }

export class LeadMailer {
  constructor(
    private readonly config: EmailJsConfig,
    private readonly development: boolean,
    private readonly slot: SendSlot,
  ) {}

  async send(id: string, lead: LeadContent): Promise<Sent> {
    if (!this.config.configured) {
      const reason = `EmailJS not configured: missing ${this.config.missing.join(', ')}`
      if (!this.development) return { outcome: 'retrying', reason }
      log.info('outbox', 'lead kept in the local outbox', { leadId: id, reason, open: `/admin/leads/${id}` })
      return { outcome: 'delivered', via: 'outbox' }
    }
    await this.slot.claim()
    const result = await sendEmail(this.config, lead)
    return result.outcome === 'delivered' ? { outcome: 'delivered', via: 'emailjs' } : result
  }
}
