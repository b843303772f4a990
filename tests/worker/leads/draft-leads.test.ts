/**
 * A lead sent from a draft view (a landing page's share link, a preview in the console) is a test
 * (issue 57, item 6): kept in the lead desk's spam folder with a plain reason, never e-mailed and
 * never posted to the CRM, and its sender is told so. The same form on the live page still delivers.
 * Each post goes through the front door with the page's own form token, then whatever it queued
 * runs through the consumer against the EmailJS and CRM stand-ins, so the tests assert what
 * sales and the stand-ins saw.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Bindings } from '../../../src/env'
import { CONTACT_NOTICES, DRAFT_FORM_NOTE } from '../../../src/schemas/contact'
import { DRAFT_VIEW_REASON } from '../../../src/server/leads/services/spam-rules'
import type { LeadMessage } from '../../../src/server/leads/storage/lead-model'
import {
  adminGet,
  adminPost,
  callApp,
  consume,
  env,
  fakeEmailJs,
  leadRecord,
  newService,
  newWebhook,
  openEditor,
  ORIGIN,
  postEditor,
  uniqueIpv4,
  visibleText,
} from '../support'

const SLUG = 'retail-fair-2027'
const EDITOR = `/admin/pages/${SLUG}`
const WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0ZrKvEgSkN0='

afterEach(() => {
  vi.useRealTimers()
})

/** A landing page from the campaign template (it has the contact form), saved as a draft, never published. */
async function draftPage() {
  expect((await adminPost('/admin/pages/new', { slug: SLUG, start: 'campaign' })).response.status).toBe(303)
  const { fields } = await openEditor(EDITOR)
  expect(
    (await postEditor(EDITOR, { ...fields, 'page.sections.0.hero.title': 'Retail fair draft' })).response
      .status,
  ).toBe(303)
}

/** The share link's address (its path), as the editor's Share button shows it once. */
async function shareLink(): Promise<string> {
  const made = await adminPost(`${EDITOR}/share`)
  expect(made.response.status).toBe(201)
  const url = /value="(https?:\/\/[^"]+\/review\/[0-9a-f]{64})"/.exec(made.body)?.[1]
  expect(url).toBeTruthy()
  return new URL(url!).pathname
}

/** The form token of the contact form a page draws (the island's props carry the same). */
function formTokenIn(html: string): string {
  const token = /name="formToken" value="([^"]+)"/.exec(html)?.[1]
  expect(token).toBeTruthy()
  return token!
}

/** A person takes more than the form's 3 seconds to fill it: the clock moves on, nothing sleeps. */
function fillTheForm() {
  vi.useFakeTimers({ now: Date.now() + 5_000, toFake: ['Date'], shouldAdvanceTime: true })
}

/** The EmailJS service and CRM hook of one test, and the env that reaches them. */
async function standIns() {
  const serviceId = await newService()
  const hook = await newWebhook()
  const queued: LeadMessage[] = []
  const recording = {
    send: async (body: LeadMessage) => void queued.push(body),
    sendBatch: async (messages: { body: LeadMessage }[]) => void queued.push(...messages.map((m) => m.body)),
  } as unknown as Queue
  const overrides: Partial<Bindings> = {
    EMAILJS_SERVICE_ID: serviceId,
    LEAD_WEBHOOK_URL: hook.url,
    LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
  }
  return {
    queued,
    /** The env of a console action whose queueing these stand-ins should see. */
    console: { ...overrides, LEADS: recording },
    /** Posts the form as the browser would (JSON from the island, or the no-JavaScript form post). */
    async post(fields: Record<string, string>, how: 'island' | 'no-js') {
      const island = how === 'island'
      const { response, body, settled } = await callApp(
        '/api/contact',
        {
          method: 'POST',
          body: island ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
          headers: {
            Origin: ORIGIN,
            'Sec-Fetch-Site': 'same-origin',
            'Content-Type': island ? 'application/json' : 'application/x-www-form-urlencoded',
            'CF-Connecting-IP': uniqueIpv4(),
          },
        },
        { ...overrides, LEADS: recording },
      )
      await settled
      return { response, body }
    },
    /** Runs the consumer on everything the posts queued, as the leads queue would. */
    async deliver() {
      const messages = queued.splice(0).map((body) => ({
        id: `msg-${crypto.randomUUID()}`,
        timestamp: new Date(),
        attempts: 1,
        body,
      }))
      if (messages.length) await consume(overrides, messages)
    },
    emailed: async () => (await fakeEmailJs.received(serviceId)).filter((r) => r.status === 200),
    posted: () => hook.requests(),
  }
}

function contact(token: string) {
  const marker = crypto.randomUUID().slice(0, 8)
  return {
    name: `Lin Okafor ${marker}`,
    email: `lin.${marker}@example.com`,
    phone: '+44 20 7946 0958',
    inquiry: `Trying the form before the fair. ${marker}`,
    time: '01/12/2026, 10:15:00',
    formToken: token,
  }
}

/** The lead desk as sales see it: the spam folder's rows, and the lead's own page. */
async function desk(id: string) {
  const list = visibleText((await adminGet('/admin/leads?status=spam')).body)
  const page = visibleText((await adminGet(`/admin/leads/${id}`)).body)
  return { list, page }
}

/** The `name=value` pairs a browser sends back from a response's Set-Cookie headers. */
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')

describe('a lead sent from a draft view', () => {
  it('from a share link, without JavaScript: kept in the spam folder as a test, nothing e-mailed or posted to the CRM', async () => {
    await draftPage()
    const review = await callApp(await shareLink())
    expect(review.response.status).toBe(200)
    // The bar says it before anyone sends.
    expect(visibleText(review.body)).toContain(DRAFT_FORM_NOTE)
    const lead = contact(formTokenIn(review.body))
    const sales = await standIns()
    fillTheForm()

    const sent = await sales.post(lead, 'no-js')
    expect(sent.response.status).toBe(303)
    // The success notice, with what became of the message.
    const after = await callApp('/', { headers: { Cookie: cookiesOf(sent.response) } })
    const notice = visibleText(after.body)
    expect(notice).toContain(CONTACT_NOTICES.success)
    expect(notice).toContain(CONTACT_NOTICES.test)

    await sales.deliver()
    expect(await sales.emailed()).toEqual([])
    expect(await sales.posted()).toEqual([])
    const { results } = await env.DB.prepare('SELECT id FROM leads WHERE name = ?')
      .bind(lead.name)
      .all<{ id: string }>()
    expect(results).toHaveLength(1)
    const id = results[0]!.id
    expect(await leadRecord(id)).toMatchObject({
      status: 'spam',
      spamReasons: DRAFT_VIEW_REASON,
      attempts: 0,
    })
    const { list, page } = await desk(id)
    expect(list).toContain(lead.name)
    expect(page).toContain(lead.inquiry)
    expect(page).toContain(DRAFT_VIEW_REASON)
  })

  it('from a preview, with JavaScript: answered as a test, its next form too; nothing e-mailed or posted to the CRM', async () => {
    await draftPage()
    const preview = await adminGet(`${EDITOR}/preview`)
    expect(preview.response.status).toBe(200)
    expect(visibleText(preview.body)).toContain(DRAFT_FORM_NOTE)
    const sales = await standIns()
    fillTheForm()

    const first = contact(formTokenIn(preview.body))
    const sent = await sales.post(first, 'island')
    expect(sent.response.status).toBe(202)
    const answer = JSON.parse(sent.body) as { id: string; test?: boolean; formToken: string }
    expect(answer.test).toBe(true)
    // The island's second message rides the answer's token: a test as well.
    fillTheForm()
    const second = contact(answer.formToken)
    const again = JSON.parse((await sales.post(second, 'island')).body) as { id: string; test?: boolean }
    expect(again.test).toBe(true)

    await sales.deliver()
    expect(await sales.emailed()).toEqual([])
    expect(await sales.posted()).toEqual([])
    for (const [id, lead] of [
      [answer.id, first],
      [again.id, second],
    ] as const) {
      expect(await leadRecord(id)).toMatchObject({ status: 'spam', spamReasons: DRAFT_VIEW_REASON })
      const { list, page } = await desk(id)
      expect(list).toContain(lead.name)
      expect(page).toContain(DRAFT_VIEW_REASON)
    }
    // Not spam still sends a test on, should someone want it.
    const notSpam = await adminPost(`/admin/leads/${answer.id}/not-spam`, {}, { overrides: sales.console })
    expect(notSpam.response.status).toBe(303)
    await sales.deliver()
    expect((await sales.emailed()).map((r) => r.body.template_params?.name)).toEqual([first.name])
    expect((await leadRecord(answer.id))?.status).toBe('delivered')
  })
})

describe('the same form on the live page', () => {
  it('still delivers: e-mailed and posted to the CRM, never called a test', async () => {
    const home = await callApp('/')
    expect(visibleText(home.body)).not.toContain(DRAFT_FORM_NOTE)
    const sales = await standIns()
    fillTheForm()
    const lead = contact(formTokenIn(home.body))
    const sent = await sales.post(lead, 'island')
    expect(sent.response.status).toBe(202)
    const answer = JSON.parse(sent.body) as { id: string; test?: boolean }
    expect(answer.test).toBeUndefined()
    await sales.deliver()
    expect((await sales.emailed()).map((r) => r.body.template_params?.name)).toEqual([lead.name])
    expect((await sales.posted()).map((r) => (JSON.parse(r.body) as { id: string }).id)).toEqual([answer.id])
    expect(await leadRecord(answer.id)).toMatchObject({ status: 'delivered', spamReasons: null })
  })

  it('cannot be made a test by a forged mark; only a sender who pastes a draft’s own token files their own message as one', async () => {
    await draftPage()
    const live = formTokenIn((await callApp('/')).body)
    const draft = formTokenIn((await adminGet(`${EDITOR}/preview`)).body)
    const sales = await standIns()
    fillTheForm()
    // The mark is inside what is signed: written onto a live token, or taken off a draft's, the
    // signature no longer fits, and the post is the spam it always was ("form token forged"), not a test.
    const marked = live.replace('.', '.draft.')
    const unmarked = draft.replace('.draft.', '.')
    for (const token of [marked, unmarked]) {
      const answer = JSON.parse((await sales.post(contact(token), 'island')).body) as {
        id: string
        test?: boolean
      }
      expect(answer.test).toBeUndefined()
      expect(await leadRecord(answer.id)).toMatchObject({ status: 'spam', spamReasons: 'form token forged' })
    }
    // A draft's genuine token comes only from a preview (signed in) or a share link (its secret):
    // whoever pastes one into a real page's form chose to send a test, and only their own message is kept as one.
    const pasted = JSON.parse((await sales.post(contact(draft), 'island')).body) as {
      id: string
      test?: boolean
    }
    expect(pasted.test).toBe(true)
    expect((await leadRecord(pasted.id))?.spamReasons).toBe(DRAFT_VIEW_REASON)
    // The live page's own token is untouched by all this: its lead is delivered.
    const real = JSON.parse((await sales.post(contact(live), 'island')).body) as { id: string }
    await sales.deliver()
    expect(await leadRecord(real.id)).toMatchObject({ status: 'delivered', spamReasons: null })
    expect((await sales.emailed()).length).toBe(1)
    expect((await sales.posted()).length).toBe(1)
  })
})

describe('the no-JavaScript post of a draft view', () => {
  // A draft view sends no Referer (Referrer-Policy: no-referrer), so the browser's form post says
  // `Origin: null`; with Sec-Fetch-Site: same-origin it is still ours. A `null` from elsewhere is not.
  it('is taken with Origin null when the browser says same-origin, and refused when it says cross-site', async () => {
    await draftPage()
    const draft = formTokenIn((await adminGet(`${EDITOR}/preview`)).body)
    fillTheForm()
    const post = (site: string) =>
      callApp('/api/contact', {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams(contact(draft)).toString(),
        headers: {
          Origin: 'null',
          'Sec-Fetch-Site': site,
          'Content-Type': 'application/x-www-form-urlencoded',
          'CF-Connecting-IP': uniqueIpv4(),
        },
      })
    expect((await post('cross-site')).response.status).toBe(403)
    const ours = await post('same-origin')
    expect(ours.response.status).toBe(303)
    expect(ours.response.headers.get('Location')).toBe('/?contact=sent#sec-contact')
  })
})
