/**
 * Every list button of the studio's editor does what it says (issue 57): read from the editor's
 * form as drawn and pressed as a browser without JavaScript presses it (the button's `_op`, the
 * form's fields, to its formaction), on every list of every section type of a landing page and of
 * the home page's sections, each list two items long. Each press answers with the form changed
 * as asked (the list one longer, one shorter, two items swapped, an item copied after itself)
 * and a notice in words, never the same form again in silence.
 */
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { LANDING_TEMPLATES } from '../../../src/content/landing-templates'
import { formTree, type FormNode } from '../../../src/lib/schema-form'
import { schemaAt } from '../../../src/lib/schema-walk'
import {
  pageDocumentSchema,
  SECTION_TYPE_NAMES,
  type ComposedPageDraft,
  type PageSection,
} from '../../../src/schemas/composed-pages'
import { HOME_SECTION_TYPES, homeLayoutSchema } from '../../../src/schemas/home-layout'
import { formFieldsOf } from '../../support/form-fields'
import { FIXTURE_SECTIONS, INTRO_SECTION, twoInEveryList } from '../../support/list-fixture'
import { adminGet, adminPost, noticeOf, openEditor, postEditor } from '../support'
import { formsOf, press } from '../support/forms'

const pageSchema = schemaAt(pageDocumentSchema, 'page')!
const LIST_OP = /^(add|remove|up|down|copy):([\w.]+?)(?::(\w+))?$/
/** The first words of the notice each press answers with. */
const NOTICE = { add: 'Added', copy: 'Duplicated', remove: 'Removed', up: 'Moved up', down: 'Moved down' }

type Items = string[]

/** A list's items in a form's fields, each as its fields under the item (index left out), in order. */
function itemsOf(fields: Record<string, string>, list: string): Items {
  const count = Number(fields[`${list}.@count`] ?? 0)
  return Array.from({ length: count }, (_, i) => {
    const prefix = `${list}.${i}.`
    const own = Object.entries(fields)
      .filter(([name]) => name.startsWith(prefix))
      .map(([name, value]) => [name.slice(prefix.length), value])
      .sort(([a], [b]) => a!.localeCompare(b!))
    return JSON.stringify(own)
  })
}

/** What a list is after `verb` on item `index` (add: at the end). */
function expected(before: Items, verb: string, index: number, op: string): (after: Items) => void {
  return (after) => {
    if (verb === 'add') {
      expect(after, op).toHaveLength(before.length + 1)
      expect(after.slice(0, before.length), op).toEqual(before)
      return
    }
    const next = [...before]
    if (verb === 'copy') next.splice(index + 1, 0, before[index]!)
    if (verb === 'remove') next.splice(index, 1)
    const other = verb === 'up' ? index - 1 : index + 1
    if (verb === 'up' || verb === 'down') [next[index], next[other]] = [next[other]!, next[index]!]
    expect(after, op).toEqual(next)
  }
}

/** The editor's own form at `editor`, as drawn. */
async function editorForm(editor: string) {
  const { response, body } = await adminGet(editor)
  expect(response.status).toBe(200)
  return formsOf(body, editor).find((form) => form.className.includes('studio-form'))!
}

/**
 * Presses each list button of the editor at `editor` the form draws (`only`: those it keeps),
 * each on the form as drawn, and checks its answer; the buttons pressed.
 */
async function pressEach(editor: string, only: (op: string) => boolean = () => true): Promise<string[]> {
  const form = await editorForm(editor)
  const buttons = form.buttons.filter(
    (button) => button.name === '_op' && LIST_OP.test(button.value ?? '') && only(button.value!),
  )
  for (const button of buttons) {
    const op = button.value!
    const [, verb, path, kind] = LIST_OP.exec(op)! as unknown as [
      string,
      keyof typeof NOTICE,
      string,
      string?,
    ]
    const split = verb === 'add' ? undefined : /^(.+)\.(\d+)$/.exec(path)!
    const list = split ? split[1]! : path
    const index = split ? Number(split[2]) : -1
    const answer = await press(form, button)
    expect(answer.response.status, op).toBe(200)
    const drawn = formsOf(answer.body, editor).find((next) => next.className.includes('studio-form'))!
    expected(itemsOf(form.fields, list), verb, index, op)(itemsOf(drawn.fields, list))
    if (kind) expect(drawn.fields[`${list}.${itemsOf(form.fields, list).length}.@kind`], op).toBe(kind)
    const notice = noticeOf(answer.body)
    expect(notice?.role, op).toBe('status')
    expect(notice?.text, op).toMatch(new RegExp(`^${NOTICE[verb]} .*\\w`))
  }
  console.info(`${editor}: ${buttons.length} list buttons pressed`)
  return buttons.map((button) => button.value!)
}

/** Every list of a form tree: its name, length, bounds and section types. */
function listsOf(node: FormNode): Extract<FormNode, { kind: 'list' }>[] {
  switch (node.kind) {
    case 'list':
      return [node, ...node.items.flatMap(listsOf)]
    case 'group':
      return node.children.flatMap(listsOf)
    case 'variant':
      return [
        ...node.shared,
        ...(node.choices.find((choice) => choice.key === node.chosen)?.fields ?? []),
      ].flatMap(listsOf)
    default:
      return []
  }
}

/** The buttons a list of `value` under `schema` must offer: add (each type), copy, move, remove. */
function offered(schema: z.ZodType, value: unknown, root: string, sections: string): string[] {
  return listsOf(formTree(schema, value, root)).flatMap(({ name, items, min, max, kinds }) => {
    const room = items.length < max
    return [
      ...(room ? (kinds ? kinds.map((kind) => `add:${name}:${kind}`) : [`add:${name}`]) : []),
      ...(kinds && room ? [`copy:${name}.0`] : []),
      ...(items.length > 1 ? [`up:${name}.1`, `down:${name}.0`] : []),
      ...(items.length > min ? [`remove:${name}.0`] : []),
    ].filter((op) => name !== sections || !op.startsWith('add:') || op.endsWith(':faq'))
  })
}

/** Makes a landing page (blank), saves `sections` as its draft through the form, and returns its editor. */
async function landingPage(slug: string, sections: PageSection[]) {
  expect((await adminPost('/admin/pages/new', { slug, start: 'blank' })).response.status).toBe(303)
  const editor = `/admin/pages/${slug}`
  const value = twoInEveryList(pageSchema, {
    ...LANDING_TEMPLATES.blank,
    slug,
    sections,
  }) as ComposedPageDraft
  const version = (await openEditor(editor)).fields['@version']!
  const saved = await postEditor(editor, { '@version': version, ...formFieldsOf(pageSchema, value, 'page') })
  expect(saved.response.status, saved.body.match(/studio-error-list[\s\S]*?<\/ul>/)?.[0]).toBe(303)
  return { editor, value }
}

/** On a long page, the list of sections' own buttons are pressed once each: an add, and each verb on its first items. */
function sampled(sections: string) {
  const list = sections.replace(/\./g, '\\.')
  const own = new RegExp(`^(add:${list}:\\w+|\\w+:${list}\\.\\d+)$`)
  const kept = new RegExp(`^(add:${list}:faq|(copy|down|remove):${list}\\.0|up:${list}\\.1)$`)
  return (op: string) => !own.test(op) || kept.test(op)
}

describe('the editor’s list buttons', () => {
  it('add, duplicate, move and remove on every list of every section type of a landing page, each saying what it did', async () => {
    const every = await landingPage('every-list', FIXTURE_SECTIONS)
    const intro = await landingPage('every-list-intro', [
      INTRO_SECTION,
      FIXTURE_SECTIONS.find((section) => 'contact' in section)!,
    ])
    const pressed = [
      ...(await pressEach(every.editor, sampled('page.sections'))),
      ...(await pressEach(intro.editor)),
    ]
    const types = new Set([...every.value.sections, ...intro.value.sections].map((s) => Object.keys(s)[0]))
    expect([...types].sort()).toEqual([...SECTION_TYPE_NAMES].sort())
    const owed = [
      ...offered(pageSchema, every.value, 'page', 'page.sections'),
      ...offered(pageSchema, intro.value, 'page', ''),
    ]
    expect(owed.filter((op) => !pressed.includes(op))).toEqual([])
    // A list inside a section was pressed in each type that has one.
    for (const type of ['hero', 'intro', 'benefits', 'faq', 'logoWall', 'pictureText', 'why'])
      expect(
        pressed.some((op) => new RegExp(`^\\w+:page\\.sections\\.\\d+\\.${type}\\.`).test(op)),
        type,
      ).toBe(true)
  })

  it('do the same in the home page’s sections', async () => {
    const editor = '/admin/content/home-layout'
    const layout = twoInEveryList(
      homeLayoutSchema,
      FIXTURE_SECTIONS.filter((section) => !('richText' in section)),
    ) as PageSection[]
    const version = (await openEditor(editor)).fields['@version']!
    const fields = { '@version': version, ...formFieldsOf(homeLayoutSchema, layout, 'home.layout') }
    expect((await postEditor(editor, fields)).response.status).toBe(303)
    const pressed = await pressEach(editor, sampled('home.layout'))
    expect(new Set(layout.map((s) => Object.keys(s)[0]))).toEqual(
      new Set(HOME_SECTION_TYPES.filter((t) => t !== 'intro')),
    )
    const owed = offered(homeLayoutSchema, layout, 'home.layout', 'home.layout')
    expect(owed.filter((op) => !pressed.includes(op))).toEqual([])
  })
})
