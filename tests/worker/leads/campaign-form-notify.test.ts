/**
 * Who is told about a campaign form's lead (issue 63 item 3): the sales address (the default, as
 * every lead of the spec's form), another address the form names, or nobody by e-mail (the lead
 * desk and the CRM webhook only). The lead keeps who its form told when it was sent, so a later
 * edit of the page moves no lead already received; both channels send to the other address (EmailJS
 * in its to_email parameter, the second channel in its To), a lead told nobody is delivered to the
 * desk alone and says so on its page, and an address kept that is not one fails in the open.
 */
import { describe, expect, it } from 'vitest'
import type { Bindings } from '../../../src/env'
import {
  BAD_RECIPIENT_REASON,
  FORM_WORDS,
  type SentForm,
  type SentTell,
} from '../../../src/schemas/campaign-form'
import { NO_OTHER_TEMPLATE, TO_PARAMETER } from '../../../src/server/leads/services/emailjs'
import { webhookMessage } from '../../../src/server/leads/storage/lead-model'
import {
  adminGet,
  adminPost,
  CONFIGURED,
  consume,
  env,
  eventually,
  fakeEmailJs,
  leadRecord,
  message,
  newService,
  newWebhook,
  openEditor,
  OWN_HEAD,
  postEditor,
  servicesOf,
  visibleText,
} from '../support'
import {
  answers,
  core,
  EDITOR,
  FORM,
  postForm,
  publishForm,
  SLUG,
  storedForm,
  withQuestions,
  withSettings,
} from './campaign-form-support'

const FAIR_TEAM = 'fair-team@example.com'
const OTHER_TEMPLATE = 'fair-team-template'
const WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0ZrKvEgSkN0='

/** A visitor's good post of the published form: the lead's id and the name it was sent with. */
async function sendLead() {
  const sent = core()
  const { status, json } = await postForm({ ...sent, ...answers() })
  expect(status, JSON.stringify(json)).toBe(202)
  return { id: json.id!, name: sent.name }
}

/** EmailJS's failures in a row, as every isolate sees them (0 when it has no mark yet). */
const emailJsFailuresInRow = async () =>
  (await env.DB.prepare(
    "SELECT failures_in_row FROM delivery_channels WHERE channel = 'emailjs'",
  ).first<number>('failures_in_row')) ?? 0

/** What EmailJS's stand-in took for a lead's name, on a service. */
const emailJsGot = async (serviceId: string, name: string) =>
  (await fakeEmailJs.received(serviceId)).filter(
    (r) => r.status === 200 && r.body.template_params?.name === name,
  )

/**
 * A lead like the one the form's post made, filed again with `tell` and with its queue messages
 * kept here, so this test's consumer alone delivers it: the second channel, the CRM webhook and an
 * EmailJS service of its own (scripted: ['400'] refuses it, so the second channel takes it).
 */
async function fileAgain(
  form: SentForm,
  tell: SentTell | undefined,
  emailJs: string[] = [],
  otherTemplate: string | null = OTHER_TEMPLATE,
) {
  const sent: EmailMessageBuilder[] = []
  const real = env.SALES_EMAIL
  const hook = await newWebhook()
  const overrides: Partial<Bindings> = {
    SALES_EMAIL: {
      send: async (mail: EmailMessageBuilder) => {
        const answer = await real.send(mail)
        sent.push(mail)
        return answer
      },
    } as SendEmail,
    SALES_EMAIL_TO: 'sales@example.com',
    SALES_EMAIL_FROM: 'leads@example.com',
    EMAILJS_SERVICE_ID: await newService(emailJs),
    LEAD_WEBHOOK_URL: hook.url,
    LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
    EMAILJS_OTHER_TEMPLATE_ID: otherTemplate ?? undefined,
  }
  const kept = {
    send: async () => undefined,
    sendBatch: async () => undefined,
  } as unknown as Queue
  const { name, email } = core()
  const { fields, page } = form
  const accepted = await servicesOf({ ...overrides, LEADS: kept }).leads.desk.accept(
    {
      content: { name, email, phone: '', inquiry: '', localTime: '12/2/2026, 9:41:00 AM' },
      form: { page, fields, ...(tell ? { tell } : {}) },
      attribution: { pagePath: page, referrer: null, utmSource: null, utmMedium: null, utmCampaign: null },
      spamReasons: [],
    },
    { waitUntil: () => undefined },
  )
  expect(accepted.ok && accepted.value.status).toBe('accepted')
  const id = accepted.ok ? accepted.value.id : ''
  const result = await consume(overrides, [message(id), { ...message(id), body: webhookMessage(id) }])
  return { id, name, sent, hook, overrides, kept, serviceId: overrides.EMAILJS_SERVICE_ID!, result }
}

describe('who is told about a campaign form’s lead', () => {
  it('is sales by default and when chosen: EmailJS gets no other address, the second channel sales', async () => {
    await publishForm(FORM, { tell: 'the sales address', tellAddress: '' })
    const lead = await sendLead()
    const form = await storedForm(lead.id)
    expect(form.tell).toBeUndefined()
    const [delivery] = await eventually(async () => {
      const found = await emailJsGot(CONFIGURED.serviceId, lead.name)
      return found.length ? found : undefined
    })
    expect(delivery!.body.template_params).not.toHaveProperty(TO_PARAMETER)
    expect(visibleText((await adminGet(`/admin/leads/${lead.id}`)).body)).toContain(
      'Who is told Sales (the usual address)',
    )
    const failedOver = await fileAgain(form, undefined, ['400'])
    expect(failedOver.sent.map((mail) => mail.to)).toEqual([['sales@example.com']])
  })

  it('is another address: EmailJS’s to_email, the second channel’s To, the retry and failover alike, and the webhook', async () => {
    await publishForm(FORM, { tell: 'another address', tellAddress: FAIR_TEAM })
    const lead = await sendLead()
    const form = await storedForm(lead.id)
    expect(form.tell).toEqual({ address: FAIR_TEAM })
    // This deploy's EmailJS has the spec's template only, which sends to sales, and no second
    // channel: the lead is not sent to sales but fails, saying what to set up.
    await eventually(async () => ((await leadRecord(lead.id))?.status === 'dead' ? true : undefined))
    expect(await leadRecord(lead.id)).toMatchObject({ lastError: NO_OTHER_TEMPLATE })
    expect(await emailJsGot(CONFIGURED.serviceId, lead.name)).toEqual([])
    const page = visibleText((await adminGet(`/admin/leads/${lead.id}`)).body)
    expect(page).toContain(`Who is told Another address: ${FAIR_TEAM}`)
    expect(page).toContain(NO_OTHER_TEMPLATE)

    // Without that template, the second channel takes it at once, to the fair's team.
    const failuresBefore = await emailJsFailuresInRow()
    const noTemplate = await fileAgain(form, form.tell, [], null)
    expect(await fakeEmailJs.received(noTemplate.serviceId)).toEqual([])
    expect(noTemplate.sent.map((mail) => mail.to)).toEqual([[FAIR_TEAM]])
    // A refusal before any request is no EmailJS failure: it counts nothing towards marking it down.
    expect(await emailJsFailuresInRow()).toBe(failuresBefore)

    // EmailJS fails it (503), then refuses it (400): the retry asks for the same address, and the
    // second channel takes it to that address, not sales.
    const again = await fileAgain(form, form.tell, ['503', '400'])
    expect(again.result.retryMessages.map((r) => r.msgId)).toHaveLength(1)
    const tried = await fakeEmailJs.received(again.serviceId)
    expect(tried.map((r) => r.body.template_params?.[TO_PARAMETER])).toEqual([FAIR_TEAM])
    expect(tried.map((r) => r.body.template_id)).toEqual([OTHER_TEMPLATE])
    expect(again.sent).toHaveLength(0)
    expect((await consume(again.overrides, [message(again.id, 2)])).explicitAcks).toHaveLength(1)
    expect(
      (await fakeEmailJs.received(again.serviceId)).map((r) => r.body.template_params?.[TO_PARAMETER]),
    ).toEqual([FAIR_TEAM, FAIR_TEAM])
    expect(again.sent.map((mail) => mail.to)).toEqual([[FAIR_TEAM]])
    expect(await leadRecord(again.id)).toMatchObject({ status: 'delivered', deliveredVia: 'sales-email' })
    const [posted] = await again.hook.requests()
    expect(JSON.parse(posted!.body)).toMatchObject({ id: again.id, name: again.name })
  })

  it('is nobody by e-mail: no e-mail on either channel, delivered to the desk, its page says so, the webhook still posted', async () => {
    await publishForm(FORM, { tell: 'nobody by e-mail', tellAddress: '' })
    const lead = await sendLead()
    const form = await storedForm(lead.id)
    expect(form.tell).toEqual({ nobody: true })
    await eventually(async () => ((await leadRecord(lead.id))?.status === 'delivered' ? true : undefined))
    expect(await leadRecord(lead.id)).toMatchObject({ deliveredVia: 'outbox' })
    expect(await emailJsGot(CONFIGURED.serviceId, lead.name)).toEqual([])
    const page = visibleText((await adminGet(`/admin/leads/${lead.id}`)).body)
    expect(page).toContain('Not e-mailed: this page’s form tells nobody by e-mail')

    const again = await fileAgain(form, form.tell)
    expect(await fakeEmailJs.received(again.serviceId)).toEqual([])
    expect(again.sent).toEqual([])
    expect(await leadRecord(again.id)).toMatchObject({ status: 'delivered', deliveredVia: 'outbox' })
    const [posted] = await again.hook.requests()
    expect(JSON.parse(posted!.body)).toMatchObject({ event: 'lead.accepted', id: again.id })
  })

  it('keeps an older lead’s recipient when the page is edited later, and Send again keeps it too', async () => {
    await publishForm(FORM, { tell: 'another address', tellAddress: FAIR_TEAM })
    const older = await sendLead()
    const edited = withSettings(await withQuestions(FORM), { tell: 'nobody by e-mail', tellAddress: '' })
    const republished = await postEditor(EDITOR, edited, 'publish')
    expect(republished.response.status, visibleText(republished.body)).toBe(303)
    const newer = await sendLead()
    expect((await storedForm(older.id)).tell).toEqual({ address: FAIR_TEAM })
    expect((await storedForm(newer.id)).tell).toEqual({ nobody: true })
    // The older lead still asks for the fair's team (here: fails for want of its template), the
    // newer one is told nobody.
    await eventually(async () => ((await leadRecord(older.id))?.status === 'dead' ? true : undefined))
    expect(await leadRecord(older.id)).toMatchObject({ lastError: NO_OTHER_TEMPLATE })
    await eventually(async () => ((await leadRecord(newer.id))?.status === 'delivered' ? true : undefined))
    expect(await emailJsGot(CONFIGURED.serviceId, newer.name)).toEqual([])
    expect(visibleText((await adminGet(`/admin/leads/${older.id}`)).body)).toContain(
      `Another address: ${FAIR_TEAM}`,
    )

    // Send again, once the page tells nobody: a lead that told the fair's team still tells it.
    const refused = await fileAgain(await storedForm(older.id), { address: FAIR_TEAM }, ['400'])
    expect(refused.sent.map((mail) => mail.to)).toEqual([[FAIR_TEAM]])
    await env.DB.prepare("UPDATE leads SET status = 'dead' WHERE id = ?").bind(refused.id).run()
    const overrides = { ...refused.overrides, LEADS: refused.kept }
    const resent = await adminPost(`/admin/leads/${refused.id}/send-again`, {}, { overrides })
    expect(resent.response.headers.get('Location')).toBe(`/admin/leads/${refused.id}?notice=send-again-done`)
    await consume(overrides, [message(refused.id, 1)])
    // EmailJS refused it for good before, so the second channel sends it again: to the fair's team.
    expect(refused.sent.map((mail) => mail.to)).toEqual([[FAIR_TEAM], [FAIR_TEAM]])
    expect(await leadRecord(refused.id)).toMatchObject({ status: 'delivered', deliveredVia: 'sales-email' })
  })

  it('fails a lead whose kept address is not one in the open, with its reason, and keeps it readable', async () => {
    await publishForm(FORM)
    const lead = await sendLead()
    const form = await storedForm(lead.id)
    const bad = await fileAgain(form, { address: 'fair-team at example' })
    expect(await fakeEmailJs.received(bad.serviceId)).toEqual([])
    expect(bad.sent).toEqual([])
    expect(await leadRecord(bad.id)).toMatchObject({ status: 'dead', lastError: BAD_RECIPIENT_REASON })
    const page = visibleText((await adminGet(`/admin/leads/${bad.id}`)).body)
    expect(page).toContain(BAD_RECIPIENT_REASON)
    expect(page).toContain(bad.name)
    // The CRM still gets it.
    expect(await bad.hook.requests()).toHaveLength(1)
  })

  it('is refused at the publish gate: another address without a valid one, or anyone but sales on the spec’s form', async () => {
    await adminPost('/admin/pages/new', { slug: SLUG, start: 'campaign' })
    const start = { ...(await openEditor(EDITOR)).fields, ...OWN_HEAD }
    for (const tellAddress of ['', 'fair-team at example']) {
      const refused = await postEditor(
        EDITOR,
        withSettings(await withQuestions(FORM, { ...start }), { tell: 'another address', tellAddress }),
        'publish',
      )
      expect(refused.response.status).toBe(422)
      expect(visibleText(refused.body)).toContain(FORM_WORDS.tellAddress)
    }
    const noQuestions = await postEditor(
      EDITOR,
      withSettings(await withQuestions([], { ...start }), { tell: 'nobody by e-mail', tellAddress: '' }),
      'publish',
    )
    expect(noQuestions.response.status).toBe(422)
    expect(visibleText(noQuestions.body)).toContain(FORM_WORDS.tellNeedsQuestions)
    // The editor draws the choice in plain words.
    const drawn = (await adminGet(EDITOR)).body
    for (const words of [
      'Who is told about each lead',
      'Sales (the usual address)',
      'Another address',
      'Nobody by e-mail: the lead desk and the CRM only',
    ])
      expect(drawn).toContain(words)
  })
})
