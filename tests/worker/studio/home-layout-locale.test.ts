/**
 * The home page's sections in German (docs/locales.md, "The home page's sections"): the German home
 * follows the English layout as published (a section taken off is gone from /de/ too), a section
 * added from the library is not on /de/ until its German words are published, the German editor
 * asks for exactly those words (the publish gate refuses without them, naming them), and once
 * published the German home shows them while the English home keeps its own.
 */
import { describe, expect, it } from 'vitest'
import { copy as de } from '../../../src/content/locales/de'
import { callApp, editorFields, openEditor, postEditor, visibleText } from '../support'

const EDITOR = '/admin/content/home-layout'
const GERMAN_EDITOR = `${EDITOR}@de`
const FAQ = {
  title: 'Questions brands ask us',
  question: 'How long does a store take?',
  answer: 'About five minutes with the builder.',
}
const GERMAN_FAQ = {
  title: 'Was Marken uns fragen',
  intro: 'Die häufigsten Fragen, kurz beantwortet.',
  question: 'Wie lange dauert ein Shop?',
  answer: 'Etwa fünf Minuten mit dem Baukasten.',
}

const text = async (path: string) => visibleText((await callApp(path)).body)

/** Marketing's English layout: the blog teaser taken off, a library FAQ added at the end (position 13). */
async function publishEnglishLayout() {
  let { fields } = await openEditor(EDITOR)
  for (const op of ['remove:home.layout.10', 'add:home.layout:faq'])
    fields = editorFields((await postEditor(EDITOR, fields, op)).body)
  Object.assign(fields, {
    'home.layout.13.faq.title': FAQ.title,
    'home.layout.13.faq.tone': 'plain',
    'home.layout.13.faq.items.0.question': FAQ.question,
    'home.layout.13.faq.items.0.answer': FAQ.answer,
  })
  expect((await postEditor(EDITOR, fields, 'publish')).response.status).toBe(303)
}

describe('the home page’s sections in German', () => {
  it('follow the English layout; an added section waits for its German words, asked for by name', async () => {
    await publishEnglishLayout()
    const english = await text('/')
    expect(english).toContain(FAQ.title)
    expect(english).not.toContain('From our blog')
    const german = await text('/de/')
    expect(german).toContain(de.home.hero.title)
    expect(german).not.toContain(de.home.blog.title)
    for (const words of Object.values(FAQ)) expect(german).not.toContain(words)

    // The German editor lists the FAQ's words (missing), and the gate refuses without them, naming them.
    const editor = await openEditor(GERMAN_EDITOR)
    expect(editor.response.status).toBe(200)
    const field = (path: string) => `t.home.layout.13.faq.${path}`
    for (const path of ['title', 'intro', 'items.0.question', 'items.0.answer'])
      expect(editor.fields[field(path)], path).toBe('')
    const refused = await postEditor(`${GERMAN_EDITOR}/publish`, editor.fields, 'publish')
    expect(refused.response.status).toBe(422)
    const refusal = visibleText(refused.body)
    expect(refusal).toContain('Questions and answers › Title')
    expect(refusal).not.toContain('Band')
  })

  it('once its German words are published, /de/ shows them and / keeps its English', async () => {
    await publishEnglishLayout()
    const editor = await openEditor(GERMAN_EDITOR)
    const published = await postEditor(
      `${GERMAN_EDITOR}/publish`,
      {
        ...editor.fields,
        't.home.layout.13.faq.title': GERMAN_FAQ.title,
        't.home.layout.13.faq.intro': GERMAN_FAQ.intro,
        't.home.layout.13.faq.items.0.question': GERMAN_FAQ.question,
        't.home.layout.13.faq.items.0.answer': GERMAN_FAQ.answer,
      },
      'publish',
    )
    expect(published.response.status, visibleText(published.body).slice(600, 900)).toBe(303)
    const german = await text('/de/')
    for (const words of Object.values(GERMAN_FAQ)) expect(german).toContain(words)
    expect(german.indexOf(GERMAN_FAQ.title)).toBeGreaterThan(german.indexOf(de.home.services.title))
    const english = await text('/')
    expect(english).toContain(FAQ.title)
    for (const words of Object.values(GERMAN_FAQ)) expect(english).not.toContain(words)
  })
})
