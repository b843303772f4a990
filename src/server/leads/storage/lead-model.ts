/**
 * What a lead is, and which status changes it may go through: one table both the code
 * (leads/storage/leads.ts) and the tests read. Each change is named by the status it leads to, the
 * same word staff see in the console and the logs write. The statuses, the content and the row
 * are in schemas/admin-records.ts, which the console's pages share. Which statuses an experiment's
 * results count is the leads wing's view leads_by_arm (migrations/0041).
 */
import type { Attribution, LeadContent, LeadStatus } from '../../../schemas/admin-records'
import type { SentForm } from '../../../schemas/campaign-form'

export {
  LEAD_STATUSES,
  type Attribution,
  type LeadContent,
  type LeadRow,
  type LeadStatus,
} from '../../../schemas/admin-records'

/** For each status a lead can move to, the statuses it may move from. */
export const TRANSITIONS = {
  /** A consumer claims it to send it (or retakes one whose claim went stale, see claim()). */
  sending: ['accepted', 'retrying'],
  delivered: ['sending'],
  retrying: ['sending'],
  /** Refused by EmailJS, or given up on by the queue. */
  dead: ['accepted', 'sending', 'retrying'],
  /** Send again (a dead or held lead) or Not spam, from the console: back in the queue. */
  accepted: ['dead', 'held', 'spam'],
  /** Mark as spam, from the console: any lead not delivered and not being sent right now. */
  spam: ['accepted', 'retrying', 'dead', 'held'],
  erased: ['accepted', 'sending', 'delivered', 'retrying', 'dead', 'held', 'spam'],
} as const satisfies Partial<Record<LeadStatus, readonly LeadStatus[]>>

export type Transition = keyof typeof TRANSITIONS

/** Statuses whose lead is still on its way: it is delivered or dead within hours (retry-schedule.ts). */
export const IN_FLIGHT = ['accepted', 'sending', 'retrying'] as const satisfies readonly LeadStatus[]
/** How long a lead may stay in flight before a person should look at it. */
export const STUCK_AFTER_MS = 24 * 60 * 60 * 1000

/** Whether a lead in `from` may move to `to`. */
export const mayMove = (from: LeadStatus, to: Transition): boolean =>
  (TRANSITIONS[to] as readonly LeadStatus[]).includes(from)

/** Why a lead over the daily e-mail cap is held (its last error until it is sent). */
export const capHoldReason = (dailyCap: number) => `the daily cap of ${dailyCap} e-mails was reached`

export interface NewLead {
  id: string
  receivedAt: string
  content: LeadContent
  /** A campaign form's answers with their definitions (issue 63); none for the spec's form. */
  form?: SentForm
  attribution: Attribution
  /** The locale of the page it was sent from, checked against the registry (lib/locales.ts); English when absent. */
  locale?: string
  /** The spam rules it broke (leads/services/spam-rules.ts); stored as spam when there is any. */
  spamReasons: readonly string[]
  /** Why it must wait for sales (it could not be checked), if so: stored as held with this reason. */
  holdReason?: string
}

/** What the `leads` queue carries: the id only, so no personal data waits in a queue. */
/** A queue message: a lead to e-mail ('lead'), or to post to the CRM webhook ('webhook'). */
export interface LeadMessage {
  type: 'lead' | 'webhook'
  id: string
}

export const leadMessage = (id: string): LeadMessage => ({ type: 'lead', id })
export const webhookMessage = (id: string): LeadMessage => ({ type: 'webhook', id })
/** Whether a message is for the webhook (anything else, older shapes included, is an e-mail). */
export const isWebhookMessage = (body: unknown) => (body as { type?: unknown } | null)?.type === 'webhook'

/** The lead id a message names (also the {id, lead} shape queued before the lead desk), or null. */
export function leadIdOf(body: unknown): string | null {
  const id = (body as { id?: unknown } | null)?.id
  return typeof id === 'string' && /^[\w-]{1,64}$/.test(id) ? id : null
}
