/**
 * Every list button of the studio's editor does what it says (issue 57): read from the editor's
 * form as drawn and pressed as a browser without JavaScript presses it (the button's `_op`, the
 * form's fields, to its formaction), on every list of every section type of a landing page and of
 * the home page's sections, each list two items long, three sections at a time (the form each
 * press draws is short, which keeps this file fast). Each press answers with the form changed
 * as asked (the list one longer, one shorter, two items swapped, an item copied after itself)
 * and a notice in words, never the same form again in silence. Each test presses about 100 buttons,
 * a press a request: LONG is its hang detector (beside the browser tests it passed 30 s).
 */
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { LANDING_TEMPLATES } from '../../../src/content/landing-templates'
import { formTree, type FormNode } from '../../../src/lib/schema-form'
import { schemaAt } from '../../../src/lib/schema-walk'
import { pageDocumentSchema, SECTION_TYPE_NAMES, type PageSection } from '../../../src/schemas/composed-pages'
import { HOME_SECTION_TYPES, homeLayoutSchema } from '../../../src/schemas/home-layout'
import { formFieldsOf } from '../../support/form-fields'
import { FIXTURE_SECTIONS, INTRO_SECTION, twoInEveryList } from '../../support/list-fixture'
import { adminPost, LONG, noticeOf, openEditor, postEditor } from '../support'
import { formsOf, press, type PageForm } from '../support/forms'

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

/** The editor's own form in a page. */
const studioForm = (html: string, editor: string) =>
  formsOf(html, editor).find((form) => form.className.includes('studio-form'))!

/**
 * The editor at `editor` drawn with `fields` (a value no save needs to pass the gate for: a page
 * with two headlines, a few sections at a time), as its answer to a button that changes nothing.
 */
async function drawnWith(editor: string, fields: Record<string, string>, sections: string) {
  const answer = await postEditor(editor, fields, `up:${sections}.0`)
  expect(answer.response.status).toBe(200)
  expect(noticeOf(answer.body)?.text).toMatch(/^Nothing changed /)
  return studioForm(answer.body, editor)
}

/**
 * Presses each list button `form` draws (`only`: those it keeps), each on the form as drawn, and
 * checks its answer; the buttons pressed.
 */
async function pressEach(form: PageForm, only: (op: string) => boolean): Promise<string[]> {
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
    const drawn = studioForm(answer.body, form.action)
    expected(itemsOf(form.fields, list), verb, index, op)(itemsOf(drawn.fields, list))
    if (kind) expect(drawn.fields[`${list}.${itemsOf(form.fields, list).length}.@kind`], op).toBe(kind)
    const notice = noticeOf(answer.body)
    expect(notice?.role, op).toBe('status')
    expect(notice?.text, op).toMatch(new RegExp(`^${NOTICE[verb]} .*\\w`))
  }
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
function offered(schema: z.ZodType, value: unknown, root: string): string[] {
  return listsOf(formTree(schema, value, root)).flatMap(({ name, items, min, max, kinds }) => {
    const room = items.length < max
    return [
      ...(room ? (kinds ? kinds.map((kind) => `add:${name}:${kind}`) : [`add:${name}`]) : []),
      ...(kinds && room ? [`copy:${name}.0`] : []),
      ...(items.length > 1 ? [`up:${name}.1`, `down:${name}.0`] : []),
      ...(items.length > min ? [`remove:${name}.0`] : []),
    ]
  })
}

/** The buttons of a list of sections itself (not of a list inside a section). */
const ownOps = (sections: string) =>
  new RegExp(`^(add:${sections.replace(/\./g, '\\.')}:\\w+|\\w+:${sections.replace(/\./g, '\\.')}\\.\\d+)$`)

/**
 * A landing page's contact section with a campaign's form whose questions hold lists of their own
 * (a choice's options, the boxes to tick), so the buttons inside each kind of question are pressed
 * too, those of the kinds a question is not yet among them (drawn for a browser without JavaScript).
 */
const withCampaignForm = (sections: PageSection[]): PageSection[] =>
  sections.map((section) =>
    'contact' in section
      ? {
          contact: {
            ...section.contact,
            fields: [
              { label: 'Which fair?', need: 'required', select: { options: ['NRF', 'EuroShop'] } },
              { label: 'Topics', need: 'optional', checkboxes: { options: ['3D stores', 'AR try-on'] } },
            ],
          },
        }
      : section,
  )

/** Every section type with two items in every list, a few at a time: each press draws a short form. */
const CHUNKS = [INTRO_SECTION, ...FIXTURE_SECTIONS].reduce<PageSection[][]>(
  (chunks, section, i) => (i % 3 ? (chunks.at(-1)!.push(section), chunks) : [...chunks, [section]]),
  [],
)

/**
 * Presses every list button of the editor at `editor` for each chunk of sections under `root`
 * (the first chunk's list of sections too; the others' only the lists inside their sections),
 * and checks every button each list owes was pressed; the section types seen.
 */
async function pressEveryList(
  editor: string,
  schema: z.ZodType,
  root: string,
  sections: string,
  valueOf: (chunk: PageSection[]) => unknown,
) {
  const version = (await openEditor(editor)).fields['@version']!
  const own = ownOps(sections)
  const types = new Set<string>()
  let presses = 0
  for (const [i, chunk] of CHUNKS.entries()) {
    const value = twoInEveryList(schema, valueOf(chunk))
    const form = await drawnWith(
      editor,
      { '@version': version, ...formFieldsOf(schema, value, root) },
      sections,
    )
    const only = (op: string) => i === 0 || !own.test(op)
    const pressed = await pressEach(form, only)
    expect(offered(schema, value, root).filter((op) => only(op) && !pressed.includes(op))).toEqual([])
    presses += pressed.length
    for (const section of chunk) types.add(Object.keys(section)[0]!)
  }
  console.info(`${editor}: ${presses} list buttons pressed`)
  return types
}

describe('the editor’s list buttons', () => {
  it(
    'add, duplicate, move and remove on every list of every section type of a landing page, each saying what it did',
    async () => {
      expect(
        (await adminPost('/admin/pages/new', { slug: 'every-list', start: 'blank' })).response.status,
      ).toBe(303)
      const types = await pressEveryList(
        '/admin/pages/every-list',
        pageSchema,
        'page',
        'page.sections',
        (sections) => ({
          ...LANDING_TEMPLATES.blank,
          slug: 'every-list',
          sections: withCampaignForm(sections),
        }),
      )
      expect([...types].sort()).toEqual([...SECTION_TYPE_NAMES].sort())
    },
    LONG,
  )

  it(
    'do the same in the home page’s sections',
    async () => {
      const types = await pressEveryList(
        '/admin/content/home-layout',
        homeLayoutSchema,
        'home.layout',
        'home.layout',
        (sections) => sections.filter((section) => !('richText' in section)),
      )
      expect([...types].filter((type) => type !== 'richText').sort()).toEqual([...HOME_SECTION_TYPES].sort())
    },
    LONG,
  )
})
