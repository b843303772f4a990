/**
 * The second channel (issue 34): Cloudflare Email Service through miniflare's send_email, after
 * EmailJS refuses a lead for good, after EmailJS failed it twice, or at once while EmailJS is
 * marked down (5 failures in a row, seen by every isolate; one lead every 5 minutes probes it).
 * A send after an EmailJS attempt with no answer says it may be a repeat. Fields are data: no
 * header can be injected.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Bindings } from '../../../src/env'
import { FAILURES_TO_DOWN, PROBE_EVERY_MS } from '../../../src/server/leads/storage/channel-health'
import {
  adminGet,
  adminPost,
  consume,
  tableRows,
  env,
  fakeEmailJs,
  leadRecord,
  message,
  newLeadContent,
  newService,
  newWebhook,
  servicesOf,
  storeLead,
} from '../support'

afterEach(() => {
  vi.useRealTimers()
})

/** The second channel on, through miniflare's own send_email binding; what it was asked to send. */
function secondChannel() {
  const sent: EmailMessageBuilder[] = []
  const real = env.SALES_EMAIL
  const binding = {
    send: async (message: EmailMessageBuilder) => {
      const answer = await real.send(message)
      sent.push(message)
      return answer
    },
  } as SendEmail
  const overrides: Partial<Bindings> = {
    SALES_EMAIL: binding,
    SALES_EMAIL_TO: 'sales@example.com, desk@example.com',
    SALES_EMAIL_FROM: 'leads@example.com',
  }
  return { sent, overrides }
}

async function attemptsOf(id: string) {
  const { results } = await env.DB.prepare(
    'SELECT channel, outcome FROM lead_attempts WHERE lead_id = ? ORDER BY id',
  )
    .bind(id)
    .all<{ channel: string; outcome: string }>()
  return results.map((row) => `${row.channel} ${row.outcome}`)
}

describe('the second channel', () => {
  it('takes a lead EmailJS refuses for good, at once: the template’s fields, text and HTML, Reply-To the visitor', async () => {
    const { sent, overrides } = secondChannel()
    const serviceId = await newService(['400'])
    const { id, content } = await storeLead()
    const msg = message(id)
    const result = await consume({ ...overrides, EMAILJS_SERVICE_ID: serviceId }, [msg])
    expect(result.explicitAcks).toEqual([msg.id])
    expect(await leadRecord(id)).toMatchObject({ status: 'delivered', deliveredVia: 'sales-email' })
    expect(await attemptsOf(id)).toEqual(['emailjs permanent', 'sales-email delivered'])
    expect(sent).toHaveLength(1)
    const [mail] = sent
    expect(mail).toMatchObject({
      from: 'leads@example.com',
      to: ['sales@example.com', 'desk@example.com'],
      replyTo: content.email,
      subject: `Schedule Call Request from ${content.name}`,
    })
    for (const field of [content.name, content.email, content.phone, content.localTime, content.inquiry])
      expect(mail!.text).toContain(field)
    expect(mail!.html).toContain('<h1>Schedule Call Request</h1>')
    expect(mail!.text).not.toMatch(/possible repeat/i)
  })

  it('takes a lead EmailJS failed twice, not once', { timeout: 30_000 }, async () => {
    const { sent, overrides } = secondChannel()
    const serviceId = await newService(['503', '503'])
    const { id } = await storeLead()
    const first = message(id, 1)
    expect(
      (await consume({ ...overrides, EMAILJS_SERVICE_ID: serviceId }, [first])).retryMessages,
    ).toHaveLength(1)
    expect(sent).toEqual([])
    expect((await leadRecord(id))?.status).toBe('retrying')
    const second = message(id, 2)
    expect((await consume({ ...overrides, EMAILJS_SERVICE_ID: serviceId }, [second])).explicitAcks).toEqual([
      second.id,
    ])
    expect(sent).toHaveLength(1)
    expect(await attemptsOf(id)).toEqual(['emailjs retryable', 'emailjs retryable', 'sales-email delivered'])
    expect(await fakeEmailJs.received(serviceId)).toHaveLength(2)
  })

  it(
    'marks the send a possible repeat when EmailJS gave no answer before (it may have sent)',
    { timeout: 30_000 },
    async () => {
      const { sent, overrides } = secondChannel()
      const serviceId = await newService(['drop', '503'])
      const { id } = await storeLead()
      await consume({ ...overrides, EMAILJS_SERVICE_ID: serviceId }, [message(id, 1)])
      await consume({ ...overrides, EMAILJS_SERVICE_ID: serviceId }, [message(id, 2)])
      expect(await attemptsOf(id)).toEqual(['emailjs unknown', 'emailjs retryable', 'sales-email delivered'])
      expect(sent[0]!.subject).toMatch(/^Possible repeat: Schedule Call Request/)
      expect(sent[0]!.text).toContain(`Possible repeat of lead ${id}`)
    },
  )

  it(
    `EmailJS is marked down after ${FAILURES_TO_DOWN} failures in a row, for every isolate; one lead probes it after 5 minutes and marks it up`,
    { timeout: 60_000 },
    async () => {
      const { sent, overrides } = secondChannel()
      const serviceId = await newService(
        Array.from({ length: FAILURES_TO_DOWN }, () => '503').concat(['ok', 'ok']),
      )
      const alerts = await newWebhook()
      // Two isolates: two environments, each composing its own services, sharing D1.
      const isolateA = { ...overrides, EMAILJS_SERVICE_ID: serviceId, ALERT_WEBHOOK_URL: alerts.url }
      const isolateB = { ...isolateA, SALES_EMAIL_TO: 'sales@example.com' }
      for (let i = 0; i < FAILURES_TO_DOWN; i++) {
        const { id } = await storeLead()
        await consume(isolateA, [message(id)])
      }
      expect(await fakeEmailJs.received(serviceId)).toHaveLength(FAILURES_TO_DOWN)

      const whileDown = await storeLead()
      await consume(isolateB, [message(whileDown.id)])
      expect(await attemptsOf(whileDown.id)).toEqual(['sales-email delivered'])
      expect(await fakeEmailJs.received(serviceId)).toHaveLength(FAILURES_TO_DOWN)
      // The overview says so, for sales and admins alike.
      const overview = await adminGet('/admin', isolateB)
      const rows = tableRows(overview.body, 'How leads reach sales, over the last 24 hours')
      expect(rows.map((row) => [row[0], row[1]?.replace(/ \d.*UTC$/, ' WHEN'), ...row.slice(3)])).toEqual([
        // Six leads came in today, all routed to EmailJS first (its cap is the tests' own).
        ['EmailJS', 'Down since WHEN', '0', String(FAILURES_TO_DOWN), `6 / ${env.CONTACT_DAILY_EMAIL_CAP}`],
        ['Email Service (second channel)', 'Working', '1', '0', `0 / ${env.CONTACT_DAILY_EMAIL_CAP}`],
        ['CRM webhook', 'Not set up', '0', '0', ''],
      ])

      // Date moves on from 5 minutes ahead (the send pacing waits on it).
      vi.useFakeTimers({ now: Date.now() + PROBE_EVERY_MS + 1000, toFake: ['Date'], shouldAdvanceTime: true })
      const probe = await storeLead()
      await consume(isolateB, [message(probe.id)])
      expect(await attemptsOf(probe.id)).toEqual(['emailjs delivered'])
      const after = await storeLead()
      await consume(isolateA, [message(after.id)])
      expect(await attemptsOf(after.id)).toEqual(['emailjs delivered'])
      expect(sent).toHaveLength(1)
      // Down, the first lead the second channel delivered, and back up: each alerted once.
      expect((await alerts.received()).map((alert) => alert.event)).toEqual([
        'channel.down',
        'channel.failover',
        'channel.up',
      ])
    },
  )

  it('treats every field as data: line breaks in a name inject no header, and non-ASCII names go through', async () => {
    const { sent, overrides } = secondChannel()
    const serviceId = await newService(['400'])
    const content = { ...newLeadContent(), name: 'Eve\r\nBcc: victim@example.org\r\nX-Evil: 1 Zoë 山田' }
    const { id } = await storeLead({}, content)
    await consume({ ...overrides, EMAILJS_SERVICE_ID: serviceId }, [message(id)])
    expect(await attemptsOf(id)).toEqual(['emailjs permanent', 'sales-email delivered'])
    const [mail] = sent
    expect(mail!.subject).not.toMatch(/[\r\n]/)
    expect(mail!.subject).toBe('Schedule Call Request from Eve Bcc: victim@example.org X-Evil: 1 Zoë 山田')
    expect(mail).not.toHaveProperty('bcc')
    expect(mail).not.toHaveProperty('headers')
    expect(mail!.html).not.toContain('<script')
  })
})

describe('Send again with a channel', () => {
  it('the lead page offers the channels; the choice is kept on the lead, and the consumer honours it', async () => {
    const { sent, overrides } = secondChannel()
    const serviceId = await newService(['ok'])
    const { id } = await storeLead({ status: 'dead', lastError: 'EmailJS 400 The Public Key is invalid' })
    const page = await adminGet(`/admin/leads/${id}`, overrides)
    expect(page.body).toContain('<label for="send-through" class="field-label">Send through</label>')
    expect(page.body).toContain('<option value="sales-email">Email Service (second channel)</option>')
    // Without the second channel there is nothing to choose.
    expect((await adminGet(`/admin/leads/${id}`)).body).not.toContain('send-through')

    const posted = await adminPost(`/admin/leads/${id}/send-again`, { channel: 'sales-email' }, { overrides })
    expect(posted.response.headers.get('Location')).toBe(`/admin/leads/${id}?notice=send-again-done`)
    const row = await env.DB.prepare('SELECT send_via FROM leads WHERE id = ?').bind(id).first('send_via')
    expect(row).toBe('sales-email')

    // What the consumer does with that choice, EmailJS working or not: the second channel sends it.
    const chosen = await storeLead()
    await env.DB.prepare("UPDATE leads SET send_via = 'sales-email' WHERE id = ?").bind(chosen.id).run()
    await consume({ ...overrides, EMAILJS_SERVICE_ID: serviceId }, [message(chosen.id)])
    expect(await attemptsOf(chosen.id)).toEqual(['sales-email delivered'])
    expect(await fakeEmailJs.received(serviceId)).toEqual([])
    expect(sent).toHaveLength(1)
  })
})

/**
 * The work accept hands to waitUntil (the queue send, logs), awaited after each test: left
 * running, it once logged after the run had closed Vitest's channel, an unhandled error that
 * failed npm test.
 */
const handedOn: Promise<unknown>[] = []
afterEach(async () => {
  await Promise.allSettled(handedOn.splice(0))
})

/** One valid lead through the desk's accept, as the contact door hands it over. */
const acceptOne = (leads: ReturnType<typeof servicesOf>['leads']['desk']) =>
  leads.accept(
    {
      content: newLeadContent(),
      attribution: { pagePath: '/', referrer: null, utmSource: null, utmMedium: null, utmCampaign: null },
      spamReasons: [],
    },
    {
      waitUntil: (work: Promise<unknown>) => {
        handedOn.push(work)
      },
    },
  )

describe('the daily cap per channel', () => {
  it('past EmailJS’s cap a lead goes to the second channel, and is held only when both are capped', async () => {
    const { overrides } = secondChannel()
    const { desk: leads } = servicesOf({ ...overrides, CONTACT_DAILY_EMAIL_CAP: '2' }).leads
    const statuses: string[] = []
    for (let i = 0; i < 5; i++) {
      const accepted = await acceptOne(leads)
      if (!accepted.ok) throw new Error(accepted.error.message)
      const via = await env.DB.prepare('SELECT send_via FROM leads WHERE id = ?')
        .bind(accepted.value.id)
        .first('send_via')
      statuses.push(`${accepted.value.status}${via ? ` via ${via}` : ''}`)
    }
    expect(statuses).toEqual([
      'accepted',
      'accepted',
      'accepted via sales-email',
      'accepted via sales-email',
      'held',
    ])
    // Without a second channel, the third is held, as before.
    const alone = servicesOf({ CONTACT_DAILY_EMAIL_CAP: '2' }).leads.desk
    await env.DB.prepare('DELETE FROM leads').run()
    const held: string[] = []
    for (let i = 0; i < 3; i++) {
      const accepted = await acceptOne(alone)
      held.push(accepted.ok ? accepted.value.status : 'failed')
    }
    expect(held).toEqual(['accepted', 'accepted', 'held'])
  })
})
