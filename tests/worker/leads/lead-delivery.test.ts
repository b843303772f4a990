/**
 * The lead delivery consumer, called directly with message batches (cloudflare:test) so every
 * ack, retry and delay can be checked, against leads stored in D1. Each test scripts the fake
 * EmailJS server for its own service id, so tests do not see each other's requests.
 */
import { describe, expect, it } from 'vitest'
import { emailJsConfig, sendEmail } from '../../../src/server/leads/services/emailjs'
import {
  captureConsole,
  CONFIGURED,
  env,
  fakeEmailJs,
  leadRecord,
  newWebhook,
  storeLead,
  consume,
  message,
  newService,
} from '../support'
import { REAL_TIMINGS } from '../../support/timings'

describe('delivering a lead to EmailJS', () => {
  it('posts exactly the @emailjs/browser 4.4.1 body, plus the private key, and records the delivery', async () => {
    const serviceId = await newService(['ok'])
    const { id, content } = await storeLead()
    const msg = message(id)
    const result = await consume({ EMAILJS_SERVICE_ID: serviceId }, [msg])

    expect(result).toEqual({ explicitAcks: [msg.id], retryMessages: [] })
    const [received, ...more] = await fakeEmailJs.received(serviceId)
    expect(more).toEqual([])
    expect(received!.contentType).toBe('application/json')
    expect(received!.body).toEqual({
      lib_version: '4.4.1',
      user_id: CONFIGURED.publicKey,
      service_id: serviceId,
      template_id: CONFIGURED.templateId,
      template_params: {
        title: 'Schedule Call Request',
        name: content.name,
        time: content.localTime,
        message: content.inquiry,
        phone: content.phone,
        email: content.email,
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
    const record = await leadRecord(id)
    expect(record).toMatchObject({
      status: 'delivered',
      deliveredVia: 'emailjs',
      attempts: 1,
      lastError: null,
    })
    expect(Date.parse(record!.deliveredAt!)).toBeGreaterThan(Date.now() - 60_000)
  })

  it('leaves accessToken out when no private key is configured, as the browser SDK does', async () => {
    const serviceId = await newService(['ok'])
    const { id } = await storeLead()
    await consume({ EMAILJS_SERVICE_ID: serviceId, EMAILJS_PRIVATE_KEY: undefined }, [message(id)])
    const [received] = await fakeEmailJs.received(serviceId)
    expect(received!.status).toBe(200)
    expect(received!.body).not.toHaveProperty('accessToken')
  })

  // The one test on production's spacing (1.1 s), against the stand-in's real 1 request a second.
  it('sends the messages of a batch one per second, so an upstream limited to 1/s accepts them all', async () => {
    const serviceId = await newService()
    await fakeEmailJs.control(serviceId, { perSecond: 1 })
    const leads = await Promise.all([0, 1, 2].map(() => storeLead()))
    const messages = leads.map(({ id }) => message(id))
    const result = await consume({ EMAILJS_SERVICE_ID: serviceId, ...REAL_TIMINGS }, messages)
    expect(result.explicitAcks.sort()).toEqual(messages.map((m) => m.id).sort())
    expect((await fakeEmailJs.received(serviceId)).map((r) => r.status)).toEqual([200, 200, 200])
  })
})

describe('the claim: one lead is sent once, whatever the queue does', () => {
  it('two consumers racing on one lead: one sends, the other finds it being sent and comes back later', async () => {
    const serviceId = await newService([{ status: 200, body: 'OK' }])
    const { id } = await storeLead()
    const [first, second] = [message(id), message(id)]
    const [a, b] = await Promise.all([
      consume({ EMAILJS_SERVICE_ID: serviceId }, [first]),
      consume({ EMAILJS_SERVICE_ID: serviceId }, [second]),
    ])
    const outcomes = [
      ...a.explicitAcks,
      ...b.explicitAcks,
      ...[...a.retryMessages, ...b.retryMessages].map((r) => `retry ${r.delaySeconds}`),
    ]
    expect(outcomes.filter((o) => o.startsWith('msg-'))).toHaveLength(1)
    expect(outcomes).toContain('retry 60')
    // The message that came back later finds the lead delivered and is done.
    const again = await consume({ EMAILJS_SERVICE_ID: serviceId }, [message(id)])
    expect(again.retryMessages).toEqual([])
    expect((await fakeEmailJs.received(serviceId)).filter((r) => r.status === 200)).toHaveLength(1)
    expect(await leadRecord(id)).toMatchObject({ status: 'delivered', attempts: 1 })
  })

  it('a message delivered twice sends nothing the second time', async () => {
    const serviceId = await newService(['ok'])
    const { id } = await storeLead()
    await consume({ EMAILJS_SERVICE_ID: serviceId }, [message(id)])
    const twice = message(id)
    expect((await consume({ EMAILJS_SERVICE_ID: serviceId }, [twice])).explicitAcks).toEqual([twice.id])
    expect(await fakeEmailJs.received(serviceId)).toHaveLength(1)
  })

  it('retakes a claim left behind by an isolate that died mid-send (older than 5 minutes)', async () => {
    const serviceId = await newService(['ok'])
    const stale = new Date(Date.now() - 6 * 60_000).toISOString()
    const fresh = new Date(Date.now() - 60_000).toISOString()
    const abandoned = await storeLead({ status: 'sending', claimedAt: stale, attempts: 1 })
    const busy = await storeLead({ status: 'sending', claimedAt: fresh, attempts: 1 })
    const result = await consume({ EMAILJS_SERVICE_ID: serviceId }, [message(abandoned.id), message(busy.id)])
    expect(result.retryMessages).toHaveLength(1)
    expect(await leadRecord(abandoned.id)).toMatchObject({ status: 'delivered', attempts: 2 })
    expect(await leadRecord(busy.id)).toMatchObject({ status: 'sending' })
    expect(await fakeEmailJs.received(serviceId)).toHaveLength(1)
  })

  it.each(['delivered', 'erased', 'held', 'dead'] as const)(
    'never sends a %s lead a message names',
    async (status) => {
      const serviceId = await newService()
      const { id } = await storeLead({ status })
      const msg = message(id)
      expect((await consume({ EMAILJS_SERVICE_ID: serviceId }, [msg])).explicitAcks).toEqual([msg.id])
      expect(await fakeEmailJs.received(serviceId)).toEqual([])
      expect((await leadRecord(id))?.status).toBe(status)
    },
  )

  it('retries the message when D1 refuses the claim, and sends nothing', async () => {
    const serviceId = await newService()
    const { id } = await storeLead()
    const broken = {
      prepare: () => {
        throw new Error('D1_ERROR: database unavailable')
      },
    } as unknown as D1Database
    const msg = message(id, 2)
    const result = await consume({ EMAILJS_SERVICE_ID: serviceId, DB: broken }, [msg])
    expect(result).toEqual({ explicitAcks: [], retryMessages: [{ msgId: msg.id, delaySeconds: 60 }] })
    expect(await fakeEmailJs.received(serviceId)).toEqual([])
    expect((await leadRecord(id))?.status).toBe('accepted')
  })

  it('drops a message that names no lead, and one whose lead does not exist, without sending', async () => {
    const serviceId = await newService()
    const junk = { ...message('x'), body: { hello: 'world' } } as unknown as ReturnType<typeof message>
    const unknown = message(crypto.randomUUID())
    const result = await consume({ EMAILJS_SERVICE_ID: serviceId }, [junk, unknown])
    expect(result.explicitAcks.sort()).toEqual([junk.id, unknown.id].sort())
    expect(await fakeEmailJs.received(serviceId)).toEqual([])
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
    const { id } = await storeLead()
    const msg = message(id, attempts)
    const result = await consume({ EMAILJS_SERVICE_ID: serviceId }, [msg])
    expect(result).toEqual({ explicitAcks: [], retryMessages: [{ msgId: msg.id, delaySeconds: delay }] })
    expect(await leadRecord(id)).toMatchObject({ status: 'retrying', lastError: reason, attempts: 1 })
  })

  it("honours the upstream's Retry-After", async () => {
    const serviceId = await newService([{ status: 429, body: 'slow down', headers: { 'Retry-After': '7' } }])
    const { id } = await storeLead()
    const msg = message(id)
    expect((await consume({ EMAILJS_SERVICE_ID: serviceId }, [msg])).retryMessages).toEqual([
      { msgId: msg.id, delaySeconds: 7 },
    ])
  })

  it('retries when the connection is dropped', async () => {
    const serviceId = await newService(['drop'])
    const { id } = await storeLead()
    const msg = message(id)
    expect((await consume({ EMAILJS_SERVICE_ID: serviceId }, [msg])).retryMessages).toEqual([
      { msgId: msg.id, delaySeconds: 30 },
    ])
    expect((await leadRecord(id))?.lastError).toMatch(/^EmailJS network error/)
  })

  it('gives up on a slow answer after the timeout and asks for a retry', async () => {
    const serviceId = await newService(['slow'])
    await fakeEmailJs.control(serviceId, { slowMs: 3000 })
    const config = emailJsConfig({ ...env, EMAILJS_SERVICE_ID: serviceId })
    if (!config.configured) throw new Error('test EmailJS config missing')
    const { content } = await storeLead()
    expect(await sendEmail(config, content, { timeoutMs: 300 })).toEqual({
      outcome: 'retrying',
      unknown: true,
      reason: 'EmailJS timed out after 300 ms',
    })
  })

  it.each([
    ['400', 'EmailJS 400 The Public Key is invalid'],
    ['403', 'EmailJS 403 API calls are disabled for non-browser applications'],
    ['412', 'EmailJS 412 Gmail_API: Request had insufficient authentication scopes'],
    ['422', 'EmailJS 422 The recipients address is empty'],
  ])(
    'marks a lead dead at once on a %s configuration error, with its reason, and alerts',
    async (status, reason) => {
      const serviceId = await newService([status])
      const webhook = await newWebhook()
      const { id } = await storeLead()
      const msg = message(id)
      const result = await consume({ EMAILJS_SERVICE_ID: serviceId, ALERT_WEBHOOK_URL: webhook.url }, [msg])
      expect(result).toEqual({ explicitAcks: [msg.id], retryMessages: [] })
      expect(await leadRecord(id)).toMatchObject({ status: 'dead', lastError: reason, attempts: 1 })
      expect(await fakeEmailJs.received(serviceId)).toHaveLength(1)
      expect(await webhook.received()).toEqual([
        expect.objectContaining({ event: 'lead.dead', leadId: id, reason }),
      ])
    },
  )

  it('survives an outage: 503, dropped, 500, then delivered once, and a redelivery sends nothing', async () => {
    const serviceId = await newService(['503', 'drop', '500'])
    const { id } = await storeLead()
    const outcomes: string[] = []
    for (let attempts = 1; attempts <= 4; attempts++) {
      const msg = message(id, attempts)
      const result = await consume({ EMAILJS_SERVICE_ID: serviceId }, [msg])
      outcomes.push(
        result.explicitAcks.includes(msg.id) ? 'ack' : `retry ${result.retryMessages[0]?.delaySeconds}`,
      )
    }
    expect(outcomes).toEqual(['retry 30', 'retry 60', 'retry 120', 'ack'])
    const again = message(id)
    expect((await consume({ EMAILJS_SERVICE_ID: serviceId }, [again])).explicitAcks).toEqual([again.id])
    expect((await fakeEmailJs.received(serviceId)).map((r) => r.status)).toEqual([503, 0, 500, 200])
    expect(await leadRecord(id)).toMatchObject({ status: 'delivered', attempts: 4, lastError: null })
  })
})

describe('the dead-letter queue', () => {
  it('marks what leads-dlq receives dead, with the last reason and the attempts, and alerts', async () => {
    const serviceId = await newService(['503'])
    const webhook = await newWebhook()
    const { id } = await storeLead()
    await consume({ EMAILJS_SERVICE_ID: serviceId }, [message(id, 9)])
    const msg = message(id)
    const result = await consume({ ALERT_WEBHOOK_URL: webhook.url }, [msg], 'leads-dlq')
    expect(result.explicitAcks).toEqual([msg.id])
    const reason = 'EmailJS 503 Service Unavailable (gave up after 1 attempts)'
    expect(await leadRecord(id)).toMatchObject({ status: 'dead', lastError: reason })
    expect(await webhook.received()).toEqual([
      expect.objectContaining({ event: 'lead.dead', leadId: id, reason }),
    ])
  })

  it('leaves a delivered lead alone', async () => {
    const { id } = await storeLead({ status: 'delivered' })
    await consume({}, [message(id)], 'leads-dlq')
    expect((await leadRecord(id))?.status).toBe('delivered')
  })
})

describe('without EmailJS configured', () => {
  const unconfigured = { EMAILJS_PUBLIC_KEY: undefined, EMAILJS_TEMPLATE_ID: undefined }

  it('delivers to the local outbox in development: the lead desk holds it, a log line says where', async () => {
    const serviceId = await newService()
    const logs = captureConsole()
    const { id } = await storeLead()
    const msg = message(id)
    const result = await consume({ ...unconfigured, EMAILJS_SERVICE_ID: serviceId, APP_ENV: 'development' }, [
      msg,
    ])
    expect(result.explicitAcks).toEqual([msg.id])
    expect(logs.find({ area: 'outbox', leadId: id })).toEqual([
      {
        level: 'info',
        area: 'outbox',
        message: 'lead kept in the local outbox',
        leadId: id,
        reason: 'EmailJS not configured: missing EMAILJS_PUBLIC_KEY, EMAILJS_TEMPLATE_ID',
        open: `/admin/leads/${id}`,
      },
    ])
    expect(await leadRecord(id)).toMatchObject({ status: 'delivered', deliveredVia: 'outbox' })
    expect(await fakeEmailJs.received(serviceId)).toEqual([])
  })

  it('keeps the lead retrying in production with the reason, until leads-dlq marks it dead', async () => {
    const serviceId = await newService()
    const { id } = await storeLead()
    const msg = message(id)
    const result = await consume({ ...unconfigured, EMAILJS_SERVICE_ID: serviceId, APP_ENV: undefined }, [
      msg,
    ])
    expect(result.retryMessages).toEqual([{ msgId: msg.id, delaySeconds: 30 }])
    const reason = 'EmailJS not configured: missing EMAILJS_PUBLIC_KEY, EMAILJS_TEMPLATE_ID'
    expect(await leadRecord(id)).toMatchObject({ status: 'retrying', lastError: reason })
    expect(await fakeEmailJs.received(serviceId)).toEqual([])
    await consume({}, [message(id)], 'leads-dlq')
    expect(await leadRecord(id)).toMatchObject({
      status: 'dead',
      lastError: `${reason} (gave up after 1 attempts)`,
    })
  })

  it('refuses an EmailJS address that is plain http off this machine (the keys would travel in clear)', async () => {
    const { id } = await storeLead()
    await consume({ EMAILJS_API_BASE: 'http://api.emailjs.com', APP_ENV: undefined }, [message(id)])
    expect((await leadRecord(id))?.lastError).toBe(
      'EmailJS not configured: missing EMAILJS_API_BASE (an https:// address)',
    )
  })
})

describe('logs', () => {
  it('name leads by id and outcome, never by e-mail, phone, name or message', async () => {
    const logs = captureConsole()
    const serviceId = await newService(['503', '403'])
    const { id, content } = await storeLead()
    await consume({ EMAILJS_SERVICE_ID: serviceId }, [message(id)])
    await consume({ EMAILJS_SERVICE_ID: serviceId }, [message(id, 2)])
    const outbox = await storeLead({}, content)
    await consume({ EMAILJS_PUBLIC_KEY: undefined, APP_ENV: 'development' }, [message(outbox.id)])
    expect(logs.find({ area: 'leads', leadId: id }).map((line) => line.message)).toEqual([
      'lead retrying',
      'lead dead',
    ])
    expect(logs.find({ area: 'outbox', leadId: outbox.id })).toHaveLength(1)
    for (const secret of [content.email, content.phone, content.name, content.inquiry])
      expect(logs.text()).not.toContain(secret)
  })
})
