/**
 * POST /api/contact through the worker's front door: what a browser or a script gets back for
 * every kind of input, and that nothing is stored or sent for a refused one.
 */
import { createExecutionContext, SELF, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { app } from '../../../src/worker'
import { CONTACT_LIMITS, CONTACT_MESSAGES } from '../../../src/schemas/contact'
import {
  callApp,
  CONFIGURED,
  env,
  eventually,
  fakeEmailJs,
  leadRecord,
  ORIGIN,
  postContact,
  roomInRateWindow,
  RATE_WINDOW_TEST_TIMEOUT,
  uniqueIpv4,
  validContact,
  servicesOf,
} from '../support'

const SPEC_MESSAGES = {
  name: 'Name is required',
  email: 'Invalid email address',
  phone: 'Phone number is required',
  inquiry: 'Please describe your inquiry',
}

/** Ids of the leads whose name or inquiry mentions `marker` (each test uses its own). */
async function leadsMentioning(marker: string): Promise<string[]> {
  const { results } = await env.DB.prepare(
    'SELECT id FROM leads WHERE instr(name, ?1) > 0 OR instr(inquiry, ?1) > 0',
  )
    .bind(marker)
    .all<{ id: string }>()
  return results.map((row) => row.id)
}

async function expectNothingStored(marker: string) {
  expect(await leadsMentioning(marker)).toEqual([])
}

describe('POST /api/contact with JSON', () => {
  it('stores and queues a valid request before answering 202 with the lead id', async () => {
    const contact = validContact()
    const res = await postContact(JSON.stringify(contact))
    expect(res.status).toBe(202)
    const body = (await res.json()) as { ok: boolean; id: string }
    expect(body.ok).toBe(true)
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/)
    const record = await leadRecord(body.id)
    expect(record).toMatchObject({
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      inquiry: contact.inquiry,
      localTime: contact.time,
    })
    expect(['accepted', 'sending', 'delivered']).toContain(record?.status)
  })

  it('uses UTC, marked as such, when neither the browser nor the edge knows the local time; trims values', async () => {
    const { time: _time, ...contact } = validContact()
    const res = await postContact(JSON.stringify({ ...contact, name: `  ${contact.name}  ` }))
    expect(res.status).toBe(202)
    const { id } = (await res.json()) as { id: string }
    const record = await leadRecord(id)
    expect(record?.name).toBe(contact.name)
    expect(record?.localTime).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2} [AP]M UTC$/)
  })

  it("answers missing fields with 400 and the spec's message for each", async () => {
    const res = await postContact(JSON.stringify({}))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ errors: SPEC_MESSAGES })
  })

  it('treats empty and blank fields as missing', async () => {
    const marker = crypto.randomUUID()
    const res = await postContact(
      JSON.stringify({ name: '   ', email: 'not-an-address', phone: '', inquiry: '\n\t', time: marker }),
    )
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ errors: SPEC_MESSAGES })
    await expectNothingStored(marker)
  })

  it('reports only the fields that are wrong', async () => {
    const contact = validContact()
    const res = await postContact(JSON.stringify({ ...contact, email: 'ada@' }))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ errors: { email: 'Invalid email address' } })
    await expectNothingStored(contact.name)
  })

  it('answers wrong types with the field messages, not a crash', async () => {
    const res = await postContact(
      JSON.stringify({ name: 42, email: ['a@b.co'], phone: { n: 1 }, inquiry: null }),
    )
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ errors: SPEC_MESSAGES })
  })

  it.each(['null', '[]', '"hello"', '12'])(
    'answers a JSON body that is not an object (%s) with 400',
    async (body) => {
      const res = await postContact(body)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ errors: SPEC_MESSAGES })
    },
  )

  it('answers broken JSON with a clear 400, not a 500', async () => {
    const res = await postContact('{"name": "Ada", "email": ')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'The request body is not valid JSON.' })
  })

  it('rejects a non-string local time', async () => {
    const res = await postContact(
      JSON.stringify({ ...validContact(), time: 'x'.repeat(CONTACT_LIMITS.time + 1) }),
    )
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ errors: { time: CONTACT_MESSAGES.time } })
  })

  it('enforces the documented maximum length of every field', async () => {
    const contact = validContact()
    const res = await postContact(
      JSON.stringify({
        name: 'n'.repeat(CONTACT_LIMITS.name + 1),
        email: `${'e'.repeat(CONTACT_LIMITS.email)}@example.com`,
        phone: '1'.repeat(CONTACT_LIMITS.phone + 1),
        inquiry: `${contact.inquiry} ${'i'.repeat(CONTACT_LIMITS.inquiry)}`,
      }),
    )
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      errors: {
        name: 'Name must be at most 100 characters',
        email: 'Invalid email address',
        phone: 'Phone number must be at most 40 characters',
        inquiry: 'Inquiry must be at most 1500 characters',
      },
    })
    await expectNothingStored(contact.inquiry)
  })

  it('accepts values exactly at the maximum lengths', async () => {
    const res = await postContact(
      JSON.stringify({
        name: 'n'.repeat(CONTACT_LIMITS.name),
        email: `${'e'.repeat(64)}@${'d'.repeat(60)}.example.com`,
        phone: '1'.repeat(CONTACT_LIMITS.phone),
        inquiry: 'i'.repeat(CONTACT_LIMITS.inquiry),
      }),
    )
    expect(res.status).toBe(202)
  })

  it('keeps names and inquiries in any script, emoji included, exactly as typed', async () => {
    const contact = {
      ...validContact(),
      name: 'Zoë Ångström-Nakamura 中村 ملك',
      inquiry: 'Привет! 我们想要一个3D商店 🛍️✨ — “quotes” & ampersands',
    }
    const res = await postContact(JSON.stringify(contact))
    expect(res.status).toBe(202)
    const { id } = (await res.json()) as { id: string }
    const record = await leadRecord(id)
    expect(record?.name).toBe(contact.name)
    expect(record?.inquiry).toBe(contact.inquiry)
  })

  it.each([
    [
      'a control character in the name',
      { name: 'Ada\u0000Lovelace' },
      { name: CONTACT_MESSAGES.nameCharacters },
    ],
    [
      'a line break in the name (header injection)',
      { name: 'Ada\r\nBcc: x@evil.test' },
      { name: CONTACT_MESSAGES.nameCharacters },
    ],
    [
      'a bidirectional override in the phone',
      { phone: '+1 555\u202E0100' },
      { phone: CONTACT_MESSAGES.phoneCharacters },
    ],
    [
      'a lone surrogate in the inquiry',
      { inquiry: 'broken \uD83D text' },
      { inquiry: CONTACT_MESSAGES.inquiryCharacters },
    ],
    ['markup in the name', { name: '<script>alert(1)</script>' }, { name: CONTACT_MESSAGES.nameCharacters }],
    [
      'markup in the phone',
      { phone: '<img src=x onerror=alert(1)>' },
      { phone: CONTACT_MESSAGES.phoneCharacters },
    ],
    ['markup in the e-mail', { email: '<a@example.com>' }, { email: 'Invalid email address' }],
  ])('refuses %s with 400 and stores nothing', async (_label, override, errors) => {
    const contact = validContact()
    const res = await postContact(JSON.stringify({ ...contact, ...override }))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ errors })
    await expectNothingStored(contact.inquiry)
  })

  it('keeps markup in the inquiry as plain text (the e-mail template escapes it)', async () => {
    const inquiry = 'Can the store embed <iframe src="https://example.com"></iframe> & <b>bold</b>?\nThanks'
    const res = await postContact(JSON.stringify({ ...validContact(), inquiry }))
    expect(res.status).toBe(202)
    const { id } = (await res.json()) as { id: string }
    expect((await leadRecord(id))?.inquiry).toBe(inquiry)
  })

  it('ignores unknown fields', async () => {
    const body = JSON.stringify({ ...validContact(), admin: true }).replace(
      '{',
      '{"__proto__":{"polluted":1},',
    )
    const res = await postContact(body)
    expect(res.status).toBe(202)
    const { id } = (await res.json()) as { id: string }
    const record = await leadRecord(id)
    expect(record?.name).toBeTruthy()
    expect(JSON.stringify(record)).not.toContain('polluted')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('POST /api/contact refuses what it cannot read', () => {
  it.each([
    ['text/plain', 'text/plain'],
    ['multipart/form-data', 'multipart/form-data; boundary=x'],
    ['application/xml', 'application/xml'],
  ])('answers %s with 415', async (_label, contentType) => {
    const contact = validContact()
    const res = await postContact(JSON.stringify(contact), { contentType })
    expect(res.status).toBe(415)
    expect(await res.json()).toEqual({
      error: 'Send the request as application/json or application/x-www-form-urlencoded.',
    })
    await expectNothingStored(contact.name)
  })

  it('answers a body without a content type with 415', async () => {
    const res = await postContact(JSON.stringify(validContact()), { contentType: null })
    expect(res.status).toBe(415)
  })

  it('answers a body over 16 KB with 413', async () => {
    const contact = { ...validContact(), inquiry: 'x'.repeat(17 * 1024) }
    const res = await postContact(JSON.stringify(contact))
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ error: 'The request body is larger than 16 KB.' })
    await expectNothingStored(contact.name)
  })

  it('answers a streamed body over 16 KB (no Content-Length) with 413', async () => {
    const chunk = new TextEncoder().encode(JSON.stringify({ ...validContact(), inquiry: 'y'.repeat(4096) }))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 6) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const res = await postContact(stream)
    expect(res.status).toBe(413)
  })

  it('answers other methods with 405 and Allow: POST', async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/contact`)
    expect(res.status).toBe(405)
    expect(res.headers.get('Allow')).toBe('POST')
  })
})

describe('POST /api/contact against abuse', () => {
  it('answers a filled honeypot like a success, and keeps the post as spam that is never queued', async () => {
    const contact = validContact()
    const sent: unknown[] = []
    const queue = { send: async (body: unknown) => void sent.push(body) } as unknown as Queue
    const { response, body, settled } = await callApp(
      '/api/contact',
      {
        method: 'POST',
        body: JSON.stringify({ ...contact, website: 'https://spam.example' }),
        headers: {
          Origin: ORIGIN,
          'Sec-Fetch-Site': 'same-origin',
          'Content-Type': 'application/json',
          'CF-Connecting-IP': uniqueIpv4(),
        },
      },
      { LEADS: queue },
    )
    await settled
    expect(response.status).toBe(202)
    const { ok, id } = JSON.parse(body) as { ok: boolean; id: string }
    expect(ok).toBe(true)
    expect(await leadRecord(id)).toMatchObject({
      status: 'spam',
      spamReasons: 'hidden field filled',
      name: contact.name,
    })
    expect(sent).toEqual([])
  })

  it('drops a bot that fills the honeypot even when the rest is invalid', async () => {
    const res = await postContact(JSON.stringify({ name: '', website: 'x' }))
    expect(res.status).toBe(202)
  })

  it.each([
    ['another Origin', { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: cross-site', { Origin: ORIGIN, 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-site' }],
  ])('refuses a browser post from %s with 403', async (_label, headers) => {
    const contact = validContact()
    const res = await postContact(JSON.stringify(contact), { headers })
    expect(res.status).toBe(403)
    await expectNothingStored(contact.name)
  })

  it('refuses a cross-site native form post too', async () => {
    const contact = validContact()
    const res = await postContact(new URLSearchParams(contact).toString(), {
      contentType: 'application/x-www-form-urlencoded',
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    })
    expect(res.status).toBe(403)
    await expectNothingStored(contact.name)
  })

  it(
    'answers 429 with Retry-After and a clear message once a client passes the limit',
    async () => {
      await roomInRateWindow()
      const ip = uniqueIpv4()
      const statuses: number[] = []
      for (let i = 0; i < 5; i++)
        statuses.push((await postContact(JSON.stringify(validContact()), { ip })).status)
      expect(statuses).toEqual([202, 202, 202, 202, 202])
      const contact = validContact()
      const res = await postContact(JSON.stringify(contact), { ip })
      expect(res.status).toBe(429)
      expect(res.headers.get('Retry-After')).toBe('60')
      expect(await res.json()).toEqual({
        error: 'Too many messages from your connection. Please wait a minute and try again.',
      })
      await expectNothingStored(contact.name)
      // Another client is not affected.
      expect((await postContact(JSON.stringify(validContact()))).status).toBe(202)
    },
    RATE_WINDOW_TEST_TIMEOUT,
  )
})

describe('POST /api/contact when the lead cannot be kept', () => {
  const failingDb = {
    prepare: () => ({ bind: () => ({ first: () => Promise.reject(new Error('D1_ERROR: unavailable')) }) }),
  } as unknown as D1Database
  const failingQueue = { send: () => Promise.reject(new Error('Queue unavailable')) } as unknown as Queue

  function postWith(envOverride: Partial<typeof env>, body: string, contentType = 'application/json') {
    return app.request(
      '/api/contact',
      {
        method: 'POST',
        body,
        headers: {
          'Content-Type': contentType,
          Origin: 'http://localhost',
          'CF-Connecting-IP': uniqueIpv4(),
        },
      },
      { ...env, ...envOverride },
    )
  }

  it('answers 503 when D1 refuses the lead, so the form shows its error and keeps the values', async () => {
    const res = await postWith({ DB: failingDb }, JSON.stringify(validContact()))
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({
      error: 'Your message could not be accepted right now. Please try again.',
    })
  })

  it('answers 503 when the queue fails, and takes the stored lead back so the retry is the only copy', async () => {
    const contact = validContact()
    const res = await postWith({ LEADS: failingQueue }, JSON.stringify(contact))
    expect(res.status).toBe(503)
    expect(await leadsMentioning(contact.name)).toEqual([])
  })

  it('sends a native form post back to the section with the error and the values kept', async () => {
    const contact = validContact()
    const res = await postWith(
      { LEADS: failingQueue },
      new URLSearchParams(contact).toString(),
      'application/x-www-form-urlencoded',
    )
    expect(res.status).toBe(303)
    expect(res.headers.get('Location')).toBe('/?contact=error#sec-contact')
  })
})

describe('the lead as the desk keeps it', () => {
  it("a no-JS post e-mails the visitor's local time from the edge's time zone, as the browser would", async () => {
    const { time: _time, ...contact } = validContact()
    const sent = Date.now()
    const res = await SELF.fetch(`${ORIGIN}/api/contact`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: ORIGIN,
        'CF-Connecting-IP': uniqueIpv4(),
        'Accept-Language': 'en-IN,en;q=0.8',
      },
      body: new URLSearchParams(contact).toString(),
      cf: { timezone: 'Asia/Kolkata' },
    } as RequestInit)
    expect(res.status).toBe(303)
    const [id] = await leadsMentioning(contact.name)
    const localTime = (await leadRecord(id!))!.localTime!
    // The same toLocaleString() the browser path sends, in Kolkata's zone (UTC+5:30), not UTC.
    const options = { timeZone: 'Asia/Kolkata' }
    const around = [sent - 2000, sent, sent + 5000].map((t) => new Date(t).toLocaleString('en-IN', options))
    expect(around.map((t) => t.slice(0, -6))).toContain(localTime.slice(0, -6))
    expect(localTime).not.toMatch(/UTC/)
    expect(localTime).not.toBe(new Date(sent).toLocaleString('en-IN', { timeZone: 'UTC' }))
  })

  it('keeps where the visitor came from: the page posted from, the landing referrer and campaign', async () => {
    const landing = await SELF.fetch(
      `${ORIGIN}/about-us?utm_source=newsletter&utm_medium=email&utm_campaign=autumn`,
      {
        headers: { Referer: 'https://www.linkedin.com/feed/' },
      },
    )
    await landing.arrayBuffer()
    const cookie = landing.headers.getSetCookie().find((c) => c.startsWith('__Host-landing='))
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).not.toMatch(/Max-Age|Expires/) // a session cookie: gone when the browser closes
    const contact = validContact()
    const res = await postContact(JSON.stringify(contact), {
      headers: { Cookie: cookie!.split(';')[0]!, Referer: `${ORIGIN}/` },
    })
    const { id } = (await res.json()) as { id: string }
    expect(await leadRecord(id)).toMatchObject({
      pagePath: '/',
      referrer: 'https://www.linkedin.com/feed/',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'autumn',
    })
    // A later page view keeps the first landing; an internal one never sets it.
    const next = await SELF.fetch(`${ORIGIN}/try?utm_source=other`, {
      headers: { Cookie: cookie!.split(';')[0]! },
    })
    await next.arrayBuffer()
    expect(next.headers.getSetCookie().some((c) => c.startsWith('__Host-landing='))).toBe(false)
    const internal = await SELF.fetch(`${ORIGIN}/try`, { headers: { Referer: `${ORIGIN}/` } })
    await internal.arrayBuffer()
    expect(internal.headers.getSetCookie()).toEqual([])
  })

  it('holds leads beyond the daily e-mail cap: stored, the visitor told success, not e-mailed until sent again', async () => {
    const capped = { ...env, CONTACT_DAILY_EMAIL_CAP: '2' }
    const post = async () => {
      const ctx = createExecutionContext()
      const res = await app.request(
        `${ORIGIN}/api/contact`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: ORIGIN, 'CF-Connecting-IP': uniqueIpv4() },
          body: JSON.stringify(validContact()),
        },
        capped,
        ctx,
      )
      await waitOnExecutionContext(ctx)
      expect(res.status).toBe(202)
      return ((await res.json()) as { id: string }).id
    }
    const ids = [await post(), await post(), await post()]
    const statuses = await Promise.all(ids.map(async (id) => (await leadRecord(id))?.status))
    expect(statuses.slice(0, 2).every((s) => s !== 'held')).toBe(true)
    expect(statuses[2]).toBe('held')
    const held = ids[2]!
    const heldName = (await leadRecord(held))!.name!
    const mailed = async () =>
      (await fakeEmailJs.received(CONFIGURED.serviceId)).filter(
        (r) => r.body.template_params?.name === heldName,
      )
    await eventually(async () => ((await leadRecord(ids[1]!))?.status === 'delivered' ? true : undefined))
    expect(await mailed()).toEqual([])

    expect(await servicesOf(capped).leads.desk.act(held, 'send-again', 'admin')).toEqual({
      ok: true,
      value: true,
    })
    await eventually(async () => ((await leadRecord(held))?.status === 'delivered' ? true : undefined))
    expect(await mailed()).toHaveLength(1)
  })
})
