/**
 * A document kind more is one module (tests/support/event-kind.ts, added through addKindForTest):
 * with no other file changed, the console lists its documents, opens its editor, saves and
 * previews a draft, publishes it to the live site, shows its history and restores an earlier
 * edition. (What content:pull writes of it: tests/unit/content-pull-kind.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentHref } from '../../../src/lib/admin-links'
import { addEventKind, eventDoc, REPOSITORY_EVENTS } from '../../support/event-kind'
import { ADMIN_COOKIE, callApp, env, openEditor, postEditor, SAME_ORIGIN, visibleText } from '../support'

const DOC = eventDoc('nrf-2027')
const EDITOR = documentHref(DOC)
const homeText = async () => visibleText((await callApp('/')).body)

let removeKind: () => void
beforeAll(() => {
  removeKind = addEventKind()
})
afterAll(() => removeKind())

/** Saves the editor's form with the title changed and `op` pressed; the answer's address. */
async function saveTitle(title: string, op: string) {
  const { fields } = await openEditor(EDITOR)
  const saved = await postEditor(EDITOR, { ...fields, 'event.title': title }, op)
  expect(saved.response.status).toBe(303)
  return saved.response.headers.get('Location')
}

describe('a document kind added as one module', () => {
  it('is edited in the console at its own address, from its repository copy', async () => {
    expect(EDITOR).toBe('/admin/content/event%3Anrf-2027')
    const { response, body, fields } = await openEditor(EDITOR)
    expect(response.status).toBe(200)
    expect(fields['event.title']).toBe(REPOSITORY_EVENTS[0]!.title)
    expect(fields['event.city']).toBe('New York')
    expect(visibleText(body)).toContain('Meet us at NRF 2027')
    // A name of the kind the repository does not hold is no document.
    expect(
      (await callApp(documentHref(eventDoc('no-such-event')), { headers: { Cookie: ADMIN_COOKIE } })).response
        .status,
    ).toBe(404)
  })

  it('is listed beside the site copy once it has a draft, and its draft is previewed, never live', async () => {
    const list = async () =>
      visibleText((await callApp('/admin/content', { headers: { Cookie: ADMIN_COOKIE } })).body)
    expect(await list()).not.toContain('Event: nrf-2027')
    expect(await saveTitle('Walk our 3D store at NRF', 'preview')).toBe(`${EDITOR}/preview`)
    const row = await env.DB.prepare('SELECT draft FROM content_documents WHERE doc = ?')
      .bind(DOC)
      .first<{ draft: string }>()
    expect(JSON.parse(row!.draft)).toEqual({ 'event.title': 'Walk our 3D store at NRF' })
    const listed = await callApp('/admin/content', { headers: { Cookie: ADMIN_COOKIE } })
    expect(visibleText(listed.body)).toContain('Event: nrf-2027 Draft')
    expect(listed.body).toContain(`href="${EDITOR}"`)

    const preview = await callApp(`${EDITOR}/preview`, { headers: { Cookie: ADMIN_COOKIE } })
    expect(preview.response.status).toBe(200)
    expect(visibleText(preview.body)).toContain('Preview This is a draft.')
    expect(visibleText(preview.body)).toContain('Walk our 3D store at NRF')
    expect(await homeText()).not.toContain('Walk our 3D store at NRF')
  })

  it('is published to the live site, and Restore puts an earlier edition back', async () => {
    expect(await saveTitle('First event headline', 'publish')).toBe(`${EDITOR}?notice=published`)
    expect(await homeText()).toContain('First event headline')
    await saveTitle('Second event headline', 'publish')
    expect(await homeText()).toContain('Second event headline')

    const history = await callApp(`${EDITOR}/history`, { headers: { Cookie: ADMIN_COOKIE } })
    expect(history.response.status).toBe(200)
    expect(visibleText(history.body)).toContain('First event headline Second event headline')
    const restores = [...history.body.matchAll(/action="([^"]*\/history\/\d+\/restore)"/g)].map(
      (match) => match[1]!,
    )
    expect(restores).toHaveLength(1)
    const restored = await callApp(restores[0]!, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: ADMIN_COOKIE, ...SAME_ORIGIN },
    })
    expect(restored.response.headers.get('Location')).toBe(`${EDITOR}/history?notice=restored`)
    const live = await homeText()
    expect(live).toContain('First event headline')
    expect(live).not.toContain('Second event headline')
  })
})
