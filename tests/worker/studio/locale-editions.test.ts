/**
 * The studio per locale (docs/locales.md, "The studio per locale"): a document's German edition is
 * its own row, drafts, revisions and stamp share; /de/ shows the repository's German words until one
 * is published, then the published German edition; and publishing German never touches English's
 * edition, its history, nor a cached English page.
 */
import { describe, expect, it } from 'vitest'
import { home } from '../../../src/content/home'
import { copy as de } from '../../../src/content/locales/de'
import { adminGet, callApp, env, openEditor, postEditor, servicesOf, visibleText } from '../support'

const germanHero = de.home.hero

/** A page, twice if need be, until the page cache answers it: its text and the cache's word. */
async function cachedPage(path: string) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const { response, body, settled } = await callApp(path)
    await settled
    if (response.headers.get('X-Page-Cache') === 'hit') return visibleText(body)
  }
  throw new Error(`${path} never came from the page cache`)
}

describe('a German edition in the studio', () => {
  it('/de/ shows the repository’s German words while no German edition is published', async () => {
    const text = visibleText((await callApp('/de/')).body)
    expect(text).toContain(germanHero.title)
    const editor = await openEditor('/admin/content/home-hero@de')
    expect(editor.response.status).toBe(200)
    expect(Object.values(editor.fields)).toContain(germanHero.title)
  })

  it('publishing German shows on /de/ and leaves English’s edition, history and cached page untouched', async () => {
    const { content } = servicesOf().studio
    const english = await content.open('home-hero')
    const saved = await content.save(
      'home-hero',
      { ...(english.ok && english.value!.value), 'home.hero': { ...home.hero, title: 'An English title' } },
      english.ok ? english.value!.version : 0,
      'Ada',
    )
    expect(saved.ok).toBe(true)
    expect((await content.publish('home-hero', saved.ok ? saved.value.version : 0, 'Ada')).ok).toBe(true)
    const englishBefore = await cachedPage('/')
    expect(englishBefore).toContain('An English title')
    const englishRow = () =>
      env.DB.prepare(
        "SELECT published, revision, draft_version FROM content_documents WHERE doc = 'home-hero'",
      ).first()
    const englishRevisions = () =>
      env.DB.prepare("SELECT count(*) AS n FROM content_revisions WHERE doc = 'home-hero'").first('n')
    const [rowBefore, revisionsBefore] = [await englishRow(), await englishRevisions()]

    const editor = await openEditor('/admin/content/home-hero@de')
    const titleField = Object.keys(editor.fields).find((name) => editor.fields[name] === germanHero.title)!
    const posted = await postEditor(
      '/admin/content/home-hero@de/publish',
      { ...editor.fields, [titleField]: 'Ein deutscher Titel aus dem Studio' },
      'publish',
    )
    expect(posted.response.status).toBe(303)

    const german = visibleText((await callApp('/de/')).body)
    expect(german).toContain('Ein deutscher Titel aus dem Studio')
    expect(german).not.toContain(germanHero.title)
    expect(german).toContain(germanHero.eyebrow)
    const row = await env.DB.prepare(
      "SELECT published FROM content_documents WHERE doc = 'home-hero@de'",
    ).first<{ published: string }>()
    expect(JSON.parse(row!.published)).toEqual({ 'home.hero.title': 'Ein deutscher Titel aus dem Studio' })
    // English: the same row, the same history, and its page still served from the cache.
    expect(await englishRow()).toEqual(rowBefore)
    expect(await englishRevisions()).toBe(revisionsBefore)
    const { response, body } = await callApp('/')
    expect(response.headers.get('X-Page-Cache')).toBe('hit')
    expect(visibleText(body)).toContain('An English title')
    // Each history shows its own publishes only.
    const history = visibleText((await adminGet('/admin/content/home-hero@de/history')).body)
    expect(history).toContain('Ein deutscher Titel aus dem Studio')
    expect(history).not.toContain('An English title')
  })
})
