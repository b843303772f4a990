/**
 * A campaign form's answers go where its lead goes (issue 63): the lead list's search finds a lead
 * by them (and no longer after Erase), the CSV has a column per field of the form (formula-guarded),
 * and both delivery channels' e-mails carry them as one readable block, EmailJS in one extra
 * template parameter beside the spec's, which stay as they are.
 */
import { describe, expect, it } from 'vitest'
import { ANSWERS_PARAMETER } from '../../../src/server/leads/services/emailjs'
import { salesMessage } from '../../../src/server/leads/services/sales-email'
import { adminGet, adminPost, CONFIGURED, eventually, fakeEmailJs, leadRecord } from '../support'
import {
  answers,
  campaignVisit,
  core,
  FORM,
  postForm,
  publishForm,
  WORDING,
  type EditorField,
} from './campaign-form-support'

const COMPANY: EditorField = { type: 'shortText', label: 'Company', own: { 'shortText.longest': '120' } }

/** A lead of the form and the company it answered, from a visit of the nrf27 campaign. */
async function sendLead(company: string) {
  await publishForm([...FORM, COMPANY])
  const sent = core()
  const { status, json } = await postForm(
    { ...sent, ...answers(), 'f-company': company },
    await campaignVisit('nrf27'),
  )
  expect(status, JSON.stringify(json)).toBe(202)
  return { id: json.id!, name: sent.name, email: sent.email, time: sent.time }
}

const BLOCK = [
  'Which fair?: EuroShop',
  'Stores you run: 12',
  `Consent: Agreed (“${WORDING}”)`,
  'Campaign: nrf27',
  'Event: NRF 2027',
]

describe('a campaign form’s answers, wherever its lead goes', () => {
  it('find the lead in the list’s search, and no longer once it is erased', async () => {
    const word = `Zephyr${crypto.randomUUID().slice(0, 6)}`
    const { id } = await sendLead(`${word} Stores`)
    const found = await adminGet(`/admin/leads?q=${word}`)
    expect(found.body).toContain(`/admin/leads/${id}`)
    // Its label is no answer: a question does not find every lead of its form.
    expect((await adminGet('/admin/leads?q=company')).body).not.toContain(`/admin/leads/${id}`)
    expect((await adminPost(`/admin/leads/${id}/erase`)).response.status).toBe(303)
    expect((await adminGet(`/admin/leads?q=${word}`)).body).not.toContain(`/admin/leads/${id}`)
  })

  it('have a column each in the CSV, guarded against formulas', async () => {
    const { id } = await sendLead('=HYPERLINK("https://evil.example")')
    const csv = (await adminGet('/admin/leads.csv')).body
    const [header, ...rows] = csv.slice(1).split('\r\n')
    const labels = [
      'Which fair?',
      'Stores you run',
      'Consent',
      'Campaign',
      'Event',
      'Company',
      'other answers',
    ]
    expect(header).toMatch(
      new RegExp(`"erased \\(UTC\\)",${labels.map((l) => `"${l.replace('?', '\\?')}"`).join(',')}$`),
    )
    const row = rows.find((line) => line.startsWith(`"${id}"`))!
    expect(row).toContain(
      `"EuroShop","12","Agreed","nrf27","NRF 2027","'=HYPERLINK(""https://evil.example"")",""`,
    )
  })

  it('reach EmailJS in one extra parameter, the spec’s parameters as they are', async () => {
    const lead = await sendLead('Acme Retail')
    const [delivery] = await eventually(async () => {
      const found = (await fakeEmailJs.received(CONFIGURED.serviceId)).filter(
        (r) => r.status === 200 && r.body.template_params?.name === lead.name,
      )
      return found.length ? found : undefined
    })
    expect(JSON.stringify(delivery!.body.template_params)).toBe(
      JSON.stringify({
        title: 'Schedule Call Request',
        name: lead.name,
        time: lead.time,
        message: '',
        phone: '',
        email: lead.email,
        [ANSWERS_PARAMETER]: [...BLOCK, 'Company: Acme Retail'].join('\n'),
      }),
    )
  })

  it('reach the second channel’s e-mail as one readable block', async () => {
    const lead = await sendLead('Acme Retail')
    const record = (await leadRecord(lead.id))!
    const message = salesMessage(
      lead.id,
      { ...record, name: record.name!, email: record.email!, phone: '', inquiry: '', localTime: '' },
      { from: 'leads@example.com', to: ['sales@example.com'] },
    )
    expect(message.text).toContain(`Answers: ${[...BLOCK, 'Company: Acme Retail'].join('\n')}`)
    expect(message.html).toContain('<dt>Answers</dt><dd>Which fair?: EuroShop<br>Stores you run: 12<br>')
  })
})
