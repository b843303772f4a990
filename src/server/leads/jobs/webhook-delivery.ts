/**
 * The CRM webhook's messages on the leads queue (leads/services/lead-webhook.ts): a target of its own,
 * so the e-mail and the post succeed or fail apart. A lead erased or marked spam meanwhile is
 * never posted; one the webhook already took is not posted again; every try is a row of
 * lead_attempts. Retries follow the e-mail's schedule; what the dead letter queue gets is given
 * up with that reason. Logs name leads by id.
 */
import { log } from '../../../lib/log'
import type { Services } from '../../app-env'
import { attemptOf } from '../services/lead-mailer'
import { postLead } from '../services/lead-webhook'
import { retryDelaySeconds } from './retry-schedule'

export async function deliverWebhook(msg: Message<unknown>, id: string, services: Services) {
  const { desk: leads, webhook } = services.leads
  const { config, alerts } = services.platform
  if (!webhook.on) {
    log.warn('leads', 'webhook message dropped: no webhook is set up', { leadId: id, reason: webhook.why })
    return msg.ack()
  }
  const [found, earlier] = await Promise.all([leads.read.queries.get(id), leads.read.attempts.of(id)])
  if (!found.ok || !earlier.ok) return msg.retry({ delaySeconds: 30 })
  const lead = found.value
  if (!lead || lead.status === 'erased' || lead.status === 'spam') return msg.ack()
  if (earlier.value.some((a) => a.channel === 'webhook' && a.outcome === 'delivered')) return msg.ack()
  const startedAt = new Date()
  const result = await postLead(webhook, lead, config.timings.leadWebhookBudgetMs)
  const sent = result.outcome === 'delivered' ? ({ outcome: 'delivered', via: 'webhook' } as const) : result
  await leads.recordAttempt(id, attemptOf('webhook', sent, startedAt, new Date()))
  if (sent.outcome === 'delivered') {
    log.info('leads', 'lead posted to the webhook', { leadId: id })
    return msg.ack()
  }
  if (sent.outcome === 'retrying') {
    const delaySeconds = retryDelaySeconds(sent, msg.attempts)
    log.warn('leads', 'webhook retrying', { leadId: id, delaySeconds, reason: sent.reason })
    return msg.retry({ delaySeconds })
  }
  log.error('leads', 'webhook refused the lead', { leadId: id, reason: sent.reason })
  await alerts.send({ event: 'webhook.failed', leadId: id, reason: sent.reason })
  msg.ack()
}

/** The dead letter queue got a webhook message: its retries are spent; the lead's page says so. */
export async function webhookGivenUp(msg: Message<unknown>, id: string, { leads, platform }: Services) {
  const now = new Date()
  const reason = 'Webhook: gave up after the last retry'
  await leads.desk.recordAttempt(id, attemptOf('webhook', { outcome: 'dead', reason }, now, now))
  log.error('leads', 'webhook gave up', { leadId: id })
  await platform.alerts.send({ event: 'webhook.failed', leadId: id, reason })
  msg.ack()
}
