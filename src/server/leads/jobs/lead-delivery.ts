/**
 * The queue consumers of wrangler.toml. `xr-stores-leads` carries lead ids: the consumer claims the lead in
 * D1 with one conditional UPDATE before sending, so two deliveries of a message, or two
 * consumers, never both send it; then it sends the e-mail (leads/services/lead-mailer.ts) and records
 * the outcome. `xr-stores-leads-dlq` gets what the first gave up on after max_retries. Messages hold no
 * personal data, and a lead erased meanwhile is never sent. Logs name leads by id.
 */
import { log } from '../../../lib/log'
import type { Services } from '../../app-env'
import type { LeadDesk } from '../services/lead-desk'
import { isWebhookMessage, leadIdOf } from '../storage/lead-model'
import { deliverWebhook, webhookGivenUp } from './webhook-delivery'
import { retryDelaySeconds } from './retry-schedule'

/** The dead letter queues (xr-stores-leads-dlq, and staging's) are the ones named …-dlq. */
const isDeadLetterQueue = (queue: string) => queue.endsWith('-dlq')
/** A lead another consumer is sending right now is looked at again after this. */
const BUSY_RETRY_SECONDS = 60

export async function handleQueue(batch: MessageBatch<unknown>, services: Services): Promise<void> {
  for (const msg of batch.messages) {
    const id = leadIdOf(msg.body)
    if (!id) {
      log.error('leads', 'message names no lead, dropped', { messageId: msg.id })
      msg.ack()
    } else if (isWebhookMessage(msg.body)) {
      if (isDeadLetterQueue(batch.queue)) await webhookGivenUp(msg, id, services)
      else await deliverWebhook(msg, id, services)
    } else if (isDeadLetterQueue(batch.queue)) await recordDeadLetter(msg, id, services.leads.desk)
    else await deliver(msg, id, services) // one after another: EmailJS takes 1 request per second
  }
}

async function deliver(msg: Message<unknown>, id: string, services: Services): Promise<void> {
  const { desk: leads, mailer } = services.leads
  const claimed = await leads.claim(id, new Date())
  if (!claimed.ok) {
    const delaySeconds = retryDelaySeconds({ outcome: 'retrying', reason: '' }, msg.attempts)
    log.warn('leads', 'lead not claimed, retried later', {
      leadId: id,
      delaySeconds,
      reason: claimed.error.message,
    })
    return msg.retry({ delaySeconds })
  }
  if (!claimed.value) {
    const status = await leads.statusOf(id)
    if (!status.ok || status.value === 'sending') {
      log.info('leads', 'lead is being sent elsewhere, looked at again later', {
        leadId: id,
        delaySeconds: BUSY_RETRY_SECONDS,
      })
      return msg.retry({ delaySeconds: BUSY_RETRY_SECONDS })
    }
    log.info('leads', 'nothing to send, message done', {
      leadId: id,
      status: status.value ?? 'gone',
      messageId: msg.id,
    })
    return msg.ack()
  }

  const { attempts, sendVia, ...content } = claimed.value
  const earlier = await leads.read.attempts.of(id)
  const sent = await mailer.send(id, content, earlier.ok ? earlier.value : [], sendVia)
  for (const made of sent.attempts) await leads.recordAttempt(id, made)
  const result = sent.final
  const at = new Date().toISOString()
  if (result.outcome === 'delivered') {
    await leads.record(id, at, { to: 'delivered', via: result.via })
    log.info('leads', 'lead delivered', { leadId: id, via: result.via, attempt: attempts })
    msg.ack()
  } else if (result.outcome === 'retrying') {
    const delaySeconds = retryDelaySeconds(result, msg.attempts)
    await leads.record(id, at, { to: 'retrying', error: result.reason })
    log.warn('leads', 'lead retrying', { leadId: id, attempt: attempts, delaySeconds, reason: result.reason })
    msg.retry({ delaySeconds })
  } else {
    // Refused (a configuration error): retrying cannot help, so it is dead now.
    log.error('leads', 'lead dead', { leadId: id, reason: result.reason })
    msg.ack()
    await leads.markDead(id, result.reason, at)
  }
}

/** `leads` retried this one max_retries times: it is dead, with the last reason, for a person. */
async function recordDeadLetter(msg: Message<unknown>, id: string, leads: LeadDesk): Promise<void> {
  const given = await leads.giveUp(id)
  if (given.ok) return msg.ack()
  log.error('leads', 'dead letter not recorded, retried later', { leadId: id, reason: given.error.message })
  msg.retry({ delaySeconds: 10 })
}
