/**
 * The lead delivery consumer as tests drive it: called directly with message batches
 * (cloudflare:test) so every ack, retry and delay can be checked, and a fake EmailJS service of
 * each test's own, scripted, so tests do not see each other's requests.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test'
import { vi } from 'vitest'
import type { Bindings } from '../../../src/env'
import { leadMessage } from '../../../src/server/leads/storage/lead-model'
import { env, worker } from './app'
import { fakeEmailJs } from './emailjs'

export function message(id: string, attempts = 1) {
  return { id: `msg-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body: leadMessage(id) }
}

/** A service id of its own, scripted on the fake server. */
export async function newService(
  script: (string | { status: number; body?: string; headers?: Record<string, string> })[] = [],
) {
  const serviceId = `svc-${crypto.randomUUID()}`
  await fakeEmailJs.control(serviceId, { script })
  return serviceId
}

/**
 * Runs the consumer on one batch. getQueueResult reports acks and retries; the retry delays
 * are read from spies, since it does not report them.
 */
export async function consume(
  envOverride: Partial<Bindings>,
  messages: ReturnType<typeof message>[],
  queue = 'leads',
) {
  const batch = createMessageBatch(queue, messages)
  const retries = batch.messages.map((msg) => vi.spyOn(msg, 'retry'))
  const ctx = createExecutionContext()
  await worker.queue(batch, { ...env, ...envOverride })
  const result = await getQueueResult(batch, ctx)
  const retryMessages = result.retryMessages.map(({ msgId }) => {
    const index = batch.messages.findIndex((msg) => msg.id === msgId)
    return { msgId, delaySeconds: retries[index]?.mock.calls.at(-1)?.[0]?.delaySeconds }
  })
  return { explicitAcks: result.explicitAcks, retryMessages }
}
