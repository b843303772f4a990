/**
 * What a lead is, and which status changes it may go through: one table both the code
 * (storage/leads.ts) and the tests read. The statuses themselves are in schemas/admin-records.ts,
 * which the console's pages share.
 */
import type { LeadStatus } from '../../schemas/admin-records'

export { LEAD_STATUSES, type LeadStatus } from '../../schemas/admin-records'

/** The statuses each change may start from; the code and the tests both read this table. */
export const TRANSITIONS = {
  /** A consumer takes a lead to send it (or one whose claim went stale, see claim()). */
  claim: ['accepted', 'retrying'],
  deliver: ['sending'],
  retry: ['sending'],
  /** Refused by EmailJS, or given up on by the queue. */
  kill: ['accepted', 'sending', 'retrying'],
  /** Send again, from the console. */
  requeue: ['dead', 'held'],
  erase: ['accepted', 'sending', 'delivered', 'retrying', 'dead', 'held'],
} as const satisfies Record<string, readonly LeadStatus[]>

/** What the visitor typed (all of it erased with the lead). */
export interface LeadContent {
  name: string
  email: string
  phone: string
  inquiry: string
  /** The visitor's local date-time, as the e-mail shows it. */
  localTime: string
}

export interface Attribution {
  pagePath: string | null
  referrer: string | null
  utmSource: string | null
  utmMedium: string | null
  utmCampaign: string | null
}

export interface NewLead {
  id: string
  receivedAt: string
  content: LeadContent
  attribution: Attribution
}

/** What the `leads` queue carries: the id only, so no personal data waits in a queue. */
export interface LeadMessage {
  type: 'lead'
  id: string
}

export const leadMessage = (id: string): LeadMessage => ({ type: 'lead', id })

/** The lead id a message names (also the {id, lead} shape queued before the lead desk), or null. */
export function leadIdOf(body: unknown): string | null {
  const id = (body as { id?: unknown } | null)?.id
  return typeof id === 'string' && /^[\w-]{1,64}$/.test(id) ? id : null
}
