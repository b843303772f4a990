/**
 * Leads: every valid contact request is stored in LEADS_STORE and queued on LEADS before the
 * visitor hears "sent"; the queue consumer then delivers it once. Records are the audit trail
 * (status, attempts, last error), the idempotency key (a delivered lead is never sent again),
 * the local outbox and the dead-letter list.
 */
import type { Bindings } from '../../env'

/** What the e-mail carries. */
export interface Lead {
  name: string
  email: string
  phone: string
  inquiry: string
  /** Visitor's local date-time string, or the server's at acceptance. */
  time: string
}

export type LeadStatus = 'queued' | 'not-queued' | 'retrying' | 'delivered' | 'dead-lettered'

export interface LeadRecord {
  id: string
  status: LeadStatus
  createdAt: string
  updatedAt: string
  /** Delivery attempts made so far. */
  attempts: number
  lastError?: string
  deliveredVia?: 'emailjs' | 'outbox'
  lead: Lead
}

/** Queue message: the whole lead travels with it, so delivery never waits on a KV read. */
export interface LeadMessage {
  id: string
  lead: Lead
}

export const LEAD_PREFIX = 'lead:'
export const DEAD_LETTER_PREFIX = 'dead:'
export const OUTBOX_PREFIX = 'outbox:'
/** Delivered leads live on in the mailbox; the store keeps them 30 days for support questions. */
const DELIVERED_TTL_SECONDS = 30 * 24 * 60 * 60

/** Small typed layer over the LEADS_STORE binding, so the consumer and tests share one format. */
export class LeadStore {
  constructor(private readonly kv: KVNamespace) {}

  async get(id: string): Promise<LeadRecord | null> {
    return this.kv.get<LeadRecord>(LEAD_PREFIX + id, 'json')
  }

  /** Undelivered leads never expire: they are the only copy. */
  async save(record: LeadRecord): Promise<void> {
    const options = record.status === 'delivered' ? { expirationTtl: DELIVERED_TTL_SECONDS } : {}
    await this.kv.put(LEAD_PREFIX + record.id, JSON.stringify(record), options)
  }

  /** Dead letters get a second key under `dead:` so they can be listed on their own. */
  async saveDeadLetter(record: LeadRecord): Promise<void> {
    await this.save(record)
    await this.kv.put(DEAD_LETTER_PREFIX + record.id, JSON.stringify(record))
  }

  async writeOutbox(id: string, entry: unknown): Promise<void> {
    await this.kv.put(OUTBOX_PREFIX + id, JSON.stringify(entry, null, 2), {
      expirationTtl: DELIVERED_TTL_SECONDS,
    })
  }
}

export type AcceptResult = { ok: true; id: string } | { ok: false; id: string }

/**
 * Stores the lead, then queues it. Only when both succeed may the visitor see Success; a
 * failure is logged by lead id (never by personal data) and reported as not accepted.
 */
export async function acceptLead(env: Bindings, lead: Lead): Promise<AcceptResult> {
  const id = crypto.randomUUID()
  const now = new Date().toISOString()
  const record: LeadRecord = { id, status: 'queued', createdAt: now, updatedAt: now, attempts: 0, lead }
  const store = new LeadStore(env.LEADS_STORE)
  try {
    await store.save(record)
  } catch (error) {
    console.error(`[contact] lead ${id} not stored: ${errorText(error)}`)
    return { ok: false, id }
  }
  try {
    await env.LEADS.send({ id, lead } satisfies LeadMessage, { contentType: 'json' })
  } catch (error) {
    console.error(`[contact] lead ${id} stored but not queued: ${errorText(error)}`)
    await store
      .save({
        ...record,
        status: 'not-queued',
        lastError: errorText(error),
        updatedAt: new Date().toISOString(),
      })
      .catch(() => undefined)
    return { ok: false, id }
  }
  console.log(`[contact] lead ${id} accepted and queued`)
  return { ok: true, id }
}

export function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 200)
}

/** Checks a queue message body; only our own producer writes them, but a bad one must not crash the batch. */
export function parseLeadMessage(body: unknown): LeadMessage | null {
  if (typeof body !== 'object' || body === null) return null
  const { id, lead } = body as Partial<LeadMessage>
  if (typeof id !== 'string' || typeof lead !== 'object' || lead === null) return null
  const fields = ['name', 'email', 'phone', 'inquiry', 'time'] as const
  if (!fields.every((field) => typeof lead[field] === 'string')) return null
  return { id, lead }
}
