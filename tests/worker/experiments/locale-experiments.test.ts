/**
 * An experiment on one locale's edition (issue 61): New experiment offers the German editions by
 * name; German visitors at /de/ see the version they are given while the English page never
 * changes (and an experiment on the English document never touches /de/); a lead sent from /de/
 * counts for its arm on the results; Make live publishes the German edition only; a translator
 * runs no experiment.
 */
import { describe, expect, it } from 'vitest'
import { home } from '../../../src/content/home'
import { copy as de } from '../../../src/content/locales/de'
import { fieldKey } from '../../../src/schemas/campaign-form'
import { FORM_PAGE_FIELD } from '../../../src/schemas/campaign-form-rules'
import { LOCALE_FIELD } from '../../../src/schemas/contact-fields'
import { PERSON } from '../support/traffic'
import { exposures, startExperiment, visitorsOfEach } from './experiment-support'
import { sessionAs } from '../support/roles'
import { core, FAIR, FORM, publishForm, SLUG } from '../leads/campaign-form-support'
import {
  documentTrace,
  FAIR_LABEL_PATH,
  GERMAN_EDITOR,
  GERMAN_FORM,
  GERMAN_KEYS,
  GERMAN_PAGE,
  publishGerman,
  translatedForm,
} from '../studio/landing-locale-support'
import {
  adminGet,
  adminPost,
  callApp,
  env,
  ORIGIN,
  postContact,
  postEditor,
  servicesOf,
  tableRows,
  uniqueIpv4,
  validContact,
  visibleText,
} from '../support'

const GERMAN_B = 'Ihr eigener 3D-Store, noch in diesem Quartal'
const ENGLISH_B = 'Open your brand’s own 3D store this quarter'
const RESULTS = 'Visitors, leads and the verdict for each version'

/** Saves a draft of `doc` (the hero, or its German edition) with another title, as an editor does. */
async function saveHeroDraft(doc: 'home-hero' | 'home-hero@de', title: string) {
  const { content } = servicesOf().studio
  await content.lendLocale(doc)
  const opened = await content.open(doc)
  if (!opened.ok || !opened.value) throw new Error(`cannot open ${doc}`)
  const value = opened.value.value
  const changed = { ...value, 'home.hero': { ...(value['home.hero'] as object), title } }
  const saved = await content.save(doc, changed, opened.value.version, 'Ada')
  if (!saved.ok) throw new Error(`not saved: ${saved.error.message}`)
}

/** Makes and starts an experiment on `doc`'s saved draft through the console; its id. */
const experimentOn = (doc: string, name: string) => startExperiment({ name, doc })

/** A person's view of `path` from `ip`, with its exposure counted: the page's text. */
async function view(ip: string, path: string) {
  const page = await callApp(path, { headers: { ...PERSON, 'CF-Connecting-IP': ip } })
  await page.settled
  expect(page.response.status).toBe(200)
  return visibleText(page.body)
}

/** One German visitor of each version: addresses tried at `path` until both versions' words were seen. */
const germanVisitorsOfEachArm = (path = '/de/', [wordsA, wordsB] = [de.home.hero.title, GERMAN_B]) =>
  visitorsOfEach(async (ip) => {
    const text = await view(ip, path)
    return text.includes(wordsB) ? 'b' : text.includes(wordsA) ? 'a' : undefined
  }, uniqueIpv4)

describe('an experiment on a German edition', () => {
  it('is offered by name, shows German visitors their version at /de/, and never changes the English page', async () => {
    await saveHeroDraft('home-hero@de', GERMAN_B)
    // "Test this draft" in the German editor opens New experiment with the German edition chosen.
    const editor = await adminGet('/admin/content/home-hero@de')
    const link = /<a href="([^"]+)"[^>]*>Test this draft on visitors<\/a>/.exec(editor.body)?.[1]
    expect(link).toBe('/admin/experiments?doc=home-hero%40de#new-experiment')
    const list = (await adminGet(link!.replace(/#.*/, ''))).body
    expect(list).toMatch(/<option value="home-hero@de" selected="">Home: hero \(German\)<\/option>/)
    const id = await experimentOn('home-hero@de', 'Hero in German: a shorter headline')
    expect(visibleText((await adminGet('/admin/experiments')).body)).toContain('Home: hero (German)')

    const { a, b } = await germanVisitorsOfEachArm()
    for (let i = 0; i < 2; i++) {
      expect(await view(b, '/de/')).toContain(GERMAN_B)
      expect(await view(a, '/de/')).not.toContain(GERMAN_B)
    }
    const counted = await exposures(id)
    expect(counted.map((row) => row.arm)).toEqual([0, 1])
    // B's visitor on the English page: the live English hero, and no exposure more.
    const english = await view(b, '/')
    expect(english).toContain(home.hero.title)
    expect(english).not.toContain(GERMAN_B)
    expect(await exposures(id)).toEqual(counted)
    // The version's preview is drawn in German, at its German address.
    const preview = await adminGet(`/admin/experiments/${id}/versions/B/preview`)
    expect(visibleText(preview.body)).toContain(GERMAN_B)
    expect(preview.body).toMatch(/<html lang="de"/)
  })

  it('an experiment on the English hero never touches /de/, nor counts a German view', async () => {
    await saveHeroDraft('home-hero', ENGLISH_B)
    const id = await experimentOn('home-hero', 'Hero: a shorter headline')
    for (let i = 0; i < 12; i++) {
      const german = await view(uniqueIpv4(), '/de/')
      expect(german).toContain(de.home.hero.title)
      expect(german).not.toContain(ENGLISH_B)
    }
    expect(await exposures(id)).toEqual([])
  })

  it('credits a lead sent from /de/ to its visitor’s version, on the results', async () => {
    await saveHeroDraft('home-hero@de', GERMAN_B)
    const id = await experimentOn('home-hero@de', 'Hero in German: a shorter headline')
    const { a, b } = await germanVisitorsOfEachArm()
    const send = async (ip: string) => {
      const response = await postContact(JSON.stringify({ ...validContact(), [LOCALE_FIELD]: 'de' }), {
        ip,
        headers: { 'User-Agent': PERSON['User-Agent'], Referer: `${ORIGIN}/de/` },
      })
      expect(response.status).toBe(202)
    }
    await send(b)
    await send(b)
    await send(a)
    const visitors = (await exposures(id)).map((row) => String(row.n))
    const rows = tableRows((await adminGet(`/admin/experiments/${id}`)).body, RESULTS)
    expect(rows.map((row) => row.slice(0, 3))).toEqual([
      ['A', visitors[0], '1'],
      ['B', visitors[1], '2'],
    ])
  })

  it('starts, stops and makes version B live in German only: English’s edition and history untouched', async () => {
    await saveHeroDraft('home-hero', ENGLISH_B)
    await saveHeroDraft('home-hero@de', GERMAN_B)
    const english = await documentTrace('home-hero')
    const id = await experimentOn('home-hero@de', 'Hero in German: a shorter headline')
    const made = await adminPost(`/admin/experiments/${id}/promote`, { arm: '1', confirmed: 'yes' })
    expect(made.response.headers.get('Location')).toBe(`/admin/experiments/${id}?notice=promoted`)
    for (let i = 0; i < 4; i++) {
      const ip = uniqueIpv4()
      expect(await view(ip, '/de/')).toContain(GERMAN_B)
      const live = await view(ip, '/')
      expect(live).toContain(home.hero.title)
      expect(live).not.toContain(ENGLISH_B)
    }
    const german = await env.DB.prepare(
      "SELECT published FROM content_documents WHERE doc = 'home-hero@de'",
    ).first<{ published: string }>()
    expect(JSON.parse(german!.published)).toMatchObject({ 'home.hero.title': GERMAN_B })
    const note = await env.DB.prepare(
      "SELECT note FROM content_revisions WHERE doc = 'home-hero@de' ORDER BY id DESC LIMIT 1",
    ).first<{ note: string }>()
    expect(note?.note).toBe('Experiment “Hero in German: a shorter headline”: arm B')
    // English: its draft still a draft, the same row and the same history.
    expect(await documentTrace('home-hero')).toEqual(english)
  })

  it('refuses a German edition visitors do not see, and a translator runs no experiment', async () => {
    const unseen = await adminPost('/admin/experiments', {
      name: 'A post never translated',
      doc: 'post:blog-1@de',
      split: '50',
      share: '100',
      lift: '25',
    })
    expect(unseen.response.status).toBe(400)
    expect(visibleText(unseen.body)).toContain('Choose the page or section to test from the list.')

    await saveHeroDraft('home-hero@de', GERMAN_B)
    const translator = await sessionAs('translator')
    const editor = await adminGet('/admin/content/home-hero@de', {}, translator)
    expect(editor.response.status).toBe(200)
    expect(visibleText(editor.body)).not.toContain('Test this draft on visitors')
    expect((await adminGet('/admin/experiments', {}, translator)).response.status).toBe(403)
    const made = await adminPost(
      '/admin/experiments',
      { name: 'By a translator', doc: 'home-hero@de', split: '50', share: '100', lift: '25' },
      { cookie: translator },
    )
    expect(made.response.status).toBe(403)
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM experiments').first<{ n: number }>())!.n).toBe(0)
  })
})

describe('an experiment on a landing page’s German edition', () => {
  const FAIR_B = 'Auf welcher Fachmesse treffen wir Sie?'

  it('gives each German visitor their version’s form at /de/<slug>, checks their lead by it and credits it', async () => {
    await publishForm(FORM)
    await publishGerman()
    const list = (await adminGet('/admin/experiments')).body
    expect(list).toContain(
      `<option value="page:${SLUG}@de">Landing page: NRF 2027: our XR stores at booth B12 (German)</option>`,
    )
    // Version B asks the fair in other words, so its form posts another field.
    const draft = { ...(await translatedForm()), [`t.${FAIR_LABEL_PATH}`]: FAIR_B }
    expect((await postEditor(GERMAN_EDITOR, draft, 'save')).response.status).toBe(303)
    const id = await experimentOn(`page:${SLUG}@de`, 'German fair page: the question')
    const { a, b } = await germanVisitorsOfEachArm(GERMAN_PAGE, [GERMAN_FORM[FAIR_LABEL_PATH]!, FAIR_B])
    // The English page is the same for B's visitor.
    const english = await view(b, `/${SLUG}`)
    expect(english).toContain(FAIR.label)
    expect(english).not.toContain(FAIR_B)

    const send = (ip: string, fair: string) =>
      postContact(
        JSON.stringify({
          [FORM_PAGE_FIELD]: SLUG,
          [LOCALE_FIELD]: 'de',
          ...core(),
          [fair]: 'EuroShop in Düsseldorf',
          [GERMAN_KEYS.stores]: '12',
          [GERMAN_KEYS.consent]: 'yes',
        }),
        { ip, headers: { 'User-Agent': PERSON['User-Agent'], Referer: `${ORIGIN}${GERMAN_PAGE}` } },
      )
    // B's visitor posts B's form; A's field from B's visitor is not of the form they were shown.
    expect((await send(b, fieldKey(FAIR_B))).status).toBe(202)
    expect((await send(b, GERMAN_KEYS.fair)).status).toBe(400)
    expect((await send(a, GERMAN_KEYS.fair)).status).toBe(202)
    const visitors = (await exposures(id)).map((row) => String(row.n))
    const rows = tableRows((await adminGet(`/admin/experiments/${id}`)).body, RESULTS)
    // A landing page's test shows who started the form beside the visitors, then the leads.
    expect(rows.map((row) => [row[0], row[1], row[3]])).toEqual([
      ['A', visitors[0], '1'],
      ['B', visitors[1], '1'],
    ])
  })
})
