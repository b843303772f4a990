/**
 * The queue consumers of wrangler.toml. `leads` carries lead ids: the consumer claims the lead in
 * D1 with one conditional UPDATE before sending, so two deliveries of a message, or two
 * consumers, never both send it; then it sends the e-mail (EmailJS, one request per second per
 * isolate) and records the outcome. `leads-dlq` gets what `leads` gave up on after max_retries.
 * Messages hold no personal data, and a lead erased meanwhile is never sent. Logs name leads by id.
 */
import { isDevelopment, type Bindings } from '../../env'
import { log } from '../../lib/log'
import { isolate } from '../isolate'
import { alert } from '../services/alerts'
import { emailJsConfig, sendEmail, type SendResult } from '../services/emailjs'
import { leadIdOf, TRANSITIONS, type LeadContent } from '../storage/lead-model'
import { LeadQueries } from '../storage/lead-queries'
import { LeadStore } from '../storage/leads'
import { retryDelaySeconds } from './retry-schedule'

export const LEADS_DEAD_LETTER_QUEUE = 'leads-dlq'
/** A claim this old was left by an isolate that died mid-send: a redelivered message may retake it. */
export const CLAIM_STALE_MS = 5 * 60 * 1000
/** A lead another consumer is sending right now is looked at again after this. */
const BUSY_RETRY_SECONDS = 60

export async function handleQueue(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
  for (const msg of batch.messages) {
    const id = leadIdOf(msg.body)
    if (!id) {
      log.error('leads', `message ${msg.id} names no lead, dropped`)
      msg.ack()
    } else if (batch.queue === LEADS_DEAD_LETTER_QUEUE) await recordDeadLetter(msg, id, env)
    else await deliver(msg, id, env) // one after another: EmailJS takes 1 request per second
  }
}

async function deliver(msg: Message<unknown>, id: string, env: Bindings): Promise<void> {
  const store = new LeadStore(env.DB)
  const now = new Date()
  const claimed = await store.claim(
    id,
    now.toISOString(),
    new Date(now.getTime() - CLAIM_STALE_MS).toISOString(),
  )
  if (!claimed.ok) {
    const delaySeconds = retryDelaySeconds({ outcome: 'retry', reason: '' }, msg.attempts)
    log.warn('leads', `lead ${id} not claimed, retry in ${delaySeconds} s: ${claimed.error.message}`)
    return msg.retry({ delaySeconds })
  }
  if (!claimed.value) {
    const status = await store.status(id)
    if (!status.ok || status.value === 'sending') {
      log.info('leads', `lead ${id} is being sent elsewhere, looked at again in ${BUSY_RETRY_SECONDS} s`)
      return msg.retry({ delaySeconds: BUSY_RETRY_SECONDS })
    }
    log.info('leads', `lead ${id} is ${status.value ?? 'gone'}, message ${msg.id} done`)
    return msg.ack()
  }

  const { attempts, ...content } = claimed.value
  const result = await send(env, id, content)
  const at = new Date().toISOString()
  if (result.outcome === 'delivered') {
    await recordOutcome(store, id, at, { to: 'delivered', via: result.via })
    log.info('leads', `lead ${id} delivered via ${result.via} (attempt ${attempts})`)
    msg.ack()
  } else if (result.outcome === 'retry') {
    const delaySeconds = retryDelaySeconds(result, msg.attempts)
    await recordOutcome(store, id, at, { to: 'retrying', error: result.reason })
    log.warn('leads', `lead ${id} attempt ${attempts} failed, retry in ${delaySeconds} s: ${result.reason}`)
    msg.retry({ delaySeconds })
  } else {
    // Refused (a configuration error): retrying cannot help, so it is dead now.
    await recordOutcome(store, id, at, { to: 'dead', error: result.reason })
    log.error('leads', `lead ${id} dead-lettered: ${result.reason}`)
    msg.ack()
    await alert(env, { event: 'lead.dead', leadId: id, reason: result.reason })
  }
}

type Sent =
  Exclude<SendResult, { outcome: 'delivered' }> | { outcome: 'delivered'; via: 'emailjs' | 'outbox' }

async function send(env: Bindings, id: string, lead: LeadContent): Promise<Sent> {
  const config = emailJsConfig(env)
  if (!config.configured) {
    const reason = `EmailJS not configured: missing ${config.missing.join(', ')}`
    // A deploy without the keys keeps the lead and retries until someone adds them.
    if (!isDevelopment(env)) return { outcome: 'retry', reason }
    log.info('outbox', `lead ${id} kept in the local outbox (${reason}): /admin/leads/${id}`)
    return { outcome: 'delivered', via: 'outbox' }
  }
  await isolate().emailSlot.claim()
  const result = await sendEmail(config, lead)
  return result.outcome === 'delivered' ? { outcome: 'delivered', via: 'emailjs' } : result
}

/**
 * The e-mail has gone (or not) whatever D1 says next, so the message is settled anyway; a record
 * that cannot be written is tried twice more, then logged (the sweep finds the lead later).
 */
async function recordOutcome(
  store: LeadStore,
  id: string,
  at: string,
  outcome: Parameters<LeadStore['finish']>[2],
) {
  for (let tries = 1; ; tries++) {
    const written = await store.finish(id, at, outcome)
    if (written.ok) return
    if (tries === 3)
      return log.error('leads', `lead ${id} ${outcome.to} but not recorded: ${written.error.message}`)
  }
}

/** `leads` retried this one max_retries times: it is dead, with the last reason, for a person. */
async function recordDeadLetter(msg: Message<unknown>, id: string, env: Bindings): Promise<void> {
  const row = await new LeadQueries(env.DB).get(id)
  if (!row.ok) {
    log.error('leads', `lead ${id} dead letter not recorded, retrying: ${row.error.message}`)
    return msg.retry({ delaySeconds: 10 })
  }
  if (!row.value || !(TRANSITIONS.kill as readonly string[]).includes(row.value.status)) return msg.ack()
  const reason = `${row.value.lastError ?? 'Delivery retries exhausted'} (gave up after ${row.value.attempts} attempts)`
  const killed = await new LeadStore(env.DB).finish(id, new Date().toISOString(), {
    to: 'dead',
    error: reason,
  })
  if (!killed.ok) return msg.retry({ delaySeconds: 10 })
  log.error('leads', `lead ${id} dead-lettered after ${row.value.attempts} attempts: ${reason}`)
  msg.ack()
  await alert(env, { event: 'lead.dead', leadId: id, reason })
}
