/**
 * The studio's editor, as a browser without JavaScript uses it: the form generated from a
 * document's schema posts back unchanged, a save is a draft (the live page does not change), a
 * preview shows the draft on the real page (never cached, never indexed), publish makes it live,
 * errors sit beside their fields with what was typed kept, a list's buttons add, move and remove
 * items, a stale save is refused with both drafts shown, a schedule is set and cancelled, and
 * Restore from the history puts an earlier version back.
 */
import { describe, expect, it } from 'vitest'
import { adminCopy } from '../../../src/content/admin'
import { aboutPage as about } from '../../../src/content/pages/about'
import { home } from '../../../src/content/home'
import {
  ADMIN_COOKIE,
  callApp,
  editorFields,
  env,
  noticeOf,
  openEditor,
  PEOPLE,
  postEditor,
  SAME_ORIGIN,
  sessionAs,
  visibleText,
  runScheduledJob,
} from '../support'

const HERO = '/admin/content/home-hero'
const homeText = async () => visibleText((await callApp('/')).body)

describe('the editor form', () => {
  it('is drawn from the schema: every field labelled, its value in place, and posts back as it was', async () => {
    const { response, body, fields } = await openEditor(HERO, await sessionAs('editor'))
    expect(response.status).toBe(200)
    expect(fields['home.hero.title']).toBe(home.hero.title)
    expect(fields['home.hero.ctas.0.label']).toBe(home.hero.ctas[0]?.label)
    expect(fields['home.hero.ctas.0.target.@kind']).toBe('url')
    expect(fields['home.brandStrip.title']).toBe(home.brandStrip.title)
    // Every input has a label that names it.
    for (const [, id] of body.matchAll(/<(?:input|textarea|select)[^>]*\sid="(f-[^"]+)"/g))
      expect(body, id).toContain(`for="${id}"`)
    const saved = await postEditor(HERO, fields)
    expect(saved.response.status).toBe(303)
    const row = await env.DB.prepare("SELECT draft FROM content_documents WHERE doc = 'home-hero'").first<{
      draft: string
    }>()
    expect(JSON.parse(row!.draft)).toEqual({})
  })

  it('saves a draft the live page does not show; Preview shows it on the real page, never cached or indexed; Publish makes it live', async () => {
    const { fields } = await openEditor(HERO)
    const draft = await postEditor(
      HERO,
      { ...fields, 'home.hero.title': 'A store your shoppers walk into' },
      'preview',
    )
    expect(draft.response.status).toBe(303)
    expect(draft.response.headers.get('Location')).toBe(`${HERO}/preview`)
    expect(await homeText()).toContain(home.hero.title)

    const preview = await callApp(`${HERO}/preview`, { headers: { Cookie: ADMIN_COOKIE } })
    expect(preview.response.status).toBe(200)
    expect(preview.response.headers.get('Cache-Control')).toBe('no-store')
    expect(preview.response.headers.get('X-Robots-Tag')).toBe('noindex, nofollow')
    expect(preview.body).not.toContain('speculationrules')
    const text = visibleText(preview.body)
    expect(text).toContain('A store your shoppers walk into')
    expect(text).toContain('Preview This is a draft.')
    expect(text).toContain(home.brandStrip.title)
    // A stranger cannot open a preview.
    const stranger = await callApp(`${HERO}/preview`, { redirect: 'manual' })
    expect(stranger.response.status).toBe(303)

    const { fields: again } = await openEditor(HERO)
    expect(again['home.hero.title']).toBe('A store your shoppers walk into')
    const published = await postEditor(HERO, again, 'publish')
    expect(published.response.headers.get('Location')).toBe(`${HERO}?notice=published`)
    const live = await homeText()
    expect(live).toContain('A store your shoppers walk into')
    expect(live).not.toContain(home.hero.title)
    const activity = await env.DB.prepare(
      "SELECT actor, subject FROM activity WHERE action = 'content-published'",
    ).first()
    expect(activity).toEqual({ actor: 'admin', subject: 'home-hero' })
  })

  it('says what is wrong beside each field, in plain words, and keeps what was typed', async () => {
    const { fields } = await openEditor(HERO)
    const { response, body } = await postEditor(HERO, {
      ...fields,
      'home.hero.title': '   ',
      'home.hero.eyebrow': 'Typed and kept',
      'home.hero.ctas.1.target.url': 'http://not-https.example',
    })
    expect(response.status).toBe(422)
    expect(body).toContain('value="Typed and kept"')
    const title = /<input[^>]*name="home\.hero\.title"[^>]*>/.exec(body)![0]
    expect(title).toContain('aria-invalid="true"')
    expect(title).toContain('aria-describedby="f-home-hero-title-error"')
    expect(body).toMatch(/id="f-home-hero-title-error" class="field-error">Write something here\.</)
    expect(body).toMatch(
      /id="f-home-hero-ctas-1-target-url-error" class="field-error">An address starting with https:\/\//,
    )
    expect(visibleText(body)).toContain('The draft was not saved')
    expect(body).not.toMatch(/Too small|Invalid input|expected string/)
    expect(await env.DB.prepare("SELECT 1 FROM content_documents WHERE doc = 'home-hero'").first()).toBeNull()
  })

  it('adds, moves and removes list items with its buttons, saving nothing until Save', async () => {
    const path = '/admin/content/about'
    const { fields } = await openEditor(path)
    const list = 'about.mission.paragraphs'
    expect(fields[`${list}.@count`]).toBe(String(about.mission.paragraphs.length))
    const added = await postEditor(path, fields, `add:${list}`)
    expect(added.response.status).toBe(200)
    const withNew = editorFields(added.body)
    expect(withNew[`${list}.@count`]).toBe('3')
    expect(withNew[`${list}.2`]).toBe('')
    const moved = await postEditor(path, { ...withNew, [`${list}.2`]: 'A third thought.' }, `up:${list}.2`)
    const afterMove = editorFields(moved.body)
    expect(afterMove[`${list}.1`]).toBe('A third thought.')
    expect(afterMove[`${list}.2`]).toBe(about.mission.paragraphs[1])
    const removed = await postEditor(path, afterMove, `remove:${list}.0`)
    const afterRemove = editorFields(removed.body)
    expect(afterRemove[`${list}.@count`]).toBe('2')
    expect(afterRemove[`${list}.0`]).toBe('A third thought.')
    expect(await env.DB.prepare("SELECT 1 FROM content_documents WHERE doc = 'about'").first()).toBeNull()
    expect((await postEditor(path, afterRemove)).response.status).toBe(303)
    const row = await env.DB.prepare("SELECT draft FROM content_documents WHERE doc = 'about'").first<{
      draft: string
    }>()
    expect(JSON.parse(row!.draft)).toEqual({
      [list]: ['A third thought.', about.mission.paragraphs[1]],
    })
  })
})

describe('two people editing one document', () => {
  it('refuses the second save, shows both drafts, and overwrites nothing', async () => {
    const { fields } = await openEditor(HERO)
    const { fields: theirs } = await openEditor(HERO, await sessionAs('editor'))
    expect((await postEditor(HERO, { ...theirs, 'home.hero.title': 'Their headline' })).response.status).toBe(
      303,
    )
    const mine = await postEditor(HERO, { ...fields, 'home.hero.title': 'My headline' })
    expect(mine.response.status).toBe(409)
    const text = visibleText(mine.body)
    expect(text).toContain('Someone else saved this since you opened it')
    expect(text).toContain('Their headline')
    expect(text).toContain('My headline')
    const row = await env.DB.prepare("SELECT draft FROM content_documents WHERE doc = 'home-hero'").first<{
      draft: string
    }>()
    expect(JSON.parse(row!.draft)).toEqual({ 'home.hero.title': 'Their headline' })
    // The form now carries their version: saving again is a choice, and goes through.
    expect((await postEditor(HERO, editorFields(mine.body))).response.status).toBe(303)
  })
})

describe('schedule and history', () => {
  it('schedules a publish at a time ahead, refuses one in the past, and cancels', async () => {
    const { fields } = await openEditor(HERO)
    const past = await postEditor(HERO, { ...fields, '@at': '2020-01-01T09:00' }, 'schedule')
    expect(past.response.headers.get('Location')).toBe(`${HERO}?notice=time`)
    const { fields: next } = await openEditor(HERO)
    const ahead = new Date(Date.now() + 3_600_000).toISOString().slice(0, 16)
    const scheduled = await postEditor(HERO, { ...next, '@at': ahead }, 'schedule')
    expect(scheduled.response.headers.get('Location')).toBe(`${HERO}?notice=scheduled`)
    const row = await env.DB.prepare(
      "SELECT publish_at FROM content_documents WHERE doc = 'home-hero'",
    ).first()
    expect(row).toEqual({ publish_at: `${ahead}:00.000Z` })
    const page = await callApp(HERO, { headers: { Cookie: ADMIN_COOKIE } })
    expect(visibleText(page.body)).toContain('Publishes at')
    const cancelled = await callApp(`${HERO}/cancel`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: ADMIN_COOKIE, ...SAME_ORIGIN },
    })
    expect(cancelled.response.headers.get('Location')).toBe(`${HERO}?notice=cancelled`)
    const after = await env.DB.prepare(
      "SELECT publish_at FROM content_documents WHERE doc = 'home-hero'",
    ).first()
    expect(after).toEqual({ publish_at: null })
  })

  it('publishes the version that was scheduled: a later save ends the schedule and says so', async () => {
    const { fields } = await openEditor(HERO)
    const ahead = new Date(Date.now() + 3_600_000)
    const at = ahead.toISOString().slice(0, 16)
    const scheduled = await postEditor(
      HERO,
      { ...fields, 'home.hero.title': 'Scheduled one', '@at': at },
      'schedule',
    )
    expect(scheduled.response.headers.get('Location')).toBe(`${HERO}?notice=scheduled`)

    // Another editor saves a different headline before the time comes.
    const { fields: later } = await openEditor(HERO, await sessionAs('editor'))
    const saved = await postEditor(
      HERO,
      { ...later, 'home.hero.title': 'Saved later' },
      'save',
      await sessionAs('editor'),
    )
    expect(saved.response.headers.get('Location')).toBe(`${HERO}?notice=savedUnscheduled`)
    const notice = await callApp(`${HERO}?notice=savedUnscheduled`, { headers: { Cookie: ADMIN_COOKIE } })
    expect(noticeOf(notice.body)?.text).toContain(adminCopy.studio.notices.savedUnscheduled.text)

    // The Cron at the scheduled time publishes nothing: neither headline goes live unseen.
    await runScheduledJob('publish', env, ahead.getTime() + 60_000)
    const live = visibleText((await callApp('/')).body)
    expect(live).not.toContain('Saved later')
    expect(live).not.toContain('Scheduled one')
    const log = await env.DB.prepare(
      "SELECT actor, action, detail FROM activity WHERE action = 'content-schedule-cancelled'",
    ).all()
    expect(log.results).toEqual([
      { actor: PEOPLE.editor.name, action: 'content-schedule-cancelled', detail: 'a later save' },
    ])
  })

  it('shows each publish field by field, and Restore puts an earlier one back', async () => {
    for (const title of ['First headline', 'Second headline']) {
      const { fields } = await openEditor(HERO)
      await postEditor(HERO, { ...fields, 'home.hero.title': title }, 'publish')
    }
    const history = await callApp(`${HERO}/history`, { headers: { Cookie: ADMIN_COOKIE } })
    expect(history.response.status).toBe(200)
    const text = visibleText(history.body)
    expect(text).toContain('Hero › Title First headline Second headline')
    expect(text).toContain(`Hero › Title ${home.hero.title} First headline`)
    const first = [
      ...history.body.matchAll(/action="(\/admin\/content\/home-hero\/history\/(\d+)\/restore)"/g),
    ]
    expect(first).toHaveLength(1)
    const restored = await callApp(first[0]![1]!, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: ADMIN_COOKIE, ...SAME_ORIGIN },
    })
    expect(restored.response.headers.get('Location')).toBe(`${HERO}/history?notice=restored`)
    expect(await homeText()).toContain('First headline')
    expect(await homeText()).not.toContain('Second headline')
  })
})
