/**
 * The lead delivery consumer, called directly with message batches (cloudflare:test) so every
 * ack, retry and delay can be checked. Each test scripts the fake EmailJS server for its own
 * service id, so tests do not see each other's requests.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { handleQueue } from '../../src/server/queue'
import { emailJsConfig, sendEmail } from '../../src/server/services/emailjs'
import type { Lead, LeadRecord } from '../../src/server/services/leads'
import { env, CONFIGURED, fakeEmailJs, leadRecord } from './support'

afterEach(() => {
  vi.restoreAllMocks()
})

function newLead(): Lead {
  const marker = crypto.randomUUID().slice(0, 8)
  return {
    name: `Grace Hopper ${marker}`,
    email: `grace.${marker}@example.com`,
    phone: `+1 555 0100 ${marker.replace(/\D/g, '')}`,
    inquiry: `Please call us about a virtual showroom. ${marker}`,
    time: '11/22/2026, 9:41:00 AM',
  }
}

function message(id: string, lead: Lead, attempts = 1) {
  return { id: `msg-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body: { id, lead } }
}

/** A service id of its own, scripted on the fake server. */
async function newService(
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
async function consume(
  envOverride: Partial<typeof env>,
  messages: ReturnType<typeof message>[],
  queue = 'leads',
) {
  const batch = createMessageBatch(queue, messages)
  const retries = batch.messages.map((msg) => vi.spyOn(msg, 'retry'))
  const ctx = createExecutionContext()
  await handleQueue(batch, { ...env, ...envOverride })
  const result = await getQueueResult(batch, ctx)
  const retryMessages = result.retryMessages.map(({ msgId }) => {
    const index = batch.messages.findIndex((msg) => msg.id === msgId)
    const options = retries[index]?.mock.calls.at(-1)?.[0]
    return { msgId, delaySeconds: options?.delaySeconds }
  })
  return { explicitAcks: result.explicitAcks, retryMessages }
}

describe('delivering a lead to EmailJS', () => {
  it('posts exactly the @emailjs/browser 4.4.1 body, plus the private key, and records the delivery', async () => {
    const serviceId = await newService(['ok'])
    const lead = newLead()
    const id = crypto.randomUUID()
    const msg = message(id, lead)
    const result = await consume({ EMAILJS_SERVICE_ID: serviceId }, [msg])

    expect(result.explicitAcks).toEqual([msg.id])
    expect(result.retryMessages).toEqual([])
    const [received, ...more] = await fakeEmailJs.received(serviceId)
    expect(more).toEqual([])
    expect(received!.contentType).toBe('application/json')
    expect(received!.status).toBe(200)
    expect(received!.body).toEqual({
      lib_version: '4.4.1',
      user_id: CONFIGURED.publicKey,
      service_id: serviceId,
      template_id: CONFIGURED.templateId,
      template_params: {
        title: 'Schedule Call Request',
        name: lead.name,
        time: lead.time,
        message: lead.inquiry,
        phone: lead.phone,
        email: lead.email,
      },
      accessToken: CONFIGURED.privateKey,
    })
    expect(Object.keys(received!.body)).toEqual([
      'lib_version',
      'user_id',
      'service_id',
      'template_id',
      'template_params',
      'accessToken',
    ])
    expect(await leadRecord(id)).toMatchObject({
      id,
      status: 'delivered',
      deliveredVia: 'emailjs',
      attempts: 1,
      lead,
    })
  })

  it('leaves accessToken out when no private key is configured, as the browser SDK does', async () => {
    const serviceId = await newService(['ok'])
    await consume({ EMAILJS_SERVICE_ID: serviceId, EMAILJS_PRIVATE_KEY: undefined }, [
      message(crypto.randomUUID(), newLead()),
    ])
    const [received] = await fakeEmailJs.received(serviceId)
    expect(received!.status).toBe(200)
    expect(received!.body).not.toHaveProperty('accessToken')
    expect(received!.body.user_id).toBe(CONFIGURED.publicKey)
  })

  it('sends the messages of a batch one per second, so an upstream limited to 1/s accepts them all', async () => {
    const serviceId = await newService()
    await fakeEmailJs.control(serviceId, { perSecond: 1 })
    const messages = [0, 1, 2].map(() => message(crypto.randomUUID(), newLead()))
    const result = await consume({ EMAILJS_SERVICE_ID: serviceId }, messages)
    expect(result.explicitAcks.sort()).toEqual(messages.map((m) => m.id).sort())
    const statuses = (await fakeEmailJs.received(serviceId)).map((r) => r.status)
    expect(statuses).toEqual([200, 200, 200])
  })
})

describe('when EmailJS fails', () => {
  it.each([
    ['429', 1, 2, 'EmailJS 429 Too Many Requests'],
    ['429', 4, 16, 'EmailJS 429 Too Many Requests'],
    ['500', 1, 30, 'EmailJS 500 Internal Server Error'],
    ['503', 1, 30, 'EmailJS 503 Service Unavailable'],
    ['503', 3, 120, 'EmailJS 503 Service Unavailable'],
    ['503', 9, 3600, 'EmailJS 503 Service Unavailable'],
  ])('retries a %s on attempt %i after %i s, keeping the reason', async (status, attempts, delay, reason) => {
    const serviceId = await newService([status])
    const id = crypto.randomUUID()
    const msg = message(id, newLead(), attempts)
    const result = await consume({ EMAILJS_SERVICE_ID: serviceId }, [msg])
    expect(result.explicitAcks).toEqual([])
    expect(result.retryMessages).toEqual([{ msgId: msg.id, delaySeconds: delay }])
    expect(await leadRecord(id)).toMatchObject({ status: 'retrying', lastError: reason, attempts: 1 })
  })

  it("honours the upstream's Retry-After", async () => {
    const serviceId = await newService([{ status: 429, body: 'slow down', headers: { 'Retry-After': '7' } }])
    const msg = message(crypto.randomUUID(), newLead())
    const result = await consume({ EMAILJS_SERVICE_ID: serviceId }, [msg])
    expect(result.retryMessages).toEqual([{ msgId: msg.id, delaySeconds: 7 }])
  })

  it('retries when the connection is dropped', async () => {
    const serviceId = await newService(['drop'])
    const id = crypto.randomUUID()
    const msg = message(id, newLead())
    const result = await consume({ EMAILJS_SERVICE_ID: serviceId }, [msg])
    expect(result.retryMessages).toEqual([{ msgId: msg.id, delaySeconds: 30 }])
    expect((await leadRecord(id))?.lastError).toMatch(/^EmailJS network error/)
  })

  it('gives up on a slow answer after the timeout and asks for a retry', async () => {
    const serviceId = await newService(['slow'])
    await fakeEmailJs.control(serviceId, { slowMs: 3000 })
    const config = emailJsConfig({ ...env, EMAILJS_SERVICE_ID: serviceId })
    if (!config.configured) throw new Error('test EmailJS config missing')
    expect(await sendEmail(config, newLead(), { timeoutMs: 300 })).toEqual({
      outcome: 'retry',
      reason: 'EmailJS timed out after 300 ms',
    })
  })

  it.each([
    ['400', 'EmailJS 400 The Public Key is invalid'],
    ['403', 'EmailJS 403 API calls are disabled for non-browser applications'],
    ['412', 'EmailJS 412 Gmail_API: Request had insufficient authentication scopes'],
    ['422', 'EmailJS 422 The recipients address is empty'],
  ])('dead-letters a %s configuration error at once, with its reason', async (status, reason) => {
    const serviceId = await newService([status])
    const id = crypto.randomUUID()
    const msg = message(id, newLead())
    const result = await consume({ EMAILJS_SERVICE_ID: serviceId }, [msg])
    expect(result.explicitAcks).toEqual([msg.id])
    expect(result.retryMessages).toEqual([])
    expect(await leadRecord(id)).toMatchObject({ status: 'dead-lettered', lastError: reason })
    const dead = await env.LEADS_STORE.get<LeadRecord>(`dead:${id}`, 'json')
    expect(dead).toMatchObject({ id, status: 'dead-lettered', lastError: reason })
    expect((await fakeEmailJs.received(serviceId)).length).toBe(1)
  })

  it('survives an outage: 503, dropped, 500, then delivered once, and a redelivery sends nothing', async () => {
    const serviceId = await newService(['503', 'drop', '500'])
    const id = crypto.randomUUID()
    const lead = newLead()
    const outcomes: string[] = []
    for (let attempts = 1; attempts <= 4; attempts++) {
      const msg = message(id, lead, attempts)
      const result = await consume({ EMAILJS_SERVICE_ID: serviceId }, [msg])
      outcomes.push(
        result.explicitAcks.includes(msg.id) ? 'ack' : `retry ${result.retryMessages[0]?.delaySeconds}`,
      )
    }
    expect(outcomes).toEqual(['retry 30', 'retry 60', 'retry 120', 'ack'])
    // The queue delivers at least once: the same lead arriving again is not e-mailed again.
    const again = message(id, lead, 1)
    expect((await consume({ EMAILJS_SERVICE_ID: serviceId }, [again])).explicitAcks).toEqual([again.id])
    const received = await fakeEmailJs.received(serviceId)
    expect(received.map((r) => r.status)).toEqual([503, 0, 500, 200])
    expect(await leadRecord(id)).toMatchObject({ status: 'delivered', attempts: 4 })
  })

  it('drops a message that is not a lead without sending anything', async () => {
    const serviceId = await newService()
    const msg = { ...message('x', newLead()), body: { hello: 'world' } } as unknown as ReturnType<
      typeof message
    >
    const result = await consume({ EMAILJS_SERVICE_ID: serviceId }, [msg])
    expect(result.explicitAcks).toEqual([msg.id])
    expect(await fakeEmailJs.received(serviceId)).toEqual([])
  })
})

describe('the dead-letter queue', () => {
  it('records what leads-dlq receives as dead-lettered, with the last reason', async () => {
    const serviceId = await newService(['503'])
    const id = crypto.randomUUID()
    const lead = newLead()
    await consume({ EMAILJS_SERVICE_ID: serviceId }, [message(id, lead, 9)])
    const msg = message(id, lead)
    const result = await consume({}, [msg], 'leads-dlq')
    expect(result.explicitAcks).toEqual([msg.id])
    const expected = { id, status: 'dead-lettered', lastError: 'EmailJS 503 Service Unavailable', lead }
    expect(await leadRecord(id)).toMatchObject(expected)
    expect(await env.LEADS_STORE.get(`dead:${id}`, 'json')).toMatchObject(expected)
  })

  it('keeps the lead from the message even when no record exists yet', async () => {
    const id = crypto.randomUUID()
    const lead = newLead()
    await consume({}, [message(id, lead)], 'leads-dlq')
    expect(await leadRecord(id)).toMatchObject({
      status: 'dead-lettered',
      lastError: 'Delivery retries exhausted',
      lead,
    })
  })

  it('leaves a delivered lead alone', async () => {
    const serviceId = await newService(['ok'])
    const id = crypto.randomUUID()
    const lead = newLead()
    await consume({ EMAILJS_SERVICE_ID: serviceId }, [message(id, lead)])
    await consume({}, [message(id, lead)], 'leads-dlq')
    expect(await leadRecord(id)).toMatchObject({ status: 'delivered' })
    expect(await env.LEADS_STORE.get(`dead:${id}`)).toBeNull()
  })
})

describe('without EmailJS configured', () => {
  const unconfigured = { EMAILJS_PUBLIC_KEY: undefined, EMAILJS_TEMPLATE_ID: undefined }

  it('delivers to the local outbox in development: a log line and a stored record', async () => {
    const serviceId = await newService()
    const log = vi.spyOn(console, 'log')
    const id = crypto.randomUUID()
    const lead = newLead()
    const msg = message(id, lead)
    const result = await consume({ ...unconfigured, EMAILJS_SERVICE_ID: serviceId, APP_ENV: 'development' }, [
      msg,
    ])
    expect(result.explicitAcks).toEqual([msg.id])
    expect(log.mock.calls.map((args) => String(args[0]))).toContain(
      `[outbox] lead ${id} stored in LEADS_STORE as outbox:${id} (EmailJS not configured)`,
    )
    const outbox = await env.LEADS_STORE.get<{ template_params: unknown }>(`outbox:${id}`, 'json')
    expect(outbox?.template_params).toEqual({
      title: 'Schedule Call Request',
      name: lead.name,
      time: lead.time,
      message: lead.inquiry,
      phone: lead.phone,
      email: lead.email,
    })
    expect(await leadRecord(id)).toMatchObject({ status: 'delivered', deliveredVia: 'outbox' })
    expect(await fakeEmailJs.received(serviceId)).toEqual([])
  })

  it('refuses to send in production and keeps the lead retrying with the reason', async () => {
    const serviceId = await newService()
    const id = crypto.randomUUID()
    const msg = message(id, newLead())
    const result = await consume({ ...unconfigured, EMAILJS_SERVICE_ID: serviceId, APP_ENV: 'production' }, [
      msg,
    ])
    expect(result.retryMessages).toEqual([{ msgId: msg.id, delaySeconds: 30 }])
    const reason = 'EmailJS not configured: missing EMAILJS_PUBLIC_KEY, EMAILJS_TEMPLATE_ID'
    expect(await leadRecord(id)).toMatchObject({ status: 'retrying', lastError: reason })
    expect(await env.LEADS_STORE.get(`outbox:${id}`)).toBeNull()
    expect(await fakeEmailJs.received(serviceId)).toEqual([])

    // Once retries run out, leads-dlq records it as dead-lettered with that reason.
    await consume({}, [message(id, msg.body.lead)], 'leads-dlq')
    expect(await leadRecord(id)).toMatchObject({ status: 'dead-lettered', lastError: reason })
  })
})

describe('logs', () => {
  it('name leads by id and outcome, never by e-mail, phone, name or message', async () => {
    const spies = (['log', 'warn', 'error', 'info', 'debug'] as const).map((level) =>
      vi.spyOn(console, level),
    )
    const serviceId = await newService(['503', '403'])
    const lead = newLead()
    const id = crypto.randomUUID()
    await consume({ EMAILJS_SERVICE_ID: serviceId }, [message(id, lead)])
    await consume({ EMAILJS_SERVICE_ID: serviceId }, [message(id, lead, 2)])
    await consume({ EMAILJS_PUBLIC_KEY: undefined, APP_ENV: 'development' }, [
      message(crypto.randomUUID(), lead),
    ])
    const output = spies.flatMap((spy) => spy.mock.calls.map((args) => args.map(String).join(' '))).join('\n')
    expect(output).toContain(`lead ${id}`)
    for (const secret of [lead.email, lead.phone, lead.name, lead.inquiry])
      expect(output).not.toContain(secret)
  })
})
