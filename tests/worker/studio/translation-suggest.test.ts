/**
 * "Suggest" in the translation editor (docs/locales.md, "Suggestions"), as a browser without
 * JavaScript posts it, against a stand-in for the Workers AI binding (support/workers-ai.ts): a
 * document's suggestion lands as a draft with every field `machine` and its cost said; a mangled
 * reply is repaired (a name respelt) or refused for its field (a placeholder lost, a name
 * translated); a field's button asks for that field only; with no binding, or the one the tests
 * have (remote bindings off, as under `npm run dev`), the editor says suggestions need Workers AI
 * and nothing changes.
 */
import { describe, expect, it } from 'vitest'
import { home } from '../../../src/content/home'
import type { Bindings } from '../../../src/env'
import { glossary } from '../../../src/content/glossary'
import { adminGet, adminPost, env, openEditor, visibleText } from '../support'
import { machineWords, USAGE, workersAiStandIn } from '../support/workers-ai'

const HERO = '/admin/content/home-hero@de'
const SHOWCASE = '/admin/content/home-showcase@de'

const records = (doc: string) =>
  env.DB.prepare(
    "SELECT path, status FROM content_translations WHERE doc = ? AND locale = 'de' ORDER BY path",
  )
    .bind(doc)
    .all<{ path: string; status: string }>()
    .then(({ results }) => Object.fromEntries(results.map((row) => [row.path, row.status])))
const draftOf = (doc: string) =>
  env.DB.prepare('SELECT draft FROM content_documents WHERE doc = ?').bind(doc).first<string | null>('draft')

/** Presses a Suggest button of the editor at `path` (every field, or `field`'s), then opens where it redirects. */
async function suggest(path: string, overrides: Partial<Bindings>, field?: string) {
  const editor = await openEditor(path)
  const posted = await adminPost(
    `${path}/suggest`,
    { ...editor.fields, ...(field ? { field } : { _op: 'suggest' }) },
    { overrides },
  )
  const location = posted.response.headers.get('Location') ?? ''
  const after = location ? await adminGet(location.replace(/^https?:\/\/[^/]+/, '')) : undefined
  return { before: editor, posted, after, text: visibleText(after?.body ?? '') }
}

describe('suggestions from Workers AI', () => {
  it('a document’s suggestion is saved as its draft, every field a machine translation, with its cost', async () => {
    const ai = workersAiStandIn()
    const { before, posted, after, text } = await suggest(HERO, ai.overrides)
    expect(posted.response.status).toBe(303)
    expect(text).toContain('Suggestion saved as a machine translation')
    expect(text).toContain(`about ${USAGE.total_tokens} tokens`)
    // Every field whose English has words (an empty one, the second button's context, is not asked).
    const paths = Object.keys(before.fields)
      .filter((name) => name.startsWith('t.') && name !== 't.home.hero.ctas.1.context')
      .map((name) => name.slice(2))
    expect(home.hero.ctas[1]!.context ?? '').toBe('')
    expect(paths.length).toBeGreaterThan(3)
    const [request] = ai.received
    expect(ai.received).toHaveLength(1)
    expect(request!.model).toMatch(/instruct/)
    expect(Object.keys(request!.inputs.response_format.json_schema.properties).sort()).toEqual(
      [...paths].sort(),
    )
    expect(request!.inputs.messages[0]!.content).toContain('XR Stores')
    expect(request!.inputs.messages[0]!.content).toContain(glossary.at(-1))
    expect(await records('home-hero')).toEqual(Object.fromEntries(paths.map((path) => [path, 'machine'])))
    const shown = await openEditor(HERO)
    expect(shown.fields['t.home.hero.title']).toBe(machineWords(home.hero.title))
    expect(visibleText(after!.body)).toContain('Machine translation')
  })

  it('a mangled reply is repaired where that is safe and refused for its field otherwise, never saved as it is', async () => {
    const ai = workersAiStandIn((path, english) =>
      path === 'home.stores.position'
        ? '{title}, {current} von insgesamt' // lost {total}
        : path === 'home.stores.items.0.title'
          ? 'Vero Italien' // a demo store's name translated
          : path === 'home.stores.items.1.title'
            ? 'pixel-pals' // the name respelt: put back as the glossary has it
            : machineWords(english),
    )
    const { before, text } = await suggest(SHOWCASE, ai.overrides)
    expect(text).toContain('Some suggestions were left out')
    const shown = await openEditor(SHOWCASE)
    expect(shown.fields['t.home.stores.position']).toBe(before.fields['t.home.stores.position'])
    expect(shown.fields['t.home.stores.items.0.title']).toBe('Vero Italy')
    expect(shown.fields['t.home.stores.items.1.title']).toBe('Pixel Pals')
    const statuses = await records('home-showcase')
    expect(statuses['home.stores.position']).toBeUndefined()
    expect(statuses['home.stores.items.0.title']).toBeUndefined()
    expect(statuses['home.stores.items.1.title']).toBe('machine')
    expect(statuses['home.stores.title']).toBe('machine')
  })

  it('a field’s Suggest asks for that field alone', async () => {
    const ai = workersAiStandIn()
    const { text } = await suggest(HERO, ai.overrides, 'home.hero.title')
    expect(text).toContain('1 of 1 fields now hold a machine suggestion')
    expect(Object.keys(ai.received[0]!.inputs.response_format.json_schema.properties)).toEqual([
      'home.hero.title',
    ])
    expect(await records('home-hero')).toEqual({ 'home.hero.title': 'machine' })
  })

  it('without Workers AI the editor says suggestions need it, and nothing changes', async () => {
    // None at all, and the tests' own binding, which cannot run here (remote bindings off, as in `npm run dev`).
    for (const overrides of [{ AI: undefined }, {}]) {
      const { posted, after, text } = await suggest(HERO, overrides)
      expect(posted.response.status).toBe(303)
      expect(after!.response.status).toBe(200)
      expect(text).toContain('Suggestions need Cloudflare’s Workers AI')
      expect(text).toContain('write the translation by hand')
      expect(await records('home-hero')).toEqual({})
      expect(await draftOf('home-hero@de')).toBeNull()
    }
  })
})
