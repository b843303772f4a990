/**
 * Queue consumers for lead delivery (wrangler.toml): `leads` sends each lead to EmailJS (or to
 * the local outbox), one request at a time; `leads-dlq` receives what `leads` gave up on after
 * max_retries and records it as dead-lettered. Logs name leads by id only.
 */
import { isDevelopment, type Bindings } from '../env'
import { isolate } from './isolate'
import { emailJsConfig, sendEmail, templateParams, type SendResult } from './services/emailjs'
import {
  errorText,
  LeadStore,
  OUTBOX_PREFIX,
  parseLeadMessage,
  type Lead,
  type LeadMessage,
  type LeadRecord,
} from './services/leads'

export const LEADS_QUEUE = 'leads'
export const LEADS_DEAD_LETTER_QUEUE = 'leads-dlq'

/** Retry schedule for outages: 30 s doubling to 1 h, about 2 hours over the 8 retries. */
const OUTAGE_BASE_DELAY_SECONDS = 30
/** Rate limited: 2 s doubling to 1 min, since the next free slot is usually seconds away. */
const RATE_LIMIT_MAX_DELAY_SECONDS = 60
const MAX_DELAY_SECONDS = 60 * 60

type Delivery =
  Exclude<SendResult, { outcome: 'delivered' }> | { outcome: 'delivered'; via: 'emailjs' | 'outbox' }
type RetryResult = Extract<SendResult, { outcome: 'retry' }>

export async function handleQueue(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
  if (batch.queue === LEADS_DEAD_LETTER_QUEUE) await recordDeadLetters(batch, env)
  else await deliverLeads(batch, env)
}

/** `attempts` counts from 1 (the platform's Message.attempts). */
export function retryDelaySeconds(result: RetryResult, attempts: number): number {
  const clamp = (seconds: number) => Math.min(Math.max(Math.ceil(seconds), 1), MAX_DELAY_SECONDS)
  if (result.retryAfterSeconds !== undefined) return clamp(result.retryAfterSeconds)
  if (result.status === 429) return Math.min(2 ** attempts, RATE_LIMIT_MAX_DELAY_SECONDS)
  return clamp(OUTAGE_BASE_DELAY_SECONDS * 2 ** (attempts - 1))
}

async function deliverLeads(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
  const store = new LeadStore(env.LEADS_STORE)
  // One after another: EmailJS takes 1 request per second.
  for (const msg of batch.messages) {
    const message = parseLeadMessage(msg.body)
    if (!message) {
      console.error(`[leads] message ${msg.id} is not a lead, dropped`)
      msg.ack()
      continue
    }
    try {
      await deliverOne(msg, message, store, env)
    } catch (error) {
      const delaySeconds = retryDelaySeconds({ outcome: 'retry', reason: '' }, msg.attempts)
      console.error(
        `[leads] lead ${message.id} delivery crashed, retry in ${delaySeconds} s: ${errorText(error)}`,
      )
      msg.retry({ delaySeconds })
    }
  }
}

async function deliverOne(msg: Message<unknown>, { id, lead }: LeadMessage, store: LeadStore, env: Bindings) {
  const known = await store.get(id).catch(() => null)
  // The idempotency check: queues deliver at least once, a lead is e-mailed once.
  if (known?.status === 'delivered') {
    console.log(`[leads] lead ${id} already delivered, message ${msg.id} skipped`)
    msg.ack()
    return
  }
  const now = new Date().toISOString()
  const base: LeadRecord = known ?? {
    id,
    status: 'queued',
    createdAt: now,
    updatedAt: now,
    attempts: 0,
    lead,
  }
  const tried = { ...base, attempts: base.attempts + 1, updatedAt: now }
  const result = await deliver(env, store, id, lead)

  if (result.outcome === 'delivered') {
    await saveDelivered(store, {
      ...tried,
      status: 'delivered',
      deliveredVia: result.via,
      lastError: undefined,
    })
    console.log(`[leads] lead ${id} delivered via ${result.via} (attempt ${msg.attempts})`)
    msg.ack()
  } else if (result.outcome === 'retry') {
    const delaySeconds = retryDelaySeconds(result, msg.attempts)
    await store
      .save({ ...tried, status: 'retrying', lastError: result.reason })
      .catch((error) => console.warn(`[leads] lead ${id} status not saved: ${errorText(error)}`))
    console.warn(
      `[leads] lead ${id} attempt ${msg.attempts} failed, retry in ${delaySeconds} s: ${result.reason}`,
    )
    msg.retry({ delaySeconds })
  } else {
    // Refused (a configuration error): retrying cannot help, so record it as dead now.
    await store.saveDeadLetter({ ...tried, status: 'dead-lettered', lastError: result.reason })
    console.error(`[leads] lead ${id} dead-lettered: ${result.reason}`)
    msg.ack()
  }
}

async function deliver(env: Bindings, store: LeadStore, id: string, lead: Lead): Promise<Delivery> {
  const config = emailJsConfig(env)
  if (!config.configured) {
    const reason = `EmailJS not configured: missing ${config.missing.join(', ')}`
    // A deploy without the secrets keeps the lead and retries until someone adds them.
    if (!isDevelopment(env)) return { outcome: 'retry', reason }
    await store.writeOutbox(id, {
      id,
      storedAt: new Date().toISOString(),
      note: `${reason}. This is the e-mail that would have been sent.`,
      template_params: templateParams(lead),
    })
    console.log(`[outbox] lead ${id} stored in LEADS_STORE as ${OUTBOX_PREFIX}${id} (EmailJS not configured)`)
    return { outcome: 'delivered', via: 'outbox' }
  }
  await isolate().emailSlot.claim()
  const result = await sendEmail(config, lead)
  return result.outcome === 'delivered' ? { outcome: 'delivered', via: 'emailjs' } : result
}

/**
 * The e-mail has gone, so the message is acked even if the record cannot be written; one more
 * try covers KV's one-write-per-second-per-key limit.
 */
async function saveDelivered(store: LeadStore, record: LeadRecord): Promise<void> {
  try {
    await store.save(record)
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 1100))
    await store
      .save(record)
      .catch((error) =>
        console.error(`[leads] lead ${record.id} delivered but not recorded: ${errorText(error)}`),
      )
  }
}

/** `leads` retried these max_retries times; keep them, with the last reason, for a person to handle. */
async function recordDeadLetters(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
  const store = new LeadStore(env.LEADS_STORE)
  for (const msg of batch.messages) {
    const message = parseLeadMessage(msg.body)
    if (!message) {
      console.error(`[leads] dead-letter message ${msg.id} is not a lead, dropped`)
      msg.ack()
      continue
    }
    const { id, lead } = message
    try {
      const known = await store.get(id)
      if (known?.status === 'delivered') {
        msg.ack()
        continue
      }
      const now = new Date().toISOString()
      const record: LeadRecord = known ?? {
        id,
        status: 'queued',
        createdAt: now,
        updatedAt: now,
        attempts: 0,
        lead,
      }
      const reason = record.lastError ?? 'Delivery retries exhausted'
      await store.saveDeadLetter({ ...record, status: 'dead-lettered', lastError: reason, updatedAt: now })
      console.error(`[leads] lead ${id} dead-lettered after ${record.attempts} attempts: ${reason}`)
      msg.ack()
    } catch (error) {
      console.error(`[leads] lead ${id} dead letter not recorded, retrying: ${errorText(error)}`)
      msg.retry({ delaySeconds: 10 })
    }
  }
}
