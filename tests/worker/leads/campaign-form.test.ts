/**
 * A campaign's form (issue 63), as marketing builds it in the landing page's editor and a visitor
 * posts it: checked against the page's published definition (a field outside it refused by name),
 * the spam rules as on the spec's form, the answers kept with their labels through an edit of the
 * form, shown on the lead page, carried by the CRM webhook's JSON, and gone after Erase. The
 * publish gate refuses a form over 12 visible fields or with two fields of one label.
 */
import { describe, expect, it } from 'vitest'
import { webhookBody } from '../../../src/server/leads/services/lead-webhook'
import { FORM_WORDS } from '../../../src/schemas/campaign-form'
import { FORM_PAGE_FIELD, UNKNOWN_FIELD_MESSAGE } from '../../../src/schemas/campaign-form-rules'
import { CONTACT_SECTION_ID } from '../../../src/schemas/anchors'
import { HONEYPOT_FIELD } from '../../../src/schemas/contact'
import {
  adminGet,
  adminPost,
  freshFormToken,
  leadCount,
  leadRecord,
  openEditor,
  ORIGIN,
  OWN_HEAD,
  postContact,
  postEditor,
  validContact,
  visibleText,
} from '../support'
import {
  answers,
  CAMPAIGN,
  campaignVisit,
  CONSENT,
  core,
  EDITOR,
  type EditorField,
  FAIR,
  FORM,
  postForm,
  publishForm,
  SLUG,
  STORES,
  storedForm,
  withQuestions,
  WORDING,
} from './campaign-form-support'

describe('a campaign’s form', () => {
  it('keeps every answer with its label, the campaign from the visit and the fixed value, and shows them to sales', async () => {
    await publishForm(FORM)
    const cookie = await campaignVisit('nrf27')
    const { status, json } = await postForm({ ...core(), ...answers() }, cookie)
    expect(status, JSON.stringify(json)).toBe(202)
    const lead = await leadRecord(json.id!)
    expect(lead).toMatchObject({ status: 'accepted', pagePath: `/${SLUG}`, utmCampaign: 'nrf27', phone: '' })
    const sent = await storedForm(json.id!)
    expect(sent.page).toBe(`/${SLUG}`)
    expect(sent.fields.map(({ field, value }) => [field.label, value])).toEqual([
      ['Which fair?', 'EuroShop'],
      ['Stores you run', '12'],
      ['Consent', 'yes'],
      ['Campaign', 'nrf27'],
      ['Event', 'NRF 2027'],
    ])
    const page = visibleText((await adminGet(`/admin/leads/${json.id}`)).body)
    expect(page).toContain('What the campaign’s form asked')
    for (const shown of ['Which fair?', 'EuroShop', 'Stores you run', 'nrf27', 'NRF 2027', WORDING])
      expect(page).toContain(shown)
    // The CRM's JSON carries the answers by label, the consent with its exact words.
    const crm = JSON.parse(webhookBody(lead!)) as { fields: unknown[]; utmCampaign: string }
    expect(crm.fields).toEqual([
      { label: 'Which fair?', type: 'select', answer: 'EuroShop' },
      { label: 'Stores you run', type: 'number', answer: '12' },
      { label: 'Consent', type: 'consent', answer: 'Agreed', wording: WORDING },
      { label: 'Campaign', type: 'hidden', answer: 'nrf27' },
      { label: 'Event', type: 'hidden', answer: 'NRF 2027' },
    ])
  })

  it('is drawn by the page’s editor with every question, and saved again unchanged', async () => {
    await publishForm(FORM)
    const drawn = await openEditor(EDITOR)
    for (const label of ['Which fair?', 'EuroShop', 'Stores you run', WORDING, 'NRF 2027'])
      expect(Object.values(drawn.fields)).toContain(label)
    // Each question's kind is asked for as such, not with a link's "Goes to" (which the buttons keep).
    const text = visibleText(drawn.body)
    const count = (words: string) => text.split(words).length - 1
    expect(count('Kind of question')).toBe(count('Must it be answered?'))
    expect(count('Kind of question')).toBeGreaterThan(0)
    expect(count('Goes to')).toBe(count('More words for people who use a screen reader'))
    const first = await postForm({ ...core(), ...answers() }, await campaignVisit('nrf27'))
    expect(first.status).toBe(202)
    const again = await postEditor(EDITOR, drawn.fields, 'publish')
    expect(again.response.status, visibleText(again.body)).toBe(303)
    const second = await postForm({ ...core(), ...answers() }, await campaignVisit('nrf27'))
    expect(second.status, JSON.stringify(second.json)).toBe(202)
    const fields = async (id: string) => (await storedForm(id)).fields.map(({ field }) => field)
    expect(await fields(second.json.id!)).toEqual(await fields(first.json.id!))
  })

  it('refuses a field outside the page’s form, naming it, and stores nothing', async () => {
    await publishForm(FORM)
    const before = await leadCount()
    const extra = await postForm({ ...core(), ...answers(), 'f-colour': 'red', phone: '+44 20 7946 0958' })
    expect(extra.status).toBe(400)
    expect(extra.json.errors).toEqual({ 'f-colour': UNKNOWN_FIELD_MESSAGE, phone: UNKNOWN_FIELD_MESSAGE })
    // A hidden field carrying a fixed value is the server's: a post cannot set it either way.
    const option = await postForm({ ...core(), ...answers(), 'f-which-fair': 'Comic Con' })
    expect(option.status).toBe(400)
    expect(option.json.errors).toEqual({ 'f-which-fair': 'Which fair?: choose one of the options' })
    expect(await leadCount()).toBe(before)
  })

  it('says a required number is missing, and one below its lowest, beside the field', async () => {
    await publishForm(FORM)
    const empty = await postForm({ ...core(), ...answers(), 'f-stores-you-run': '' })
    expect(empty).toMatchObject({
      status: 400,
      json: { errors: { 'f-stores-you-run': 'Stores you run is required' } },
    })
    const low = await postForm({ ...core(), ...answers(), 'f-stores-you-run': '0' })
    expect(low.json.errors).toEqual({ 'f-stores-you-run': 'Stores you run must be at least 1' })
    const unticked = await postForm({ ...core(), ...answers(), 'f-consent': '' })
    expect(unticked.json.errors).toEqual({ 'f-consent': 'Consent is required' })
  })

  it('returns a native post to its own page, the lead kept as from the island', async () => {
    await publishForm(FORM)
    const before = await leadCount()
    const body = new URLSearchParams({ [FORM_PAGE_FIELD]: SLUG, ...core(), ...answers() })
    const response = await postContact(body.toString(), {
      contentType: 'application/x-www-form-urlencoded',
      headers: { Referer: `${ORIGIN}/${SLUG}` },
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe(`/${SLUG}?contact=sent#${CONTACT_SECTION_ID}`)
    expect(await leadCount()).toBe(before + 1)
  })

  it('files a bot on a campaign’s form as spam for the same reasons as on the spec’s form', async () => {
    await publishForm(FORM)
    const bot = { [HONEYPOT_FIELD]: 'https://spam.example' }
    const { formToken: _unused, ...untokened } = core()
    const custom = await postForm({ ...untokened, ...answers(), ...bot })
    const spec = await postContact(JSON.stringify({ ...validContact(), formToken: undefined, ...bot }))
    const specId = ((await spec.json()) as { id: string }).id
    expect(custom.status).toBe(202)
    expect(spec.status).toBe(202)
    const caught = await leadRecord(custom.json.id!)
    expect(caught).toMatchObject({ status: 'spam', spamReasons: 'hidden field filled\nform token missing' })
    expect(caught!.spamReasons).toBe((await leadRecord(specId))!.spamReasons)
    // A replayed token is caught on a campaign's form too.
    const token = freshFormToken()
    expect((await postForm({ ...core(), formToken: token, ...answers() })).status).toBe(202)
    const replay = await postForm({ ...core(), formToken: token, ...answers() })
    expect((await leadRecord(replay.json.id!))?.spamReasons).toBe('form token replayed')
  })

  it('empties every answer on Erase', async () => {
    await publishForm(FORM)
    const { json } = await postForm({ ...core(), ...answers() }, await campaignVisit('nrf27'))
    expect((await leadRecord(json.id!))?.formFields).toContain('EuroShop')
    expect((await adminPost(`/admin/leads/${json.id}/erase`)).response.status).toBe(303)
    const erased = await leadRecord(json.id!)
    expect(erased).toMatchObject({ status: 'erased', formFields: null, name: null, utmCampaign: null })
    const page = visibleText((await adminGet(`/admin/leads/${json.id}`)).body)
    for (const gone of ['Which fair?', 'EuroShop', WORDING]) expect(page).not.toContain(gone)
    // The activity log says how many answers went, never which.
    const activity = visibleText((await adminGet('/admin/activity')).body)
    expect(activity).toContain('with its 5 answers to a campaign’s form')
    expect(activity).not.toContain('EuroShop')
  })

  it('keeps a lead’s labels after the form is edited, and takes the new form’s fields only', async () => {
    await publishForm(FORM)
    const { json } = await postForm({ ...core(), ...answers() })
    const renamed = { ...FAIR, label: 'Which trade fair?' }
    const republished = await postEditor(EDITOR, await withQuestions([renamed, STORES, CONSENT]), 'publish')
    expect(republished.response.status, visibleText(republished.body)).toBe(303)
    const page = visibleText((await adminGet(`/admin/leads/${json.id}`)).body)
    expect(page).toContain('Which fair?')
    expect(page).not.toContain('Which trade fair?')
    const old = await postForm({ ...core(), ...answers() })
    expect(old.json.errors).toMatchObject({ 'f-which-fair': UNKNOWN_FIELD_MESSAGE })
    const { 'f-which-fair': fair, ...rest } = answers()
    const fresh = await postForm({ ...core(), ...rest, 'f-which-trade-fair': fair })
    expect(fresh.status).toBe(202)
    expect((await storedForm(fresh.json.id!)).fields[0]!.field.label).toBe('Which trade fair?')
  })

  it('is refused by the publish gate over 12 visible fields, or with two fields of one label', async () => {
    await adminPost('/admin/pages/new', { slug: SLUG, start: 'campaign' })
    const start = { ...(await openEditor(EDITOR)).fields, ...OWN_HEAD }
    const text = (label: string): EditorField => ({
      type: 'shortText',
      label,
      own: { 'shortText.longest': '80' },
    })
    // Name and e-mail, and 10 more: 12. Hidden fields do not count.
    const ten = Array.from({ length: 10 }, (_, i) => text(`Question ${i + 1}`))
    const twelve = await postEditor(EDITOR, await withQuestions([...ten, CAMPAIGN], { ...start }), 'save')
    expect(twelve.response.status, visibleText(twelve.body)).toBe(303)
    const thirteen = await postEditor(
      EDITOR,
      await withQuestions([...ten, text('Question 11')], { ...start }),
      'publish',
    )
    expect(thirteen.response.status).toBe(422)
    expect(visibleText(thirteen.body)).toContain(FORM_WORDS.tooMany)
    const twice = await postEditor(
      EDITOR,
      await withQuestions([text('Company'), text('company ')], { ...start }),
      'publish',
    )
    expect(twice.response.status).toBe(422)
    expect(visibleText(twice.body)).toContain(FORM_WORDS.sameLabel)
    // The name's own label is taken too.
    const name = await postEditor(EDITOR, await withQuestions([text('Name')], { ...start }), 'publish')
    expect(visibleText(name.body)).toContain(FORM_WORDS.sameLabel)
  })
})
