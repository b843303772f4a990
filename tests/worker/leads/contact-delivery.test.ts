/**
 * End to end inside workerd: POST /api/contact, the real LEADS queue run by miniflare, the
 * consumer, and the fake EmailJS server configured for the worker (service "test-service").
 */
import { SELF } from 'cloudflare:test'
import { afterEach, describe, expect, it } from 'vitest'
import {
  CONFIGURED,
  eventually,
  fakeEmailJs,
  leadRecord,
  ORIGIN,
  postContact,
  validContact,
  type Received,
} from '../support'

afterEach(async () => {
  await fakeEmailJs.control(CONFIGURED.serviceId, { perSecond: null })
})

const accepted = (received: Received[], name: string) =>
  received.filter((r) => r.status === 200 && r.body.template_params?.name === name)

describe('a lead posted to /api/contact', () => {
  it('arrives at EmailJS with the exact body and is recorded as delivered', async () => {
    const contact = validContact()
    const res = await postContact(JSON.stringify(contact))
    expect(res.status).toBe(202)
    const { id } = (await res.json()) as { id: string }

    const [delivery] = await eventually(async () => {
      const found = accepted(await fakeEmailJs.received(CONFIGURED.serviceId), contact.name)
      return found.length > 0 ? found : undefined
    })
    expect(delivery!.contentType).toBe('application/json')
    // Byte for byte, key order included: a campaign form's extra parameter never reaches the spec's form.
    expect(JSON.stringify(delivery!.body)).toBe(
      JSON.stringify({
        lib_version: '4.4.1',
        user_id: CONFIGURED.publicKey,
        service_id: CONFIGURED.serviceId,
        template_id: CONFIGURED.templateId,
        template_params: {
          title: 'Schedule Call Request',
          name: contact.name,
          time: contact.time,
          message: contact.inquiry,
          phone: contact.phone,
          email: contact.email,
        },
        accessToken: CONFIGURED.privateKey,
      }),
    )
    const record = await eventually(async () => {
      const found = await leadRecord(id)
      return found?.status === 'delivered' ? found : undefined
    })
    expect(record).toMatchObject({ deliveredVia: 'emailjs', attempts: 1 })
  })

  // Pacing against an upstream allowing 1 request per second is proven on production's spacing in
  // lead-delivery.test.ts; here the tests' spacing is 0, and the burst proves exactly-once.
  it('delivers a burst of 20 posted at once, each exactly once', async () => {
    const run = crypto.randomUUID().slice(0, 8)
    const contacts = Array.from({ length: 20 }, (_, i) => ({ ...validContact(), name: `Burst ${run} #${i}` }))
    const responses = await Promise.all(contacts.map((contact) => postContact(JSON.stringify(contact))))
    expect(responses.map((r) => r.status)).toEqual(contacts.map(() => 202))
    const ids = await Promise.all(responses.map(async (r) => ((await r.json()) as { id: string }).id))

    await eventually(async () => {
      const records = await Promise.all(ids.map(leadRecord))
      return records.every((record) => record?.status === 'delivered') ? true : undefined
    }, 100_000)
    const received = await fakeEmailJs.received(CONFIGURED.serviceId)
    for (const contact of contacts) expect(accepted(received, contact.name)).toHaveLength(1)
  }, 120_000)
})

describe('the EmailJS configuration', () => {
  it('never reaches the browser: not in pages, not in API answers', async () => {
    const secrets = Object.values(CONFIGURED)
    const answers = [
      await SELF.fetch(`${ORIGIN}/`),
      await SELF.fetch(`${ORIGIN}/?contact=sent`),
      await SELF.fetch(`${ORIGIN}/no-such-page`),
      await postContact(JSON.stringify(validContact())),
      await postContact(JSON.stringify({})),
      await postContact(new URLSearchParams(validContact()).toString(), {
        contentType: 'application/x-www-form-urlencoded',
      }),
    ]
    for (const res of answers) {
      const text = [...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n') + (await res.text())
      for (const secret of secrets) expect(text).not.toContain(secret)
    }
  })
})
