/**
 * A landing page's German edition (docs/locales.md, "Which pages are in which locale"; issue 61 item
 * 5, issue 63 item 6): chosen on the page's editor, translated field by field beside the English,
 * published on its own at /de/<slug> with hreflang both ways and sitemap alternates; its form asks in
 * German, checks in German and keeps the German consent wording with the lead; an unpublished one is
 * a 404 that the English page does not name; a German publish leaves the English page's row, history
 * and the English pages' cache alone; a changed English label marks its German outdated.
 */
import { describe, expect, it } from 'vitest'
import { FORM_PAGE_FIELD } from '../../../src/schemas/campaign-form-rules'
import {
  adminGet,
  callApp,
  leadRecord,
  openEditor,
  ORIGIN,
  postContact,
  postEditor,
  sessionAs,
  visibleText,
} from '../support'
import { core, EDITOR, FORM, publishForm, SLUG, storedForm } from '../leads/campaign-form-support'
import {
  CONSENT_WORDING_PATH,
  documentTrace,
  FAIR_LABEL_PATH,
  GERMAN_EDITOR,
  GERMAN_KEYS,
  GERMAN_PAGE,
  GERMAN_WORDING,
  hreflangs,
  publishGerman,
  translatedForm,
} from './landing-locale-support'

/** A page, twice if need be, until the page cache answers it. */
async function cachedPage(path: string) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const { response, settled } = await callApp(path)
    await settled
    if (response.headers.get('X-Page-Cache') === 'hit') return
  }
  throw new Error(`${path} never came from the page cache`)
}

/** A JSON post of the German page's form, as its island sends it. */
async function postGerman(body: Record<string, unknown>) {
  const response = await postContact(JSON.stringify({ [FORM_PAGE_FIELD]: SLUG, locale: 'de', ...body }), {
    headers: { Referer: `${ORIGIN}${GERMAN_PAGE}` },
  })
  return {
    status: response.status,
    json: (await response.json()) as { id?: string; errors?: Record<string, string> },
  }
}

describe('a landing page’s German edition', () => {
  it('is a 404 the English page does not name until it is published, then /de/<slug> in German, named both ways', async () => {
    await publishForm(FORM)
    const english = await openEditor(EDITOR)
    // Where a post's editor offers its own: a section of its own, not under More.
    expect(visibleText(english.body)).toMatch(/In other languages.*Add a German version.*More/)
    expect(english.body).toContain(`href="${GERMAN_EDITOR}"`)
    expect((await callApp(GERMAN_PAGE)).response.status).toBe(404)
    // Nothing written yet: its preview says so in its editor, rather than a page not found.
    const empty = (await adminGet(`${GERMAN_EDITOR}/preview`)).response
    expect(empty.status).toBe(303)
    const back = new URL(empty.headers.get('Location')!, ORIGIN)
    expect(back.pathname).toBe(GERMAN_EDITOR)
    expect(visibleText((await adminGet(back.pathname + back.search)).body)).toContain(
      'Nothing to preview yet',
    )
    // A draft is not the site: still a 404, and the English page names no German version.
    expect((await postEditor(GERMAN_EDITOR, await translatedForm())).response.status).toBe(303)
    expect((await callApp(GERMAN_PAGE)).response.status).toBe(404)
    const before = await callApp(`/${SLUG}`)
    expect(hreflangs(before.body).size).toBe(0)
    expect((await callApp('/sitemap.xml')).body).not.toContain(GERMAN_PAGE)

    await publishGerman()
    const german = await callApp(GERMAN_PAGE)
    expect(german.response.status).toBe(200)
    expect(german.body).toMatch(/<html lang="de"/)
    const slashed = (await callApp(`${GERMAN_PAGE}/`)).response
    expect([slashed.status, slashed.headers.get('Location')]).toEqual([301, GERMAN_PAGE])
    const text = visibleText(german.body)
    for (const words of [
      'Welche Messe?',
      'EuroShop in Düsseldorf',
      'Wie viele Filialen betreiben Sie?',
      GERMAN_WORDING,
    ])
      expect(text).toContain(words)
    expect(text).not.toContain('Which fair?')
    const both = new Map([
      ['en', `${ORIGIN}/${SLUG}`],
      ['de', `${ORIGIN}${GERMAN_PAGE}`],
      ['x-default', `${ORIGIN}/${SLUG}`],
    ])
    expect(hreflangs(german.body)).toEqual(both)
    expect(german.body).toContain(`<link rel="canonical" href="${ORIGIN}${GERMAN_PAGE}"/>`)
    const after = await callApp(`/${SLUG}`)
    expect(hreflangs(after.body)).toEqual(both)
    expect(visibleText(after.body)).toContain('Which fair?')
    const sitemap = (await callApp('/sitemap.xml')).body
    const entry = new RegExp(`<url><loc>${ORIGIN}${GERMAN_PAGE}</loc>.*?</url>`).exec(sitemap)?.[0] ?? ''
    expect(entry).toContain(`hreflang="en" href="${ORIGIN}/${SLUG}"`)
    expect(entry).toContain(`hreflang="x-default" href="${ORIGIN}/${SLUG}"`)
    expect((await openEditor(EDITOR)).body).toContain('The German version is on the site at /de/nrf-2027.')
  })

  it('refuses a publish without the consent wording in German, in plain words, and lists machine and outdated fields', async () => {
    await publishForm(FORM)
    const refused = await postEditor(
      `${GERMAN_EDITOR}/publish`,
      await translatedForm([CONSENT_WORDING_PATH]),
      'publish',
    )
    expect(refused.response.status).toBe(422)
    const alert = visibleText(/<div role="alert"[\s\S]*?<\/div>/.exec(refused.body)?.[0] ?? '')
    expect(alert).toContain('Not published: these fields have no translation yet')
    expect(alert).toContain('Contact form')
    expect(alert).not.toContain(CONSENT_WORDING_PATH)
    expect((await callApp(GERMAN_PAGE)).response.status).toBe(404)

    await publishGerman()
    const changed = { ...(await openEditor(EDITOR)).fields, [`${FAIR_LABEL_PATH}`]: 'Which trade fair?' }
    expect((await postEditor(EDITOR, changed, 'publish')).response.status).toBe(303)
    const checked = await postEditor(
      `${GERMAN_EDITOR}/publish`,
      (await openEditor(GERMAN_EDITOR)).fields,
      'publish',
    )
    expect(checked.response.status).toBe(200)
    expect(visibleText(/<div role="alert"[\s\S]*?<\/div>/.exec(checked.body)?.[0] ?? '')).toContain(
      'Check before publishing',
    )
  })

  it('takes a lead in German: German messages, the locale, and the German consent wording as the visitor read it', async () => {
    await publishForm(FORM)
    await publishGerman()
    const answers = {
      [GERMAN_KEYS.fair]: 'EuroShop in Düsseldorf',
      [GERMAN_KEYS.stores]: '12',
      [GERMAN_KEYS.consent]: 'yes',
    }
    const invalid = await postGerman({ ...core(), name: '', ...answers })
    expect(invalid.status).toBe(400)
    expect(invalid.json.errors?.name).toBe('Bitte geben Sie Ihren Namen an')
    // The form's own questions say what is wrong in German too, named by their German labels.
    const empty = await postGerman({ ...core(), ...answers, [GERMAN_KEYS.stores]: '' })
    expect(empty.json.errors?.[GERMAN_KEYS.stores]).toBe(
      'Bitte füllen Sie „Wie viele Filialen betreiben Sie?“ aus',
    )
    const words = await postGerman({ ...core(), ...answers, [GERMAN_KEYS.stores]: 'zwölf' })
    expect(words.json.errors?.[GERMAN_KEYS.stores]).toBe(
      '„Wie viele Filialen betreiben Sie?“ muss eine ganze Zahl sein',
    )
    const sent = await postGerman({ ...core(), ...answers })
    expect(sent.status, JSON.stringify(sent.json)).toBe(202)
    expect((await leadRecord(sent.json.id!))?.locale).toBe('de')
    const form = await storedForm(sent.json.id!)
    expect(form.page).toBe(GERMAN_PAGE)
    const consent = form.fields.find((field) => 'consent' in field.field)!
    expect(consent.field).toMatchObject({ label: 'Einwilligung', consent: { wording: GERMAN_WORDING } })
    expect(consent.value).toBe('yes')
  })

  it('leaves the English page’s row, its history and the English pages’ cache as they were', async () => {
    await publishForm(FORM)
    await cachedPage('/')
    const before = await documentTrace(`page:${SLUG}`)
    await publishGerman()
    expect(await documentTrace(`page:${SLUG}`)).toEqual(before)
    const { response } = await callApp('/')
    expect(response.headers.get('X-Page-Cache')).toBe('hit')
    const history = visibleText((await adminGet(`${EDITOR}/history`)).body)
    expect(history).not.toContain('Welche Messe?')
  })

  it('marks a German field outdated when its English label changes, showing the English it was made from', async () => {
    await publishForm(FORM)
    await publishGerman()
    const changed = { ...(await openEditor(EDITOR)).fields, [FAIR_LABEL_PATH]: 'Which trade fair?' }
    expect((await postEditor(EDITOR, changed, 'publish')).response.status).toBe(303)
    const editor = await openEditor(GERMAN_EDITOR)
    const rows = editor.body.match(/<fieldset[^>]*translation-outdated[\s\S]*?<\/fieldset>/g) ?? []
    expect(rows).toHaveLength(1)
    const row = visibleText(rows[0]!)
    expect(row).toContain('Outdated: the English text changed')
    expect(row).toContain('Which trade fair?')
    expect(row).toContain('Which fair?')
    // The site keeps the German published until it is published again.
    expect(visibleText((await callApp(GERMAN_PAGE)).body)).toContain('Welche Messe?')
  })

  it('is found by a translator on the site copy’s list, saved and previewed in German, never published by them', async () => {
    await publishForm(FORM)
    const cookie = await sessionAs('translator')
    const saved = await postEditor(GERMAN_EDITOR, await translatedForm(), 'save', cookie)
    expect(saved.response.status).toBe(303)
    const list = await adminGet('/admin/content', {}, cookie)
    expect(visibleText(list.body)).toContain(`Landing page /${SLUG}: the German version`)
    expect(list.body).toContain(`href="${GERMAN_EDITOR}"`)
    const preview = await adminGet(`${GERMAN_EDITOR}/preview`, {}, cookie)
    expect(preview.response.status).toBe(200)
    expect(preview.body).toContain('<html lang="de"')
    expect(visibleText(preview.body)).toContain('Welche Messe?')
    const publish = await postEditor(`${GERMAN_EDITOR}/publish`, await translatedForm(), 'publish', cookie)
    expect(publish.response.status).toBe(403)
    expect((await openEditor(EDITOR, cookie)).response.status).toBe(403)
    expect((await callApp(GERMAN_PAGE)).response.status).toBe(404)
  })
})
