/**
 * The agency's file with the German editions of posts and landing pages (docs/locales.md, "Working
 * with a translation agency"; issue 61 item 9): the one file on Site copy carries each post and
 * landing page on the site with the fields its translation editor shows, nothing else; the same file
 * back changes nothing; an edited target is shown first, then saved as the German draft the
 * translation editor opens, with the file's status, the English untouched; a unit for a post or page
 * the site does not have, or for a field that is not translated, is refused in words; a translator
 * of German imports, a translator of no German gets 403.
 */
import { describe, expect, it } from 'vitest'
import { writeXliff, type XliffDocument } from '../../../src/lib/xliff-write'
import { adminGet, env, openEditor, PEOPLE, sessionAs, tableRows, visibleText } from '../support'
import { FORM, publishForm, SLUG } from '../leads/campaign-form-support'
import { documentTrace, FAIR_LABEL_PATH, GERMAN_EDITOR } from './landing-locale-support'
import { download, edited, germanRows, parsed, unitIn, upload } from './xliff-support'

const POST = 'post:blog-1'
const PAGE = `page:${SLUG}`
const POST_EDITOR = '/admin/posts/blog-1@de'
const POST_TITLE = 'XR Store: Information and Benefits'
const GERMAN_TITLE = 'XR-Store: Informationen und Vorteile'
const GERMAN_DESCRIPTION = 'Was ein XR-Store ist und welche Vorteile Marken sehen.'

/** The paths of the fields a translation editor shows (its form's `t.` inputs). */
async function editorPaths(at: string) {
  const { response, fields } = await openEditor(at)
  expect(response.status).toBe(200)
  return Object.keys(fields)
    .filter((name) => name.startsWith('t.'))
    .map((name) => name.slice(2))
    .sort()
}

const unitPaths = (file: XliffDocument, doc: string) =>
  file.files
    .find((one) => one.id === doc)!
    .units.map((unit) => unit.id)
    .sort()

/** The post's title and description, and the page's first question, as the agency translated them. */
const translated = (file: XliffDocument) =>
  edited(
    edited(file, POST, {
      'post.title': { target: GERMAN_TITLE, state: 'final' },
      'post.description': { target: GERMAN_DESCRIPTION, state: 'translated' },
    }),
    PAGE,
    { [FAIR_LABEL_PATH]: { target: 'Welche Messe?', state: 'final' } },
  )

const statusOf = (doc: string, path: string) =>
  env.DB.prepare("SELECT status FROM content_translations WHERE doc = ? AND locale = 'de' AND path = ?")
    .bind(doc, path)
    .first('status')

describe('the agency’s file with posts and landing pages', () => {
  it('carries each post and landing page on the site, the editor’s fields only, and the same file back changes nothing', async () => {
    await publishForm(FORM)
    const { text } = await download()
    const file = parsed(text)
    const ids = file.files.map((one) => one.id)
    expect(ids).toEqual(expect.arrayContaining(['home-hero', POST, 'post:blog-2', 'post:blog-3', PAGE]))
    expect(unitPaths(file, POST)).toEqual(await editorPaths(POST_EDITOR))
    expect(unitPaths(file, PAGE)).toEqual(await editorPaths(GERMAN_EDITOR))
    expect(unitPaths(file, POST)).not.toContain('post.date')
    expect(unitIn(file, POST, 'post.title')).toMatchObject({
      source: POST_TITLE,
      target: undefined,
      state: 'initial',
      meta: { status: 'missing' },
    })
    expect(unitIn(file, PAGE, FAIR_LABEL_PATH)).toMatchObject({ source: 'Which fair?', state: 'initial' })

    const before = await germanRows()
    const checked = await upload(text)
    expect(checked.response.status).toBe(200)
    expect(visibleText(checked.body)).toContain('0 to change')
    expect(visibleText(checked.body)).toContain('Nothing to change')
    expect((await upload(text, { apply: true })).response.status).toBe(200)
    expect(await germanRows()).toEqual(before)
  })

  it('an edited post and page are shown first, then saved as German drafts the translation editor opens, English untouched', async () => {
    await publishForm(FORM)
    const english = [await documentTrace(POST), await documentTrace(PAGE)]
    const text = writeXliff(translated(parsed((await download()).text)))
    const before = await germanRows()
    const checked = await upload(text)
    expect(checked.response.status).toBe(200)
    expect(visibleText(checked.body)).toContain('3 to change')
    expect(tableRows(checked.body, `${POST_TITLE}: what the file changes`)).toEqual([
      [expect.stringContaining('Title'), '—', GERMAN_TITLE, 'Missing → Done'],
      [expect.stringContaining('Description'), '—', GERMAN_DESCRIPTION, 'Missing → Needs review'],
    ])
    expect(visibleText(checked.body)).toContain('Apply 3 changes')
    expect(await germanRows()).toEqual(before)

    const applied = await upload(text, { apply: true })
    expect(applied.response.status).toBe(303)
    const draft = await env.DB.prepare(
      "SELECT draft, published FROM content_documents WHERE doc = 'post:blog-1@de'",
    ).first<{ draft: string; published: string | null }>()
    expect(draft!.published).toBeNull()
    expect(JSON.parse(draft!.draft)).toMatchObject({ 'post.title': GERMAN_TITLE })
    expect([
      await statusOf(POST, 'post.title'),
      await statusOf(POST, 'post.description'),
      await statusOf(PAGE, FAIR_LABEL_PATH),
    ]).toEqual(['done', 'review', 'done'])
    const post = await openEditor(POST_EDITOR)
    expect(post.fields['t.post.title']).toBe(GERMAN_TITLE)
    expect(post.fields['t.post.description']).toBe(GERMAN_DESCRIPTION)
    expect(post.fields['t.post.body']).toBe('')
    expect((await openEditor(GERMAN_EDITOR)).fields[`t.${FAIR_LABEL_PATH}`]).toBe('Welche Messe?')
    expect([await documentTrace(POST), await documentTrace(PAGE)]).toEqual(english)
    const logged = await env.DB.prepare(
      "SELECT subject FROM activity WHERE action = 'translation-imported' ORDER BY subject",
    ).all()
    expect(logged.results).toEqual([{ subject: `${PAGE}@de` }, { subject: 'post:blog-1@de' }])
    expect(visibleText((await upload(text)).body)).toContain('0 to change')
  })

  it('refuses in words a post or page the site does not have, and a field that is not translated', async () => {
    const file = parsed((await download()).text)
    const post = file.files.find((one) => one.id === POST)!
    const title = post.units.find((unit) => unit.id === 'post.title')!
    post.units.push({ ...title, id: 'post.date', target: '2026-01-01' })
    file.files.push(
      { id: 'post:no-such-post', units: [{ ...title, target: 'Kein Beitrag' }] },
      { id: 'page:no-such-page', units: [{ ...title, target: 'Keine Seite' }] },
    )
    const before = await germanRows()
    const checked = await upload(writeXliff(file))
    expect(checked.response.status).toBe(200)
    const nowhere = (path: string) =>
      `No post or landing page is on the site at ${path}, so there is nothing there to translate.`
    expect(tableRows(checked.body, 'What will not be imported')).toEqual([
      [POST_TITLE, expect.stringContaining('Date'), 'This part has no text to translate called “post.date”.'],
      ['/no-such-post', '—', nowhere('/no-such-post')],
      ['/no-such-page', '—', nowhere('/no-such-page')],
    ])
    expect(visibleText(checked.body)).toContain('0 to change')
    expect(await germanRows()).toEqual(before)
  })

  it('a translator of German imports a post’s German; one of no German gets 403', async () => {
    const cookie = await sessionAs('translator')
    const file = parsed((await download(cookie)).text)
    const text = writeXliff(edited(file, POST, { 'post.title': { target: GERMAN_TITLE, state: 'final' } }))
    expect((await upload(text, { apply: true, cookie })).response.status).toBe(303)
    expect((await openEditor(POST_EDITOR, cookie)).fields['t.post.title']).toBe(GERMAN_TITLE)
    // Another locale's file is not theirs: refused by the locale the address names.
    expect((await adminGet('/admin/content/xliff/fr', {}, cookie)).response.status).toBe(403)
    await env.DB.prepare('UPDATE admins SET locales = NULL WHERE id = ?').bind(PEOPLE.translator.id).run()
    try {
      const before = await germanRows()
      const again = text.replace(GERMAN_TITLE, 'Nicht erlaubt')
      const refused = await upload(again, { apply: true, cookie })
      expect(refused.response.status).toBe(403)
      expect(await germanRows()).toEqual(before)
    } finally {
      await env.DB.prepare("UPDATE admins SET locales = 'de' WHERE id = ?").bind(PEOPLE.translator.id).run()
    }
  })
})
