/**
 * The contact form in each locale (issue 61 item 8): on /de/ the form posts its locale, the edge
 * checks it with the German messages of the same schema and a native post's messages come back
 * German beside their fields, while the spec's English stays as it is; the lead records its
 * locale, shown on the lead page, in the CSV and in the CRM webhook's JSON; traffic counts views
 * and leads per locale.
 */
import { describe, expect, it } from 'vitest'
import { contact as de } from '../../../src/content/locales/de/contact'
import { webhookMessage } from '../../../src/server/leads/storage/lead-model'
import {
  adminGet,
  callApp,
  consume,
  env,
  freshFormToken,
  leadRecord,
  newWebhook,
  ORIGIN,
  postContact,
  RATE_WINDOW_TEST_TIMEOUT,
  roomInRateWindow,
  tableRows,
  uniqueIpv4,
  validContact,
  visibleText,
} from '../support'
import { PERSON } from '../support/traffic'
import { core, FAIR, postForm as postCampaign, publishForm, SLUG, storedForm } from './campaign-form-support'

const FORM = 'application/x-www-form-urlencoded'
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0ZrKvEgSkN0='

const postForm = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  postContact(new URLSearchParams(fields).toString(), { contentType: FORM, headers })

/** The cookies a browser sends back after a response. */
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')

/** The page a native post returns to, as the browser follows its 303 with the flash cookies. */
async function followed(res: Response): Promise<string> {
  const location = res.headers.get('Location')!
  const page = await callApp(location, { headers: { ...PERSON, Cookie: cookiesOf(res) } })
  expect(page.response.status).toBe(200)
  return page.body
}

/** The message drawn beside a field (`<p id="…name-error" class="field-error">`). */
const fieldError = (html: string, field: string) =>
  new RegExp(`id="[^"]*${field}-error" class="field-error">([^<]*)<`).exec(html)?.[1]

const EMPTY_NAME_AND_PHONE = { name: '', email: 'ada@example.com', phone: '', inquiry: 'Ein 3D-Shop, bitte.' }

describe('the contact form on /de/', () => {
  it('is drawn with the page’s locale as a hidden value and its German words for the island', async () => {
    const { body } = await callApp('/de/', { headers: PERSON })
    expect(body).toContain('<input type="hidden" name="locale" value="de"/>')
    expect(body).toContain(JSON.stringify(de.messages.phone))
    // The English home's form posts no locale: it is the spec's, byte for byte.
    expect((await callApp('/', { headers: PERSON })).body).not.toContain('name="locale"')
  })

  it('brings a native post’s German messages back beside their fields on /de/; English stays the spec’s', async () => {
    const german = await postForm({ ...EMPTY_NAME_AND_PHONE, locale: 'de', formToken: freshFormToken() })
    expect(german.status).toBe(303)
    expect(german.headers.get('Location')).toBe('/de/?contact=invalid#sec-contact')
    const page = await followed(german)
    expect(fieldError(page, 'name')).toBe('Bitte geben Sie Ihren Namen an')
    expect(fieldError(page, 'phone')).toBe('Bitte geben Sie Ihre Telefonnummer an')
    expect(page).not.toContain('Phone number is required')

    const english = await postForm({ ...EMPTY_NAME_AND_PHONE, formToken: freshFormToken() })
    expect(english.headers.get('Location')).toBe('/?contact=invalid#sec-contact')
    const home = await followed(english)
    expect(fieldError(home, 'name')).toBe('Name is required')
    expect(fieldError(home, 'phone')).toBe('Phone number is required')
  })

  it('answers the island’s JSON post with the German messages, and a locale the site has not with the spec’s', async () => {
    const german = await postContact(JSON.stringify({ ...EMPTY_NAME_AND_PHONE, locale: 'de' }))
    expect(german.status).toBe(400)
    expect(await german.json()).toEqual({ errors: { name: de.messages.name, phone: de.messages.phone } })
    const unknown = await postContact(JSON.stringify({ ...EMPTY_NAME_AND_PHONE, locale: 'fr' }))
    expect(await unknown.json()).toEqual({
      errors: { name: 'Name is required', phone: 'Phone number is required' },
    })
  })

  it(
    'says the rate limit in German',
    async () => {
      await roomInRateWindow()
      const ip = uniqueIpv4()
      for (let i = 0; i < 5; i++)
        await postContact(JSON.stringify({ ...validContact(), locale: 'de' }), { ip })
      const limited = await postContact(JSON.stringify({ ...validContact(), locale: 'de' }), { ip })
      expect(limited.status).toBe(429)
      expect(await limited.json()).toEqual({ error: de.rateLimit })
    },
    RATE_WINDOW_TEST_TIMEOUT,
  )
})

describe('a lead sent from /de/', () => {
  async function sendGerman(locale = 'de') {
    const sent = validContact()
    const res = await postContact(JSON.stringify({ ...sent, locale }), {
      headers: { Referer: `${ORIGIN}/de/` },
    })
    expect(res.status).toBe(202)
    return { id: ((await res.json()) as { id: string }).id, sent }
  }

  it('has its locale in D1, on its lead page, in the CSV and in the webhook’s JSON', async () => {
    const { id } = await sendGerman()
    expect((await leadRecord(id))?.locale).toBe('de')

    const page = visibleText((await adminGet(`/admin/leads/${id}`)).body)
    expect(page).toContain('Language German')

    const [header, ...rows] = (await adminGet('/admin/leads.csv')).body.slice(1).split('\r\n')
    // Every field is quoted: split on the quotes' commas (a local time holds a comma of its own).
    const fields = (line: string) => line.slice(1, -1).split('","')
    const row = fields(rows.find((line) => line.startsWith(`"${id}"`))!)
    expect(row[fields(header!).indexOf('locale')]).toBe('de')

    const hook = await newWebhook()
    const overrides = { LEAD_WEBHOOK_URL: hook.url, LEAD_WEBHOOK_SECRET: SECRET }
    await consume(overrides, [{ id: 'msg', timestamp: new Date(), attempts: 1, body: webhookMessage(id) }])
    const [request] = await hook.requests()
    expect(JSON.parse(request!.body)).toMatchObject({ id, locale: 'de' })
  })

  it('is English when its locale is not one of the registry’s, or it names none (a native post too)', async () => {
    const { id } = await sendGerman('xx-evil')
    expect((await leadRecord(id))?.locale).toBe('en')
    const native = validContact()
    const sent = await postForm({ ...native, locale: 'de' })
    expect(sent.headers.get('Location')).toBe('/de/?contact=sent#sec-contact')
    // The notice the page draws once it is back is German too.
    expect(visibleText(await followed(sent))).toContain(`${de.notices.successTitle} ${de.notices.success}`)
    const stored = await env.DB.prepare('SELECT locale FROM leads WHERE name = ?')
      .bind(native.name)
      .first<{ locale: string }>()
    expect(stored?.locale).toBe('de')
  })
})

describe('traffic per locale', () => {
  it('counts a German view and a German lead under German, an English view under English', async () => {
    for (const path of ['/de/', '/de/about-us', '/about-us']) {
      const { response, settled } = await callApp(path, {
        headers: { ...PERSON, 'CF-Connecting-IP': uniqueIpv4() },
      })
      expect(response.status).toBe(200)
      await settled
    }
    const res = await postContact(JSON.stringify({ ...validContact(), locale: 'de' }), {
      headers: { Referer: `${ORIGIN}/de/` },
    })
    expect(res.status).toBe(202)

    const { body } = await adminGet('/admin/traffic?days=7')
    const languages = tableRows(body, 'Languages')
    expect(languages).toContainEqual(['German', '2', '2', '1', '50.0 %'])
    expect(languages).toContainEqual(['English', '1', '1', '0', '0.0 %'])
    const csv = (await adminGet('/admin/traffic.csv?days=7&by=locale')).body.replace(/^\uFEFF/, '')
    expect(csv.split('\r\n')).toEqual(
      expect.arrayContaining(['locale,views,visitors,leads', '"de",2,2,1', '"en",1,1,0']),
    )
  })
})

describe('a campaign form’s hidden field that carries the locale (issue 63 item 1)', () => {
  it('is drawn and kept with the page’s locale, filled by the server whatever was posted in it', async () => {
    await publishForm([FAIR, { type: 'hidden', label: 'Language', own: { 'hidden.carries': 'the locale' } }])
    const page = (await callApp(`/${SLUG}`, { headers: PERSON })).body
    expect(page).toContain('<input type="hidden" name="f-language" value="en"/>')
    const kept = async (body: Record<string, unknown>) => {
      const { status, json } = await postCampaign({ ...core(), 'f-which-fair': 'EuroShop', ...body })
      expect(status, JSON.stringify(json)).toBe(202)
      const { fields } = await storedForm(json.id!)
      return { language: fields.find(({ field }) => field.label === 'Language')?.value, id: json.id! }
    }
    expect((await kept({ 'f-language': 'fr' })).language).toBe('en')
    // A post in German (its form's locale, checked): the lead and its hidden field say German.
    const german = await kept({ 'f-language': 'fr', locale: 'de' })
    expect(german.language).toBe('de')
    expect((await leadRecord(german.id))?.locale).toBe('de')
  })
})
