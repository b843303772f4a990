/**
 * The lead desk's rules in D1: every status change allowed exactly from the statuses the
 * TRANSITIONS table names, alerts to a local webhook stand-in with their folding, the retention
 * policy on a moved clock, and the sweep that queues leads no consumer is working on.
 */
import { describe, expect, it, vi } from 'vitest'
import type { Bindings } from '../../../src/env'
import { ALERT_WINDOW_MS, type AlertInput } from '../../../src/server/platform/services/alerts'
import {
  LEAD_STATUSES,
  mayMove,
  TRANSITIONS,
  type Attribution,
  type LeadStatus,
  type Transition,
} from '../../../src/server/leads/storage/lead-model'
import { LeadStore } from '../../../src/server/leads/storage/leads'
import {
  captureConsole,
  env,
  leadRecord,
  newLeadContent,
  newWebhook,
  servicesOf,
  storeLead,
  DAY,
  runScheduledJob,
} from '../support'
import type { Job } from '../../../src/server/maintenance'

const ATTRIBUTED: Attribution = {
  pagePath: '/',
  referrer: 'https://search.example/',
  utmSource: 'ads',
  utmMedium: 'cpc',
  utmCampaign: 'launch',
}
const ago = (ms: number) => new Date(Date.now() - ms).toISOString()
const now = () => new Date().toISOString()
const alert = (bindings: Partial<Bindings>, input: AlertInput) =>
  servicesOf(bindings).platform.alerts.send(input)
const runCron = (job: Job, bindings: Partial<Bindings> = {}) => runScheduledJob(job, { ...env, ...bindings })

describe('status transitions', () => {
  const store = () => new LeadStore(env.DB)
  const moved = (result: { ok: true; value: boolean } | { ok: false }) => result.ok && result.value
  /** The store's call that moves a lead to each status. */
  const moveTo: Record<Transition, (id: string) => Promise<boolean>> = {
    sending: async (id) => {
      const claimed = await store().claim(id, now(), ago(5 * 60_000))
      return claimed.ok && claimed.value !== null
    },
    delivered: async (id) => moved(await store().finish(id, now(), { to: 'delivered', via: 'emailjs' })),
    retrying: async (id) => moved(await store().finish(id, now(), { to: 'retrying', error: 'x' })),
    dead: async (id) => moved(await store().finish(id, now(), { to: 'dead', error: 'x' })),
    accepted: async (id) => moved(await store().requeue(id, now())),
    spam: async (id) => moved(await store().markSpam(id, now(), 'marked as spam by admin')),
    erased: async (id) => moved(await store().erase(id, now())),
  }

  for (const to of Object.keys(TRANSITIONS) as Transition[]) {
    it(`a lead moves to ${to} from ${TRANSITIONS[to].join(', ')} and from nothing else`, async () => {
      for (const from of LEAD_STATUSES) {
        // A fresh claim: 'sending' may be retaken only once stale (its own test in lead-delivery).
        const { id } = await storeLead({ status: from, claimedAt: from === 'sending' ? now() : undefined })
        const allowed = mayMove(from, to)
        expect(await moveTo[to](id), `to ${to} from ${from}`).toBe(allowed)
        expect((await leadRecord(id))?.status, `to ${to} from ${from}`).toBe(allowed ? to : from)
      }
    })
  }

  it('erase keeps the id, the dates and the delivery record, and removes every field that came from the visitor', async () => {
    const content = newLeadContent()
    const { id } = await storeLead({ status: 'sending', claimedAt: now(), attempts: 2 }, content, {
      pagePath: '/try-on',
      referrer: 'https://news.example/story',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring',
    })
    await new LeadStore(env.DB).finish(id, now(), { to: 'delivered', via: 'emailjs' })
    const before = await leadRecord(id)
    expect(before).toMatchObject({ name: content.name, utmCampaign: 'spring' })
    expect(await servicesOf().leads.desk.act(id, 'erase', 'admin')).toEqual({ ok: true, value: true })
    const after = await leadRecord(id)
    expect(after).toEqual({
      id,
      receivedAt: before!.receivedAt,
      status: 'erased',
      attempts: 2,
      lastError: null,
      deliveredAt: before!.deliveredAt,
      deliveredVia: 'emailjs',
      erasedAt: expect.any(String),
      spamReasons: null,
      formFields: null,
      name: null,
      email: null,
      phone: null,
      inquiry: null,
      localTime: null,
      pagePath: null,
      referrer: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      // The page's language is no personal data: it stays, as the dates do.
      locale: 'en',
    })
    const raw = JSON.stringify(await env.DB.prepare('SELECT * FROM leads WHERE id = ?').bind(id).first())
    for (const value of Object.values(content)) expect(raw).not.toContain(value)
    expect(raw).not.toContain('newsletter')
    expect(await servicesOf().leads.desk.act(id, 'erase', 'admin')).toEqual({ ok: true, value: false })
  })

  it('erase also removes a last error that quotes the visitor', async () => {
    const content = newLeadContent()
    const { id } = await storeLead(
      { status: 'dead', lastError: `EmailJS 422 ${content.email} refused` },
      content,
    )
    expect(await servicesOf().leads.desk.act(id, 'erase', 'admin')).toEqual({ ok: true, value: true })
    expect(await leadRecord(id)).toMatchObject({ status: 'erased', lastError: null, email: null })
  })
})

describe('alerts to ALERT_WEBHOOK_URL', () => {
  it('posts {text, event, leadId, reason}, one per kind per 10 minutes, folding the rest into the next', async () => {
    const webhook = await newWebhook()
    const withHook: Bindings = { ...env, ALERT_WEBHOOK_URL: webhook.url }
    await alert(withHook, {
      event: 'lead.dead',
      leadId: 'lead-1',
      reason: 'EmailJS 403 API calls are disabled',
    })
    await alert(withHook, {
      event: 'lead.dead',
      leadId: 'lead-2',
      reason: 'EmailJS 422 The recipients address is empty',
    })
    await alert(withHook, {
      event: 'lead.dead',
      leadId: 'lead-3',
      reason: 'EmailJS 422 The recipients address is empty',
    })
    await alert(withHook, { event: 'lead.held', leadId: 'lead-4', reason: 'over the cap' })
    const first = await webhook.received()
    expect(first).toEqual([
      {
        text: 'XR Stores lead desk: a lead could not be delivered (latest: lead lead-1): EmailJS 403 API calls are disabled. Open /admin/leads to act on it.',
        event: 'lead.dead',
        leadId: 'lead-1',
        reason: 'EmailJS 403 API calls are disabled',
      },
      expect.objectContaining({ event: 'lead.held', leadId: 'lead-4' }),
    ])

    // The sweep after the window says how many were folded, naming the latest.
    const realNow = Date.now.bind(Date)
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + ALERT_WINDOW_MS + 1000)
    await runCron('sweep', withHook)
    const summary = (await webhook.received()).slice(2)
    expect(summary).toEqual([
      expect.objectContaining({
        event: 'lead.dead',
        leadId: 'lead-3',
        text: expect.stringContaining('2 leads could not be delivered (latest: lead lead-3)'),
      }),
    ])
    // Nothing left to flush: a second sweep is silent.
    await runCron('sweep', withHook)
    expect(await webhook.received()).toHaveLength(3)
  })

  it('a failing webhook is logged and changes nothing else', async () => {
    const webhook = await newWebhook()
    await webhook.failWith(500)
    const logs = captureConsole()
    await alert(
      { ...env, ALERT_WEBHOOK_URL: webhook.url },
      { event: 'cap.reached', leadId: 'x', reason: 'r' },
    )
    expect(logs.find({ area: 'alerts', message: 'alert not sent', event: 'cap.reached' })).toEqual([
      expect.objectContaining({ error: expect.objectContaining({ message: 'the webhook answered 500' }) }),
    ])
  })

  it('refuses a plain-http webhook off this machine', async () => {
    const logs = captureConsole()
    await alert(
      { ...env, ALERT_WEBHOOK_URL: 'http://hooks.example.com/x' },
      { event: 'lead.dead', reason: 'r' },
    )
    expect(logs.text()).toContain('ALERT_WEBHOOK_URL must be an https:// address')
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM alert_windows').first<{ n: number }>())?.n).toBe(
      0,
    )
  })
})

describe('retention (daily cron)', () => {
  it('erases delivered leads after 90 days, every other status but erased and spam after 180, and nothing younger', async () => {
    // Spam is deleted whole after 30 days (tests/worker/leads/spam.test.ts).
    const others = LEAD_STATUSES.filter((s) => s !== 'delivered' && s !== 'erased' && s !== 'spam')
    const stored = async (status: LeadStatus, days: number) =>
      (await storeLead({ status, receivedAt: ago(days * DAY) }, newLeadContent(), ATTRIBUTED)).id
    const deliveredOld = await stored('delivered', 91)
    const deliveredYoung = await stored('delivered', 89)
    const middle = await Promise.all(others.map((status) => stored(status, 120)))
    const old = await Promise.all(others.map((status) => stored(status, 181)))
    await runCron('retention')
    const status = async (id: string) => (await leadRecord(id))?.status
    expect(await status(deliveredOld)).toBe('erased')
    expect(await status(deliveredYoung)).toBe('delivered')
    expect(await Promise.all(middle.map(status))).toEqual(others)
    expect(await Promise.all(old.map(status))).toEqual(others.map(() => 'erased'))
    for (const id of [deliveredOld, ...old])
      expect(await leadRecord(id)).toMatchObject({
        email: null,
        localTime: null,
        pagePath: null,
        utmSource: null,
      })
    expect(await leadRecord(deliveredYoung)).toMatchObject({ pagePath: '/', utmSource: 'ads' })
  })

  it('follows LEAD_RETENTION_DAYS', async () => {
    const { id } = await storeLead({ status: 'delivered', receivedAt: ago(11 * DAY) })
    await runCron('retention', { LEAD_RETENTION_DAYS: '10' })
    expect((await leadRecord(id))?.status).toBe('erased')
  })
})

describe('the sweep (every 10 minutes)', () => {
  it('queues a lead accepted but never queued, and marks a lead lost mid-send dead for a person to check', async () => {
    const sent: unknown[] = []
    const queue = { send: async (body: unknown) => void sent.push(body) } as unknown as Queue
    const webhook = await newWebhook()
    const unqueued = await storeLead({ status: 'accepted', receivedAt: ago(20 * 60_000) })
    const recent = await storeLead({ status: 'accepted' })
    const lost = await storeLead({ status: 'sending', claimedAt: ago(2 * 60 * 60_000) })
    await runCron('sweep', { LEADS: queue, ALERT_WEBHOOK_URL: webhook.url })
    expect(sent).toEqual([{ type: 'lead', id: unqueued.id }])
    expect((await leadRecord(recent.id))?.status).toBe('accepted')
    expect(await leadRecord(lost.id)).toMatchObject({
      status: 'dead',
      lastError: expect.stringMatching(/check the mailbox before sending again/),
    })
    expect(await webhook.received()).toEqual([
      expect.objectContaining({ event: 'lead.dead', leadId: lost.id }),
    ])
  })

  it('alerts once for a lead still in flight a day after it arrived, and the console shows it waiting', async () => {
    const webhook = await newWebhook()
    const queue = { send: async () => {} } as unknown as Queue
    const stuck = await storeLead({ status: 'retrying', receivedAt: ago(DAY + 60_000) })
    const young = await storeLead({ status: 'retrying', receivedAt: ago(DAY - 60 * 60_000) })
    const bindings = { LEADS: queue, ALERT_WEBHOOK_URL: webhook.url }
    await runCron('sweep', bindings)
    const alerts = (await webhook.received()).filter((a) => (a as AlertInput).event === 'lead.stuck')
    expect(alerts).toEqual([
      expect.objectContaining({
        event: 'lead.stuck',
        leadId: stuck.id,
        reason: 'still retrying a day after it arrived',
        text: expect.stringContaining('a lead has waited over a day without being delivered'),
      }),
    ])
    expect(JSON.stringify(alerts)).not.toContain(young.id)
    // Past the alert window, a second sweep does not alert the same lead again.
    const realNow = Date.now.bind(Date)
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + ALERT_WINDOW_MS + 1000)
    await runCron('sweep', bindings)
    const again = (await webhook.received()).filter((a) => (a as AlertInput).event === 'lead.stuck')
    expect(again).toHaveLength(1)
    const waiting = await servicesOf().leads.desk.read.queries.waiting(new Date())
    expect(waiting.ok && waiting.value.retrying).toBeGreaterThanOrEqual(1)
  })

  it('after an outage, reports stuck leads a bounded number a run, oldest first, each once', async () => {
    const store = new LeadStore(env.DB)
    const leads = [3, 2, 1].map((hours) =>
      storeLead({ status: 'retrying', receivedAt: ago(DAY + hours * 3_600_000) }),
    )
    const [oldest, middle, newest] = await Promise.all(leads)
    const run = async () => {
      const reported = await store.reportStuck(now(), ago(DAY), 2)
      if (!reported.ok) throw new Error(reported.error.message)
      // RETURNING's order is not the subquery's: compare as sorted lists.
      return reported.value.map(({ id }) => id).sort()
    }
    expect(await run()).toEqual([oldest!.id, middle!.id].sort())
    expect(await run()).toEqual([newest!.id])
    expect(await run()).toEqual([])
  })
})
