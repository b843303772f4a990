/**
 * How a claimed lead is e-mailed: through EmailJS, one request per second per isolate; into the
 * outbox (the lead desk itself, marked delivered via outbox) when LEAD_DELIVERY is "outbox"
 * (staging) or under `npm run dev` without EmailJS keys; in a deploy without the keys, kept
 * retrying until someone adds them.
 */
import { log } from '../../lib/log'
import type { LeadContent } from '../storage/lead-model'
import { sendEmail, type EmailJsConfig, type SendResult, type SendSlot } from './emailjs'

export type Sent =
  Exclude<SendResult, { outcome: 'delivered' }> | { outcome: 'delivered'; via: 'emailjs' | 'outbox' }

/** Where leads go: "emailjs" (production), or "outbox" to keep every lead in the desk (staging). */
export type Delivery = 'emailjs' | 'outbox'

export class LeadMailer {
  constructor(
    private readonly config: EmailJsConfig,
    private readonly delivery: Delivery,
    private readonly development: boolean,
    private readonly slot: SendSlot,
  ) {}

  async send(id: string, lead: LeadContent): Promise<Sent> {
    if (this.delivery === 'outbox') return this.keep(id, 'LEAD_DELIVERY is "outbox"')
    if (!this.config.configured) {
      const reason = `EmailJS not configured: missing ${this.config.missing.join(', ')}`
      return this.development ? this.keep(id, reason) : { outcome: 'retrying', reason }
    }
    await this.slot.claim()
    const result = await sendEmail(this.config, lead)
    return result.outcome === 'delivered' ? { outcome: 'delivered', via: 'emailjs' } : result
  }

  /** Kept in the outbox: the lead desk holds it, a log line says where. */
  private keep(id: string, reason: string): Sent {
    log.info('outbox', 'lead kept in the local outbox', { leadId: id, reason, open: `/admin/leads/${id}` })
    return { outcome: 'delivered', via: 'outbox' }
  }
}
