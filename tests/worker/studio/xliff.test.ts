/**
 * Working with a translation agency (docs/locales.md): the German translation of the whole site
 * copy downloaded as XLIFF 2.0 and taken back, as a browser without JavaScript does it. The file
 * carries every field, its English, its German and its status; the same file back changes nothing;
 * edited targets and states are shown first (nothing written), then applied as drafts with their
 * statuses, and read back whole; a file or a unit the studio cannot take is refused in words.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { home } from '../../../src/content/home'
import { copy as de } from '../../../src/content/locales/de'
import { writeXliff, type XliffDocument } from '../../../src/lib/xliff-write'
import { sourceHash } from '../../../src/server/studio/services/translation-desk'
import { unitOfField } from '../../../src/server/studio/services/xliff-export'
import { applyImport, planImport } from '../../../src/server/studio/services/xliff-import'
import { assertProperty } from '../../support/fuzz'
import { HOSTILE_STRINGS } from '../../support/hostile-strings'
import { adminGet, env, PEOPLE, servicesOf, sessionAs, tableRows, visibleText } from '../support'
import { download, edited, FILE_AT, germanRows, parsed, unitIn, upload } from './xliff-support'

describe('the German translation as an XLIFF file', () => {
  it('downloads every document, field by field, with its English, German and status', async () => {
    await env.DB.prepare(
      `INSERT INTO content_translations (doc, locale, path, status, source_hash, source, by, at)
       VALUES ('home-hero', 'de', 'home.hero.eyebrow', 'machine', ?, ?, 'suggestion', '2026-01-01')`,
    )
      .bind(await sourceHash(home.hero.eyebrow), home.hero.eyebrow)
      .run()
    const { response, text } = await download()
    expect(response.headers.get('Content-Type')).toBe('application/xliff+xml; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="site-de-\d{4}-\d\d-\d\d\.xlf"$/,
    )
    expect(text).toContain('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0"')
    const file = parsed(text)
    expect(file).toMatchObject({ srcLang: 'en', trgLang: 'de' })
    expect(file.files.map((one) => one.id)).toContain('home-hero')
    const title = unitIn(file, 'home-hero', 'home.hero.title')
    expect(title).toMatchObject({ source: home.hero.title, target: de.home.hero.title, state: 'final' })
    expect(title.meta).toEqual({ status: 'done', 'source-hash': await sourceHash(home.hero.title) })
    const eyebrow = unitIn(file, 'home-hero', 'home.hero.eyebrow')
    expect(eyebrow).toMatchObject({
      state: 'translated',
      subState: 'xrstores:machine',
      meta: { status: 'machine' },
    })
  })

  it('the same file back changes nothing, and its check writes nothing', async () => {
    const { text } = await download()
    const before = await germanRows()
    const checked = await upload(text)
    expect(checked.response.status).toBe(200)
    expect(visibleText(checked.body)).toContain('0 to change')
    expect(visibleText(checked.body)).toContain('Nothing to change')
    expect(checked.body).not.toContain('Apply ')
    const applied = await upload(text, { apply: true })
    expect(applied.response.status).toBe(200)
    expect(await germanRows()).toEqual(before)
  })

  it('edited targets and states: shown first with nothing written, then saved as drafts, and read back whole', async () => {
    const first = parsed((await download()).text)
    const hostile =
      'Neu <b>fett</b> & "zitiert" \'{name}\' **Markdown** [x](https://e.example/?a=1&b=2)\n\tZeile'
    const file = edited(first, 'home-hero', {
      'home.hero.title': { target: hostile },
      'home.hero.eyebrow': { state: 'translated' },
      'home.hero.text': { target: 'Ein neuer Text', state: 'final' },
    })
    const text = writeXliff(file)
    const before = await germanRows()
    const checked = await upload(text)
    expect(checked.response.status).toBe(200)
    expect(visibleText(checked.body)).toContain('3 to change')
    const rows = tableRows(checked.body, 'Home: hero: what the file changes')
    expect(rows).toEqual([
      ['Hero › Eyebrow', de.home.hero.eyebrow, de.home.hero.eyebrow, 'Done → Needs review'],
      ['Hero › Title', de.home.hero.title, hostile.replace(/\s+/g, ' '), 'Done'],
      ['Hero › Text', de.home.hero.text, 'Ein neuer Text', 'Done'],
    ])
    expect(visibleText(checked.body)).toContain('Apply 3 changes')
    expect(await germanRows()).toEqual(before)

    const applied = await upload(text, { apply: true })
    expect(applied.response.status).toBe(303)
    expect(applied.response.headers.get('Location')).toBe('/admin/content?notice=imported&needs=de')
    const draft = await env.DB.prepare(
      "SELECT draft, published FROM content_documents WHERE doc = 'home-hero@de'",
    ).first<{
      draft: string
      published: string | null
    }>()
    expect(draft!.published).toBeNull()
    const status = (path: string) =>
      env.DB.prepare(
        "SELECT status FROM content_translations WHERE doc = 'home-hero' AND locale = 'de' AND path = ?",
      )
        .bind(path)
        .first('status')
    expect([
      await status('home.hero.title'),
      await status('home.hero.eyebrow'),
      await status('home.hero.text'),
    ]).toEqual(['done', 'review', 'done'])
    const logged = await env.DB.prepare(
      "SELECT action, subject FROM activity WHERE action = 'translation-imported'",
    ).all()
    expect(logged.results).toEqual([{ action: 'translation-imported', subject: 'home-hero@de' }])

    // Read back: the three fields as the file said, every other unit as it was.
    const again = parsed((await download()).text)
    expect(unitIn(again, 'home-hero', 'home.hero.title')).toMatchObject({
      target: hostile,
      state: 'final',
    })
    expect(unitIn(again, 'home-hero', 'home.hero.text')).toMatchObject({
      target: 'Ein neuer Text',
      state: 'final',
    })
    expect(unitIn(again, 'home-hero', 'home.hero.eyebrow')).toMatchObject({
      target: de.home.hero.eyebrow,
      state: 'translated',
      meta: { status: 'review' },
    })
    const untouched = (doc: XliffDocument) =>
      doc.files.flatMap((one) =>
        one.units.filter(
          (unit) =>
            one.id !== 'home-hero' ||
            !(unit.id in { 'home.hero.title': 1, 'home.hero.eyebrow': 1, 'home.hero.text': 1 }),
        ),
      )
    expect(untouched(again)).toEqual(untouched(first))
    const twice = await upload(text)
    expect(visibleText(twice.body)).toContain('0 to change')
  })
})

describe('a file the studio cannot take', () => {
  it('lists what it refuses in words and takes the rest', async () => {
    const first = parsed((await download()).text)
    const file = edited(first, 'home-hero', {
      'home.hero.title': { target: '   ' },
      'home.hero.eyebrow': { targetLang: 'fr' },
      'home.hero.text': { target: 'Genommen' },
    })
    const hero = file.files.find((one) => one.id === 'home-hero')!
    hero.units.push({ ...hero.units[0]!, id: 'home.hero.nothing' }, { ...hero.units[2]!, target: 'Zweimal' })
    file.files.push({ id: 'no-such-part', units: [] })
    // The reader's own marks are not written: put the wrong language and a tool's markup in by hand.
    const text = writeXliff(file)
      .replace(/(<unit id="home\.hero\.eyebrow">[\s\S]*?<target xml:lang=")de/, '$1fr')
      .replace(/(<unit id="home\.hero\.ctas\.0\.label">[\s\S]*?<target xml:lang="de">)/, '$1<ph id="1"/>')
    const before = await germanRows()
    const checked = await upload(text)
    expect(checked.response.status).toBe(200)
    const refused = tableRows(checked.body, 'What will not be imported')
    expect(refused).toEqual([
      ['Home: hero', 'Hero › Eyebrow', 'This text is marked as another language than English into German.'],
      ['Home: hero', expect.stringContaining('Label'), expect.stringContaining('tags the site cannot take')],
      ['Home: hero', 'Hero › Nothing', 'This part has no text to translate called “home.hero.nothing”.'],
      ['Home: hero', 'Hero › Text', 'This text is in the file twice; the first one is used.'],
      ['Home: hero', 'Hero › Title', 'This text cannot be saved: Write something here.'],
      ['no-such-part', '—', 'This site has no part called “no-such-part”.'],
    ])
    expect(visibleText(checked.body)).toContain('1 to change')
    expect(await germanRows()).toEqual(before)
  })

  it('refuses a file that is not XLIFF 2, or not English into German, or too large, in words', async () => {
    const text = (await download()).text
    const before = await germanRows()
    const broken = await upload(text.replace('</file>', '</fil>'))
    expect(broken.response.status).toBe(400)
    expect(visibleText(broken.body)).toMatch(/This file cannot be read as XLIFF 2\. .*closed by another/)
    const french = await upload(text.replace('trgLang="de"', 'trgLang="fr"'))
    expect(french.response.status).toBe(400)
    expect(visibleText(french.body)).toContain(
      'This file is a translation from en into fr, but this page takes English into German.',
    )
    const empty = await upload('')
    expect(empty.response.status).toBe(400)
    expect(visibleText(empty.body)).toContain('Choose the file the agency sent back.')
    const huge = await upload(text.replace('</xliff>', `<!-- ${'x'.repeat(2 * 1024 * 1024)} --></xliff>`))
    expect(huge.response.status).toBe(413)
    expect(visibleText(huge.body)).toContain('This file is larger than 2 MB')
    expect(await germanRows()).toEqual(before)
  })
})

describe('a translator', () => {
  it('imports into their own locale, and gets 403 in one that is not theirs', async () => {
    const cookie = await sessionAs('translator')
    const text = writeXliff(
      edited(parsed((await download(cookie)).text), 'home-hero', {
        'home.hero.text': { target: 'Vom Büro' },
      }),
    )
    const applied = await upload(text, { apply: true, cookie })
    expect(applied.response.status).toBe(303)
    const logged = await env.DB.prepare(
      "SELECT actor FROM activity WHERE action = 'translation-imported'",
    ).first('actor')
    expect(logged).toBe(PEOPLE.translator.name)
    await env.DB.prepare('UPDATE admins SET locales = NULL WHERE id = ?').bind(PEOPLE.translator.id).run()
    try {
      const before = await germanRows()
      expect((await adminGet(FILE_AT, {}, cookie)).response.status).toBe(403)
      const refused = await upload(text.replace('Vom Büro', 'Nicht erlaubt'), { apply: true, cookie })
      expect(refused.response.status).toBe(403)
      expect(visibleText(refused.body)).toContain('Admin, Editor, and translators of German')
      expect(await germanRows()).toEqual(before)
    } finally {
      await env.DB.prepare("UPDATE admins SET locales = 'de' WHERE id = ?").bind(PEOPLE.translator.id).run()
    }
  })
})

describe('export, then import, is the identity', () => {
  const hostile = fc
    .array(fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 6 })), { maxLength: 10 })
    .map((parts) => `A${parts.join('')}Z`)

  it('a field’s words from the agency’s file land in the draft byte for byte, and export as they landed', async () => {
    const { studio } = servicesOf()
    const desk = await studio.translations()
    // The export's own units, of the one document the property changes (the whole copy's file costs 15 times as much).
    const exported = async () => {
      const sheet = await desk.sheet('home-hero', 'de')
      if (!sheet.ok || !sheet.value) throw new Error('no German hero')
      return writeXliff({
        srcLang: 'en',
        trgLang: 'de',
        files: [{ id: 'home-hero', units: sheet.value.fields.map(unitOfField) }],
      })
    }
    const plan = async (text: string) => {
      const planned = await planImport(desk, studio.content, text, 'de')
      if (!planned.ok) throw new Error('the file was refused')
      return planned.value
    }
    await assertProperty(
      fc.asyncProperty(hostile, async (words) => {
        const file = edited(parsed(await exported()), 'home-hero', { 'home.hero.text': { target: words } })
        const planned = await plan(writeXliff(file))
        expect(planned.refused).toEqual([])
        const applied = await applyImport(desk, studio.content, planned, 'de', 'Ada')
        expect(applied.ok).toBe(true)
        const again = await exported()
        expect(unitIn(parsed(again), 'home-hero', 'home.hero.text').target).toBe(words)
        expect((await plan(again)).changed).toBe(0)
      }),
      25,
      import.meta.url,
    )
  }, 60_000)
})
