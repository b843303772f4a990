/**
 * A simulation of the queues of wrangler.toml that drives the worker's queue handler, on a
 * virtual clock: batches of max_batch_size, a message retried after the delay the consumer asks
 * for (else retry_delay), moved to the dead letter queue after max_retries. Hours of outages and
 * retries run in seconds. The limits are read from wrangler.toml, so they cannot drift.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test'
import { parse } from 'smol-toml'
import { vi } from 'vitest'
import wranglerToml from '../../../wrangler.toml?raw'
import type { Bindings } from '../../../src/env'
import { resetIsolate } from '../../../src/server/isolate'
import worker from '../../../src/worker'
import { env } from './app'

interface ConsumerConfig {
  queue: string
  max_batch_size?: number
  max_retries?: number
  retry_delay?: number
  dead_letter_queue?: string
}

/** The platform's defaults for what a consumer leaves unset. */
const DEFAULTS = { maxBatchSize: 10, maxRetries: 3, retryDelay: 0 }

const consumers = (parse(wranglerToml) as unknown as { queues: { consumers: ConsumerConfig[] } }).queues
  .consumers

/** Each consumer's limits, as wrangler.toml sets them. */
/** The lead queue of wrangler.toml: the consumer that names a dead letter queue. */
export const LEADS_QUEUE = consumers.find((c) => c.dead_letter_queue)!.queue

export const QUEUES: Record<
  string,
  { maxBatchSize: number; maxRetries: number; retryDelay: number; deadLetterQueue?: string }
> = Object.fromEntries(
  consumers.map((c) => [
    c.queue,
    {
      maxBatchSize: c.max_batch_size ?? DEFAULTS.maxBatchSize,
      maxRetries: c.max_retries ?? DEFAULTS.maxRetries,
      retryDelay: c.retry_delay ?? DEFAULTS.retryDelay,
      deadLetterQueue: c.dead_letter_queue,
    },
  ]),
)

type QueueName = string

export interface QueuedMessage {
  queue: QueueName
  msgId: string
  body: unknown
  /** Deliveries so far plus this one, as Message.attempts. */
  attempts: number
  /** Virtual seconds. */
  availableAt: number
}

/** A LEADS producer that keeps what the worker sends (as JSON, like contentType: 'json'). */
export function capturingQueue(now: () => number) {
  const sent: QueuedMessage[] = []
  const queue = {
    async send(body: unknown) {
      sent.push({
        queue: LEADS_QUEUE,
        msgId: `msg-${crypto.randomUUID()}`,
        body: JSON.parse(JSON.stringify(body)),
        attempts: 1,
        availableAt: now(),
      })
    },
    async sendBatch() {
      throw new Error('the worker sends leads one at a time')
    },
  }
  return { queue: queue as unknown as Queue<unknown>, sent }
}

export interface QueueRun {
  batches: number
  /** Virtual seconds from the first delivery to the last. */
  lastAt: number
  /** Messages a consumer neither acked nor retried (the platform would ack them silently). */
  implicitlyAcked: QueuedMessage[]
  /** Messages the dead letter queue gave up on: with no queue behind it, they would be gone. */
  dropped: QueuedMessage[]
}

/**
 * Delivers `messages` as the platform would: the earliest available first, in batches of up to
 * max_batch_size per queue, retried after the delay the consumer asks for (else retry_delay),
 * moved to the dead letter queue after max_retries. `envAt` gives the bindings at a virtual time.
 */
export async function drainQueues(
  messages: QueuedMessage[],
  envAt: (seconds: number) => Promise<Partial<Bindings>>,
): Promise<QueueRun> {
  const run: QueueRun = { batches: 0, lastAt: 0, implicitlyAcked: [], dropped: [] }
  let waiting = [...messages]
  let clock = 0
  while (waiting.length > 0) {
    if (run.batches > 1000) throw new Error('the queues never drained')
    clock = Math.max(clock, Math.min(...waiting.map((m) => m.availableAt)))
    const ready = waiting.filter((m) => m.availableAt <= clock).sort((a, b) => a.availableAt - b.availableAt)
    const queue = ready[0]!.queue
    const taken = ready.filter((m) => m.queue === queue).slice(0, QUEUES[queue]!.maxBatchSize)
    waiting = waiting.filter((m) => !taken.includes(m))

    const batch = createMessageBatch(
      queue,
      taken.map((m) => ({ id: m.msgId, timestamp: new Date(), attempts: m.attempts, body: m.body })),
    )
    const retrySpies = batch.messages.map((msg) => vi.spyOn(msg, 'retry'))
    const ctx = createExecutionContext()
    let threw = false
    try {
      await worker.queue(batch, { ...env, ...(await envAt(clock)) })
    } catch {
      threw = true
    }
    const result = await getQueueResult(batch, ctx)
    run.batches++
    run.lastAt = clock

    taken.forEach((m, index) => {
      if (result.explicitAcks.includes(m.msgId)) return
      const retried = result.retryMessages.some((r) => r.msgId === m.msgId)
      if (!retried && !result.retryBatch.retry && !threw) {
        run.implicitlyAcked.push(m)
        return
      }
      const options = retrySpies[index]?.mock.calls.at(-1)?.[0]
      const delay = options?.delaySeconds ?? result.retryBatch.delaySeconds ?? QUEUES[queue]!.retryDelay
      if (m.attempts <= QUEUES[queue]!.maxRetries) {
        waiting.push({ ...m, attempts: m.attempts + 1, availableAt: clock + delay })
      } else if (QUEUES[queue]!.deadLetterQueue) {
        const deadLetters = QUEUES[queue]!.deadLetterQueue!
        waiting.push({ ...m, queue: deadLetters, msgId: `msg-${crypto.randomUUID()}`, attempts: 1 })
      } else {
        run.dropped.push(m)
      }
    })
  }
  return run
}

/**
 * EmailJS allows one request per second, and the consumer spaces its sends by 1.1 s. On the
 * virtual clock that spacing has always passed, so while `run` runs Date.now moves on 1.2 s at
 * every call. Afterwards the clock is real again and the isolate fresh, so the next test (or
 * test file in this isolate) does not wait for a send slot in the skewed future.
 */
export async function withoutSendSpacing<T>(run: () => Promise<T>): Promise<T> {
  const realNow = Date.now.bind(Date)
  let skew = 0
  const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + (skew += 1200))
  try {
    return await run()
  } finally {
    clock.mockRestore()
    await resetIsolate()
  }
}
