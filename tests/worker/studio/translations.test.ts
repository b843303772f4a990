/**
 * A translation in the studio (docs/locales.md, "The studio per locale"), as a browser without
 * JavaScript uses it: the English beside the German, field by field, with each field's status; a
 * changed English field marks its German outdated by itself, with the old and the new English; an
 * edit of a machine field needs review; the publish gate refuses a missing required field and shows
 * machine and outdated fields before it publishes them; the content list filters what needs work.
 */
import { describe, expect, it } from 'vitest'
import { home } from '../../../src/content/home'
import { copy as de } from '../../../src/content/locales/de'
import { sourceHash } from '../../../src/server/studio/services/translation-desk'
import {
  adminGet,
  adminPost,
  editorFields,
  env,
  openEditor,
  PEOPLE,
  postEditor,
  servicesOf,
  sessionAs,
  visibleText,
} from '../support'

const EDITOR = '/admin/content/home-hero@de'
const TITLE = 't.home.hero.title'

/** Publishes an English hero title, as an editor does. */
const publishEnglishTitle = (title: string) => publishEnglishHero({ ...home.hero, title })

/** Publishes an English hero, as an editor does. */
async function publishEnglishHero(hero: typeof home.hero) {
  const { content } = servicesOf().studio
  const opened = await content.open('home-hero')
  if (!opened.ok || !opened.value) throw new Error('cannot open home-hero')
  const value = { ...opened.value.value, 'home.hero': hero }
  const saved = await content.save('home-hero', value, opened.value.version, 'Ada')
  if (!saved.ok) throw new Error(saved.error.message)
  await content.publish('home-hero', saved.value.version, 'Ada')
}

const germanRow = () =>
  env.DB.prepare("SELECT published FROM content_documents WHERE doc = 'home-hero@de'").first<{
    published: string | null
  }>()
const statusOf = (path: string) =>
  env.DB.prepare(
    "SELECT status FROM content_translations WHERE doc = 'home-hero' AND locale = 'de' AND path = ?",
  )
    .bind(path)
    .first<string>('status')

describe('a translation beside its English', () => {
  it('shows each field’s English and German, its status, and the document’s progress', async () => {
    const editor = await openEditor(EDITOR)
    expect(editor.response.status).toBe(200)
    const text = visibleText(editor.body)
    expect(text).toContain(home.hero.title)
    expect(editor.fields[TITLE]).toBe(de.home.hero.title)
    expect(text).toContain('German: 100 % done')
    expect(text).not.toContain('Outdated')
  })

  it('a changed English field marks its German outdated, with the old and the new English, until it is done again', async () => {
    await publishEnglishTitle('A new English title')
    const editor = await openEditor(EDITOR)
    const row = /<fieldset[^>]*translation-outdated[\s\S]*?<\/fieldset>/.exec(editor.body)?.[0] ?? ''
    expect(visibleText(row)).toContain('Outdated: the English text changed')
    expect(visibleText(row)).toContain('A new English title')
    expect(visibleText(row)).toContain(home.hero.title)
    expect(visibleText(editor.body)).not.toContain('German: 100 % done')
    const list = visibleText((await adminGet('/admin/content?needs=de')).body)
    expect(list).toContain('Home: hero')
    expect(list).not.toContain('Home: funding banner')

    const saved = await postEditor(EDITOR, {
      ...editor.fields,
      [TITLE]: 'Ein neuer Titel',
      's.home.hero.title': 'done',
    })
    expect(saved.response.status).toBe(303)
    expect(await statusOf('home.hero.title')).toBe('done')
    const after = visibleText((await openEditor(EDITOR)).body)
    expect(after).not.toContain('Outdated')
    expect(after).toContain('German: 100 % done')
  })

  it('an edit of a machine translation makes it need review', async () => {
    await env.DB.prepare(
      `INSERT INTO content_translations (doc, locale, path, status, source_hash, source, by, at)
       VALUES ('home-hero', 'de', 'home.hero.eyebrow', 'machine', ?, ?, 'suggestion', '2026-01-01')`,
    )
      .bind(await sourceHash(home.hero.eyebrow), home.hero.eyebrow)
      .run()
    const editor = await openEditor(EDITOR)
    expect(visibleText(editor.body)).toContain('Machine translation')
    await postEditor(EDITOR, { ...editor.fields, 't.home.hero.eyebrow': 'Von Hand verbessert' })
    expect(await statusOf('home.hero.eyebrow')).toBe('review')
  })

  it('the publish gate refuses a missing required field, and shows outdated ones before publishing them', async () => {
    // The English gains words its German has none for: the second button's context.
    await publishEnglishHero({
      ...home.hero,
      ctas: [home.hero.ctas[0]!, { ...home.hero.ctas[1]!, context: ': two minutes' }],
    })
    const editor = await openEditor(EDITOR)
    expect(visibleText(editor.body)).toContain('Missing')
    const refused = await postEditor(`${EDITOR}/publish`, editor.fields, 'publish')
    expect(refused.response.status).toBe(422)
    const alert = /<div role="alert"[\s\S]*?<\/div>/.exec(refused.body)?.[0] ?? ''
    expect(visibleText(alert)).toContain('Not published: these fields have no translation yet')
    expect(visibleText(alert)).toContain('More words for people who use a screen reader')
    expect((await germanRow())?.published ?? null).toBeNull()
    const written = await postEditor(EDITOR, {
      ...editor.fields,
      't.home.hero.ctas.1.context': ': zwei Minuten',
    })
    expect(written.response.status).toBe(303)

    const titled = await openEditor(EDITOR)
    await postEditor(EDITOR, { ...titled.fields, [TITLE]: 'Ein Titel' })
    await publishEnglishTitle('Another English title')
    const { fields } = await openEditor(EDITOR)
    const checked = await postEditor(`${EDITOR}/publish`, fields, 'publish')
    expect(checked.response.status).toBe(200)
    const check = /<div role="alert"[\s\S]*?<\/div>/.exec(checked.body)?.[0] ?? ''
    expect(visibleText(check)).toContain('Check before publishing')
    expect(visibleText(check)).toContain('Title')
    expect((await germanRow())?.published ?? null).toBeNull()
    // Publish as it is: the check page's own form, which says it was confirmed.
    const again = editorFields(checked.body)
    expect(again.confirm).toBe('yes')
    const confirmed = await postEditor(`${EDITOR}/publish`, again, 'publish')
    expect(confirmed.response.status).toBe(303)
    expect(JSON.parse((await germanRow())!.published!)).toMatchObject({ 'home.hero.title': 'Ein Titel' })
  })
})

describe('a translator', () => {
  it('saves drafts and statuses in their locale, never publishes, never edits English', async () => {
    const cookie = await sessionAs('translator')
    const editor = await openEditor(EDITOR, cookie)
    expect(editor.response.status).toBe(200)
    expect(visibleText(editor.body)).not.toContain('Publish German')
    const saved = await postEditor(
      EDITOR,
      { ...editor.fields, 't.home.hero.text': 'Vom Übersetzer', 's.home.hero.text': 'done' },
      'save',
      cookie,
    )
    expect(saved.response.status).toBe(303)
    expect(await statusOf('home.hero.text')).toBe('done')
    const activity = await env.DB.prepare(
      "SELECT action FROM activity WHERE actor = ? AND subject = 'home-hero@de' ORDER BY id",
    )
      .bind(PEOPLE.translator.name)
      .all<{ action: string }>()
    expect(activity.results.map((row) => row.action)).toEqual(['translation-saved', 'translation-reviewed'])
    // Their draft, previewed on the German page under the Preview bar; the site unchanged.
    const preview = await adminGet(`${EDITOR}/preview`, {}, cookie)
    expect(preview.response.status).toBe(200)
    expect(preview.body).toContain('<html lang="de"')
    expect(visibleText(preview.body)).toContain('Vom Übersetzer')
    const log = visibleText((await adminGet('/admin/activity')).body)
    expect(log).toContain('Set the status of translated fields')

    const before = await germanRow()
    const publish = await postEditor(`${EDITOR}/publish`, editor.fields, 'publish', cookie)
    expect(publish.response.status).toBe(403)
    expect(visibleText(publish.body)).toContain('This part of the console is for: Admin, Editor.')
    expect(await germanRow()).toEqual(before)
    expect((await openEditor('/admin/content/home-hero', cookie)).response.status).toBe(403)
    expect((await postEditor('/admin/content/home-hero', {}, 'save', cookie)).response.status).toBe(403)
  })

  it('finds every part of the site copy linked to its German edition, none to the English they may not open', async () => {
    const cookie = await sessionAs('translator')
    const list = await adminGet('/admin/content', {}, cookie)
    expect(list.response.status).toBe(200)
    const hrefs = [...list.body.matchAll(/href="(\/admin\/content\/[^"?#]+)"/g)].map((match) => match[1])
    expect(hrefs).toContain(EDITOR)
    // Besides the German editions, only the German file for a translation agency.
    expect(hrefs.filter((href) => !href!.endsWith('@de'))).toEqual(['/admin/content/xliff/de'])
    expect(visibleText(list.body)).toContain('Each part of the site opens in German')
    // Every one they follow opens.
    for (const href of new Set(hrefs))
      expect((await adminGet(href!, {}, cookie)).response.status, href).toBe(200)
  })

  it('gets 403 in a locale that is not theirs', async () => {
    const cookie = await sessionAs('translator')
    await env.DB.prepare('UPDATE admins SET locales = NULL WHERE id = ?').bind(PEOPLE.translator.id).run()
    try {
      const page = await openEditor(EDITOR, cookie)
      expect(page.response.status).toBe(403)
      expect(visibleText(page.body)).toContain(
        'This part of the console is for: Admin, Editor, and translators of German.',
      )
      expect((await postEditor(EDITOR, page.fields, 'save', cookie)).response.status).toBe(403)
    } finally {
      await env.DB.prepare("UPDATE admins SET locales = 'de' WHERE id = ?").bind(PEOPLE.translator.id).run()
    }
  })

  it('is given their locales on /admin/team, inviting or changing a role', async () => {
    await sessionAs('editor')
    const changed = await adminPost(`/admin/team/admins/${PEOPLE.editor.id}/role`, {
      role: 'translator',
      locales: 'de',
    })
    expect(changed.response.status).toBe(303)
    const row = await env.DB.prepare('SELECT role, locales FROM admins WHERE id = ?')
      .bind(PEOPLE.editor.id)
      .first()
    expect(row).toEqual({ role: 'translator', locales: 'de' })
    await adminPost(`/admin/team/admins/${PEOPLE.editor.id}/role`, { role: 'editor', locales: 'de' })
    expect(
      await env.DB.prepare('SELECT locales FROM admins WHERE id = ?').bind(PEOPLE.editor.id).first('locales'),
    ).toBeNull()
    const invited = await adminPost('/admin/team/invite', {
      name: 'Greta Germanist',
      role: 'translator',
      locales: 'de',
    })
    expect(invited.response.status).toBe(201)
    expect(
      await env.DB.prepare("SELECT locales FROM invitations WHERE name = 'Greta Germanist'").first('locales'),
    ).toBe('de')
  })
})
