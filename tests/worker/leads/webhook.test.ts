/**
 * The CRM hand-off (issue 34): each accepted lead posted as JSON to LEAD_WEBHOOK_URL, signed as
 * Standard Webhooks says (issue 58: webhook-id, webhook-timestamp, webhook-signature v1 under a
 * whsec_ secret), checked here by the standard's own verifier; the lead id is the webhook-id and
 * the Idempotency-Key; through the leads queue as a target of its own, every try a row of lead_attempts.
 */
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import type { Bindings } from '../../../src/env'
import { webhookConfig, webhookSignature } from '../../../src/server/leads/services/lead-webhook'
import { webhookMessage } from '../../../src/server/leads/storage/lead-model'
import {
  adminGet,
  adminPost,
  consume,
  env,
  leadRecord,
  newLeadContent,
  newWebhook,
  servicesOf,
  storeLead,
  tableRows,
} from '../support'

/** 32 bytes, as `whsec_` + base64 (what `openssl rand -base64 32` gives). */
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0ZrKvEgSkN0='
const WHSEC_WHY = 'LEAD_WEBHOOK_SECRET must be whsec_ and then a key of 24 to 64 bytes in base64'
const OTHER_SECRET = 'whsec_' + btoa('another-secret-of-twenty-four-bytes-or-more')

async function crm() {
  const hook = await newWebhook()
  const overrides: Partial<Bindings> = { LEAD_WEBHOOK_URL: hook.url, LEAD_WEBHOOK_SECRET: SECRET }
  return { hook, overrides }
}

const post = (id: string, attempts = 1) => ({
  id: `msg-${crypto.randomUUID()}`,
  timestamp: new Date(),
  attempts,
  body: webhookMessage(id),
})

async function webhookAttempts(id: string) {
  const { results } = await env.DB.prepare(
    "SELECT outcome, status, reason FROM lead_attempts WHERE lead_id = ? AND channel = 'webhook' ORDER BY id",
  )
    .bind(id)
    .all()
  return results
}

describe('the CRM webhook', () => {
  it('is queued with the e-mail, in one batch, for each accepted lead', async () => {
    const { overrides } = await crm()
    const queued: unknown[] = []
    const recording = {
      send: async (body: unknown) => void queued.push(body),
      sendBatch: async (messages: { body: unknown }[]) => void queued.push(...messages.map((m) => m.body)),
    } as unknown as Queue
    const { desk: leads } = servicesOf({ ...overrides, LEADS: recording }).leads
    const handedOn: Promise<unknown>[] = []
    const accepted = await leads.accept(
      {
        content: newLeadContent(),
        attribution: { pagePath: '/', referrer: null, utmSource: null, utmMedium: null, utmCampaign: null },
        spamReasons: [],
      },
      // What accept hands on is awaited here, so nothing of it logs after the test.
      { waitUntil: (work: Promise<unknown>) => void handedOn.push(work) },
    )
    await Promise.allSettled(handedOn)
    expect(accepted.ok && accepted.value.status).toBe('accepted')
    const id = accepted.ok ? accepted.value.id : ''
    expect(queued).toEqual([{ type: 'lead', id }, webhookMessage(id)])
  })

  it('posts the lead as JSON that the Standard Webhooks verifier accepts, with its id as webhook-id and Idempotency-Key', async () => {
    const { hook, overrides } = await crm()
    const { id, content } = await storeLead()
    const msg = post(id)
    expect((await consume(overrides, [msg])).explicitAcks).toEqual([msg.id])
    const [request] = await hook.requests()
    expect(JSON.parse(request!.body)).toMatchObject({
      event: 'lead.accepted',
      id,
      name: content.name,
      email: content.email,
      phone: content.phone,
      inquiry: content.inquiry,
    })
    expect(request!.headers['idempotency-key']).toBe(id)
    expect(request!.headers['webhook-id']).toBe(id)
    const timestamp = request!.headers['webhook-timestamp']!
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60)
    expect(request!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/)
    // The standard's own verifier, as a CRM following it would run it on what it received.
    expect(new Webhook(SECRET).verify(request!.body, request!.headers)).toMatchObject({
      id,
      event: 'lead.accepted',
    })
    expect(() => new Webhook(OTHER_SECRET).verify(request!.body, request!.headers)).toThrow(
      'No matching signature',
    )
    const tampered = request!.body.replace(content.email, 'someone-else@example.com')
    expect(tampered).not.toBe(request!.body)
    expect(() => new Webhook(SECRET).verify(tampered, request!.headers)).toThrow('No matching signature')
    // Six minutes old: past the standard's five-minute tolerance, even with a signature that matches.
    const old = String(Number(timestamp) - 360)
    const replayed = {
      ...request!.headers,
      'webhook-timestamp': old,
      'webhook-signature': await webhookSignature(SECRET, id, old, request!.body),
    }
    expect(() => new Webhook(SECRET).verify(request!.body, replayed)).toThrow('timestamp too old')
    // Our signer and the standard's agree byte for byte.
    expect(await webhookSignature(SECRET, id, timestamp, request!.body)).toBe(
      new Webhook(SECRET).sign(id, new Date(Number(timestamp) * 1000), request!.body),
    )
    expect(await webhookAttempts(id)).toEqual([{ outcome: 'delivered', status: null, reason: null }])
    // The e-mail is a target of its own: the lead's status is the e-mail's, untouched.
    expect((await leadRecord(id))?.status).toBe('accepted')

    // A message delivered twice posts once.
    const again = post(id)
    expect((await consume(overrides, [again])).explicitAcks).toEqual([again.id])
    expect(await hook.requests()).toHaveLength(1)
  })

  it('retries a 503 on the e-mail’s schedule, gives up on a 400, and the dead letter queue says it gave up', async () => {
    const { hook, overrides } = await crm()
    const { id } = await storeLead()
    await hook.failWith(503)
    const first = post(id)
    expect((await consume(overrides, [first])).retryMessages).toEqual([{ msgId: first.id, delaySeconds: 30 }])
    await hook.failWith(400)
    const second = post(id, 2)
    expect((await consume(overrides, [second])).explicitAcks).toEqual([second.id])
    // A retry is the same message to the receiver: the same webhook-id, signed afresh.
    const tries = await hook.requests()
    expect(tries.map((request) => request.headers['webhook-id'])).toEqual([id, id])
    for (const request of tries)
      expect(new Webhook(SECRET).verify(request.body, request.headers)).toMatchObject({ id })
    const dead = post(id, 9)
    await consume(overrides, [dead], 'xr-stores-leads-dlq')
    expect(await webhookAttempts(id)).toEqual([
      { outcome: 'retryable', status: 503, reason: 'Webhook 503' },
      { outcome: 'permanent', status: 400, reason: 'Webhook 400' },
      { outcome: 'permanent', status: null, reason: 'Webhook: gave up after the last retry' },
    ])
  })

  it('shows on the overview: off with the setting to fix, working, then failing after a 503; a refusal is alerted', async () => {
    const CHANNELS = 'How leads reach sales, over the last 24 hours'
    const webhookRow = async (overrides: Partial<Bindings>) =>
      tableRows((await adminGet('/admin', overrides)).body, CHANNELS).find((row) => row[0] === 'CRM webhook')
    // Off in production: an http:// address, or a secret not in whsec_ form, each named in plain words.
    const production = { APP_ENV: undefined }
    expect(
      await webhookRow({
        ...production,
        LEAD_WEBHOOK_URL: 'http://crm.example.com/hook',
        LEAD_WEBHOOK_SECRET: SECRET,
      }),
    ).toEqual(['CRM webhook', 'Off: LEAD_WEBHOOK_URL must be an https:// address', 'None yet', '0', '0', ''])
    expect(
      // The secret's form before Standard Webhooks: long enough, but not whsec_.
      (
        await webhookRow({
          LEAD_WEBHOOK_URL: 'https://crm.example.com/hook',
          LEAD_WEBHOOK_SECRET: 'a-webhook-secret-of-32-characters',
        })
      )?.[1],
    ).toBe(`Off: ${WHSEC_WHY}`)

    const { hook, overrides } = await crm()
    const alerts = await newWebhook()
    const withAlerts = { ...overrides, ALERT_WEBHOOK_URL: alerts.url }
    const { id } = await storeLead()
    await consume(withAlerts, [post(id)])
    const working = await webhookRow(overrides)
    expect(working?.slice(0, 2)).toEqual(['CRM webhook', 'Working'])
    expect(working?.[2]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/)
    expect(working?.slice(3)).toEqual(['1', '0', ''])

    const other = await storeLead()
    await hook.failWith(503)
    await consume(withAlerts, [post(other.id)])
    expect((await webhookRow(overrides))?.slice(1)).toEqual([
      'Failing: its last post did not go through',
      working![2],
      '1',
      '1',
      '',
    ])
    // A retry is not alerted; a refusal (400) is, as the e-mail channels' failures are.
    expect((await alerts.received()).map((alert) => alert.event)).toEqual([])
    await hook.failWith(400)
    await consume(withAlerts, [post(other.id, 2)])
    expect(await alerts.received()).toEqual([
      expect.objectContaining({ event: 'webhook.failed', leadId: other.id, reason: 'Webhook 400' }),
    ])
  })

  it('never posts a lead erased or marked spam meanwhile', async () => {
    const { hook, overrides } = await crm()
    const erased = await storeLead()
    await adminPost(`/admin/leads/${erased.id}/erase`)
    const spam = await storeLead({ status: 'spam' })
    await consume(overrides, [post(erased.id), post(spam.id)])
    expect(await hook.requests()).toEqual([])
  })

  it('is off without an https address and a whsec_ secret of 24 bytes or more; plain http only on this machine in development', () => {
    const base = { ...env, APP_ENV: undefined }
    expect(
      webhookConfig({
        ...base,
        LEAD_WEBHOOK_URL: 'http://crm.example.com/hook',
        LEAD_WEBHOOK_SECRET: SECRET,
      }),
    ).toMatchObject({ on: false })
    expect(
      webhookConfig({ ...base, LEAD_WEBHOOK_URL: 'http://127.0.0.1:9/hook', LEAD_WEBHOOK_SECRET: SECRET }),
    ).toMatchObject({ on: false })
    expect(
      webhookConfig({ ...env, LEAD_WEBHOOK_URL: 'http://127.0.0.1:9/hook', LEAD_WEBHOOK_SECRET: SECRET }),
    ).toMatchObject({ on: true })
    expect(
      webhookConfig({
        ...base,
        LEAD_WEBHOOK_URL: 'https://crm.example.com/hook',
        LEAD_WEBHOOK_SECRET: 'short',
      }),
    ).toMatchObject({ on: false })
    // The old form (a plain string of 32+ characters), 23 bytes (a guessable key by today's advice,
    // review T11), 65 bytes, and text that is not base64 after the prefix.
    for (const secret of [
      'a-webhook-secret-of-32-characters',
      'whsec_' + btoa('x'.repeat(23)),
      'whsec_' + btoa('x'.repeat(65)),
      'whsec_not base64 at all, not at all!',
      'whsec_' + btoa('x'.repeat(32)).replace(/=+$/, ''),
    ])
      expect(
        webhookConfig({
          ...base,
          LEAD_WEBHOOK_URL: 'https://crm.example.com/hook',
          LEAD_WEBHOOK_SECRET: secret,
        }),
      ).toEqual({ on: false, why: WHSEC_WHY })
    for (const secret of ['whsec_' + btoa('x'.repeat(24)), 'whsec_' + btoa('x'.repeat(64))])
      expect(
        webhookConfig({
          ...base,
          LEAD_WEBHOOK_URL: 'https://crm.example.com/hook',
          LEAD_WEBHOOK_SECRET: secret,
        }),
      ).toMatchObject({ on: true })
    expect(
      webhookConfig({
        ...base,
        LEAD_WEBHOOK_URL: 'https://crm.example.com/hook',
        LEAD_WEBHOOK_SECRET: SECRET,
      }),
    ).toEqual({
      on: true,
      url: 'https://crm.example.com/hook',
      secret: SECRET,
    })
  })
})
