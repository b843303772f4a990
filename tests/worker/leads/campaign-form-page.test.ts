/**
 * A campaign's form as its landing page draws it (issue 63): each field with the native
 * constraint attributes of its definition, the hidden ones filled in by the server (a campaign
 * parameter of the visit's address, the page, a fixed value) and never shared through the page
 * cache; a native post's messages back beside their own fields with the typed answers kept; and
 * the spec's home form exactly as it was, byte for byte.
 */
import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { CHOOSE_OPTION } from '../../../src/islands/CampaignFields'
import { FORM_PAGE_FIELD } from '../../../src/schemas/campaign-form-rules'
import { FORM_WORDS } from '../../../src/schemas/campaign-form'
import { PAGE_HTML_BUDGET_BYTES } from '../../../src/server/studio/services/composed-pages'
import {
  adminPost,
  leadCount,
  openEditor,
  ORIGIN,
  OWN_HEAD,
  postContact,
  postEditor,
  uniqueIpv4,
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
  withQuestions,
  withSettings,
  WORDING,
  type EditorField,
} from './campaign-form-support'

/** The page's form, as served. */
async function formOn(path: string, cookie?: string) {
  const response = await SELF.fetch(`${ORIGIN}${path}`, cookie ? { headers: { Cookie: cookie } } : {})
  const html = await response.text()
  const start = html.indexOf('<form')
  return { response, html, form: html.slice(start, html.indexOf('</form>', start) + 7) }
}

/** The one element of `form` whose name is `name` (the first one, for a group of boxes). */
const element = (form: string, name: string) =>
  new RegExp(`<(input|select|textarea)[^>]*name="${name}"[^>]*>`).exec(form)?.[0] ?? ''

/** The `name=value` pairs a browser sends back from a response's Set-Cookie headers. */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')

/** The spec's home form as it was before campaign forms (its token aside): kept byte for byte. */
const HOME_FORM = [
  '<form noValidate="" class="panel panel-roomy contact-form" action="/api/contact" method="post"><div ',
  'class="field"><label for="_i2-R_0_name" class="field-label">Name</label><input type="text" id="_i2-R',
  '_0_name" required="" maxLength="100" autoComplete="name" class="field-input" name="name" value=""/><',
  '/div><div class="field"><label for="_i2-R_0_email" class="field-label">Email</label><input type="ema',
  'il" id="_i2-R_0_email" required="" maxLength="254" autoComplete="email" class="field-input" name="em',
  'ail" value=""/></div><div class="field"><label for="_i2-R_0_phone" class="field-label">Phone</label>',
  '<input type="tel" id="_i2-R_0_phone" required="" maxLength="40" autoComplete="tel" class="field-inpu',
  't" name="phone" value=""/></div><div class="field"><label for="_i2-R_0_inquiry" class="field-label">',
  'Inquiry</label><textarea rows="5" id="_i2-R_0_inquiry" name="inquiry" required="" maxLength="1500" a',
  'utoComplete="off" class="field-input"></textarea></div><div aria-hidden="true" class="honeypot"><lab',
  'el for="_i2-R_0_website">Leave this field empty</label><input id="_i2-R_0_website" type="text" tabin',
  'dex="-1" autoComplete="off" name="website"/></div><input type="hidden" name="formToken" value="TOKEN',
  '"/><button type="submit" class="btn btn-primary form-submit">Send</button></form>',
].join('')
const HOME_PROPS = [
  '<script type="application/json" data-island-props="i2-">{"copy":{"labels":{"name":"Name","email":"Em',
  'ail","phone":"Phone","inquiry":"Inquiry"},"honeypotLabel":"Leave this field empty","submit":{"idle":',
  '"Send","busy":"Sending..."},"invalidNotice":"Please correct the fields marked below."},"formToken":"',
  'TOKEN"}</script>',
].join('')

describe('a campaign’s form on its landing page', () => {
  it('draws each field with its definition’s native rules, the hidden ones filled in by the server', async () => {
    await publishForm(FORM)
    const { form, response } = await formOn(`/${SLUG}?utm_source=fair&utm_campaign=nrf27`)
    expect(response.status).toBe(200)
    // The name and e-mail as on every form, then the campaign's own fields: no phone, no inquiry.
    expect(element(form, 'name')).toContain('required=""')
    expect(element(form, 'email')).toContain('type="email"')
    expect(element(form, 'phone')).toBe('')
    expect(element(form, 'inquiry')).toBe('')
    expect(element(form, 'f-which-fair')).toMatch(/^<select[^>]*required=""/)
    expect(form).toContain(`<option value="" selected="">${CHOOSE_OPTION}</option>`)
    for (const fair of ['NRF New York', 'EuroShop', 'Retail Expo'])
      expect(form).toContain(`<option value="${fair}">${fair}</option>`)
    const stores = element(form, 'f-stores-you-run')
    for (const attribute of ['type="number"', 'required=""', 'min="1"', 'step="1"'])
      expect(stores).toContain(attribute)
    const consent = element(form, 'f-consent')
    for (const attribute of ['type="checkbox"', 'required=""', 'value="yes"'])
      expect(consent).toContain(attribute)
    expect(form).toContain(WORDING)
    expect(element(form, 'f-campaign')).toMatch(/type="hidden".*value="nrf27"/)
    expect(element(form, 'f-event')).toMatch(/value="NRF 2027"/)
    expect(element(form, FORM_PAGE_FIELD)).toContain(`value="${SLUG}"`)
  })

  it('never shows one visit’s campaign to another through the page cache', async () => {
    await publishForm(FORM)
    const plain = await formOn(`/${SLUG}`)
    expect(element(plain.form, 'f-campaign')).toMatch(/value=""/)
    const tagged = await formOn(`/${SLUG}?utm_campaign=nrf27`)
    expect(element(tagged.form, 'f-campaign')).toMatch(/value="nrf27"/)
    const again = await formOn(`/${SLUG}`)
    expect(again.html).not.toContain('nrf27')
    const other = await formOn(`/${SLUG}?utm_campaign=euroshop`)
    expect(element(other.form, 'f-campaign')).toMatch(/value="euroshop"/)
  })

  it('brings a native post’s messages back beside their fields, the typed answers kept', async () => {
    await publishForm(FORM)
    const before = await leadCount()
    const typed = core()
    const body = new URLSearchParams({
      [FORM_PAGE_FIELD]: SLUG,
      ...typed,
      ...answers(),
      'f-stores-you-run': '',
      'f-consent': '',
    })
    const posted = await postContact(body.toString(), {
      contentType: 'application/x-www-form-urlencoded',
      ip: uniqueIpv4(),
    })
    expect(posted.status).toBe(303)
    const location = posted.headers.get('Location')!
    expect(location).toBe(`/${SLUG}?contact=invalid#sec-contact`)
    expect(await leadCount()).toBe(before)
    const { form } = await formOn(location, cookiesOf(posted))
    const stores = element(form, 'f-stores-you-run')
    const describedBy = /aria-describedby="([^"]+)"/.exec(stores)?.[1]
    expect(stores).toContain('aria-invalid="true"')
    expect(form).toContain(`<p id="${describedBy}" class="field-error">Stores you run is required</p>`)
    expect(form).toContain('Consent is required')
    // What was typed is drawn again: the name, and the fair chosen.
    expect(element(form, 'name')).toContain(`value="${typed.name}"`)
    expect(form).toMatch(/<option value="EuroShop" selected="">EuroShop<\/option>/)
  })

  it('leaves the spec’s home form exactly as it was, byte for byte', async () => {
    const { html } = await formOn('/')
    const token = (text: string) => text.replace(/("formToken"(?: value=|:)")[^"]*"/g, '$1TOKEN"')
    const island = token(html.slice(html.indexOf('<div data-island="ContactForm"')))
    expect(island.slice(island.indexOf('<form'), island.indexOf('</form>') + 7)).toBe(HOME_FORM)
    const props = island.slice(island.indexOf('<script type="application/json"'))
    expect(props.slice(0, props.indexOf('</script>') + 9)).toBe(HOME_PROPS)
  })

  it('says the form’s own success words, or lands on its thank-you page, with JavaScript on or off', async () => {
    const success = 'Thank you! We will see you at the fair.'
    await publishForm(FORM, { success })
    const native = (fields: Record<string, string>) =>
      postContact(new URLSearchParams({ [FORM_PAGE_FIELD]: SLUG, ...fields }).toString(), {
        contentType: 'application/x-www-form-urlencoded',
        ip: uniqueIpv4(),
      })
    const sent = await native({ ...core(), ...answers() })
    expect(sent.headers.get('Location')).toBe(`/${SLUG}?contact=sent#sec-contact`)
    expect((await formOn(sent.headers.get('Location')!, cookiesOf(sent))).form).toContain(success)
    // The island shows the same words, from its props.
    expect((await formOn(`/${SLUG}`)).html).toContain(`"success":"${success}"`)

    const again = withSettings(await withQuestions(FORM), { thanksPage: 'about-us' })
    const republished = await postEditor(EDITOR, again, 'publish')
    expect(republished.response.status, visibleText(republished.body)).toBe(303)
    const thanked = await native({ ...core(), ...answers() })
    expect(thanked.status).toBe(303)
    expect(thanked.headers.get('Location')).toBe('/about-us')
    const island = await postForm({ ...core(), ...answers() })
    expect(island).toMatchObject({ status: 202, json: { next: '/about-us' } })
  })

  it('refuses at the gate a thank-you page the site does not serve, and a form too large', async () => {
    await adminPost('/admin/pages/new', { slug: SLUG, start: 'campaign' })
    const start = { ...(await openEditor(EDITOR)).fields, ...OWN_HEAD }
    const nowhere = await postEditor(
      EDITOR,
      withSettings(await withQuestions(FORM, { ...start }), { thanksPage: 'no-such-page' }),
      'publish',
    )
    expect(nowhere.response.status).toBe(422)
    expect(visibleText(nowhere.body)).toContain('/no-such-page')
    const long = (label: string): EditorField => ({
      type: 'longText',
      label,
      own: { 'longText.longest': '1500' },
    })
    const large = await postEditor(
      EDITOR,
      await withQuestions([long('About you'), long('Your stores'), long('Your plans')], { ...start }),
      'publish',
    )
    expect(large.response.status).toBe(422)
    expect(visibleText(large.body)).toContain(FORM_WORDS.tooLong)
  })

  it('keeps a page whose form adds four fields within its HTML budget', async () => {
    await publishForm(FORM)
    const html = (await formOn(`/${SLUG}?utm_campaign=nrf27`)).html
    const gzipped = await new Response(
      new Blob([html]).stream().pipeThrough(new CompressionStream('gzip')),
    ).arrayBuffer()
    expect(gzipped.byteLength).toBeLessThanOrEqual(PAGE_HTML_BUDGET_BYTES)
  })
})
