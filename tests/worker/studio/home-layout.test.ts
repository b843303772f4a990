/**
 * The home page's sections as marketing edits them (issue 45), without JavaScript: the
 * repository's layout is the spec's 14 sections in the spec's order; a section moved, hidden or
 * added from the landing pages' library changes `/`; the landing pages' gate keeps the h1 first
 * and one-of-a-kind sections once; and Restore brings the spec's order back.
 */
import { describe, expect, it } from 'vitest'
import { home } from '../../../src/content/home'
import { HOME_PARTS, homeLayoutSchema } from '../../../src/schemas/home-layout'
import { formFieldsOf } from '../../support/form-fields'
import { adminGet, adminPost, callApp, editorFields, openEditor, postEditor, visibleText } from '../support'

const EDITOR = '/admin/content/home-layout'

/** Each section of the editor's form: a home part by its name, an added section by its type. */
const layoutOf = (fields: Record<string, string>) =>
  Object.entries(fields)
    .filter(([name]) => /^home\.layout\.\d+\.@kind$/.test(name))
    .sort(([a], [b]) => Number(a.split('.')[2]) - Number(b.split('.')[2]))
    .map(([name, kind]) => (kind === 'home' ? fields[name.replace('@kind', 'home.part')] : `+${kind}`))

/** The h1 and h2 texts of the home page's main content, in order. */
async function homeHeadings(): Promise<string[]> {
  const { body } = await callApp('/')
  const main = /<main[\s\S]*<\/main>/.exec(body)?.[0] ?? ''
  return [...main.matchAll(/<h([12])\b[^>]*>([\s\S]*?)<\/h\1>/g)].map(
    ([, level, text]) => `h${level} ${visibleText(text!)}`,
  )
}

/** Applies one of the editor's list buttons to `fields`, and returns the form it draws back. */
async function press(op: string, fields: Record<string, string>) {
  const answer = await postEditor(EDITOR, fields, op)
  expect(answer.response.status).toBe(200)
  return editorFields(answer.body)
}

describe('the home page’s sections', () => {
  it('are the spec’s 14 in the spec’s order by default, each named in the editor', async () => {
    const { fields, body } = await openEditor(EDITOR)
    expect(layoutOf(fields)).toEqual([...HOME_PARTS])
    const text = visibleText(body)
    // Each folded section and the outline say which one it is, not only "Home page section".
    for (const name of ['Section 1: Hero', 'Section 11: Blog teaser', 'Section 14: Contact form'])
      expect(text).toContain(name)
    expect(text).not.toContain('Section 1: Home page section')
    expect(body).toMatch(/<option value="brandsGet"[^>]*>What brands get<\/option>/)
    const headings = await homeHeadings()
    expect(headings[0]).toBe(`h1 ${home.hero.title}`)
    expect(headings.at(-1)).toBe(`h2 ${home.contact.title}`)
  })

  it('move, hide and take a library section, change / at once, and Restore brings the spec’s order back', async () => {
    const before = await homeHeadings()
    let { fields } = await openEditor(EDITOR)
    fields = await press('up:home.layout.13', fields) // the contact form above the services
    fields = await press('remove:home.layout.10', fields) // no blog teaser this season
    fields = await press('add:home.layout:faq', fields)
    Object.assign(fields, {
      'home.layout.13.faq.title': 'Questions brands ask us',
      'home.layout.13.faq.tone': 'plain',
      'home.layout.13.faq.items.0.question': 'How long does a store take?',
      'home.layout.13.faq.items.0.answer': 'About five minutes with the builder.',
    })
    expect(layoutOf(fields).slice(9)).toEqual(['why', 'funding', 'contact', 'services', '+faq'])
    const published = await postEditor(EDITOR, fields, 'publish')
    expect(published.response.status).toBe(303)

    const after = await homeHeadings()
    expect(after).not.toContain(`h2 ${home.blog.title}`)
    expect(after.indexOf(`h2 ${home.contact.title}`)).toBeLessThan(after.indexOf(`h2 ${home.services.title}`))
    expect(after.at(-1)).toBe('h2 Questions brands ask us')
    expect((await callApp('/')).body).toContain('"@type":"FAQPage"')

    const history = await adminGet(`${EDITOR}/history`)
    const restore = /action="(\/admin\/content\/home-layout\/history\/repository\/restore)"/.exec(
      history.body,
    )
    expect((await adminPost(restore![1]!)).response.status).toBe(303)
    expect(await homeHeadings()).toEqual(before)
  })

  it('keep the headline first: the hero moved down is refused, next to the section', async () => {
    const { fields } = await openEditor(EDITOR)
    const moved = await press('down:home.layout.0', fields)
    const { response, body } = await postEditor(EDITOR, moved, 'publish')
    expect(response.status).toBe(422)
    const text = visibleText(body)
    expect(text).toContain('Section 1: A page starts with its headline')
    expect(text).toContain('Section 2: A page has one headline, and it is the first section.')
    expect((await homeHeadings())[0]).toBe(`h1 ${home.hero.title}`)
  })

  it('show one contact form and each of their own once: a second is refused', async () => {
    let { fields } = await openEditor(EDITOR)
    fields = await press('copy:home.layout.2', fields) // "What shoppers get" twice
    // A Contact form section of the library beside the home page's own.
    const layout = [...HOME_PARTS.map((part) => ({ home: { part } })), { contact: home.contact }]
    layout.splice(2, 0, { home: { part: 'shoppers' } })
    Object.assign(fields, formFieldsOf(homeLayoutSchema, layout, 'home.layout'))
    const { response, body } = await postEditor(EDITOR, fields, 'publish')
    expect(response.status).toBe(422)
    const text = visibleText(body)
    expect(text).toContain('Section 4: A page can show this section once. Remove this one.')
    expect(text).toContain('Section 16: A page can show this section once. Remove this one.')
    expect(text).not.toContain('Section 15: A page can show')
  })
})
