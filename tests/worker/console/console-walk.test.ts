/**
 * Every console page, walked as an admin without JavaScript (issue 57): from the console's own
 * navigation, each list's first item (a lead, a page, a post, a landing page, a redirect, an
 * experiment, a picture) and the editor of a landing page holding every section type with two
 * items in every list. On each page:
 * - its words are for people: no field name of a schema (`brandStrip`, `received_at`), no
 *   developer term (DEV_TERMS, as whole words, in what the page shows and its labels; attributes
 *   and what a person typed into a field are not read), no copy key left untranslated;
 * - each button of each form that changes nothing for good (NOT_PRESSED says which are left out,
 *   and why) is pressed as a browser presses it, and its answer shows a change or a notice in
 *   words: a redirect to a page with one, or a page that differs from the one pressed on. Of the
 *   editor's list buttons, the first of each kind is pressed here; studio/list-buttons.test.ts
 *   presses every one.
 */
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { adminCopy } from '../../../src/content/admin'
import * as adminRecords from '../../../src/schemas/admin-records'
import { pageDocumentSchema } from '../../../src/schemas/composed-pages'
import { postDocumentSchema } from '../../../src/schemas/posts'
import { siteCopySchema } from '../../../src/schemas/site-copy'
import * as studioRecords from '../../../src/schemas/studio-records'
import { defOf } from '../../../src/lib/schema-walk'
import { schemaAt } from '../../../src/lib/schema-walk'
import { formFieldsOf } from '../../support/form-fields'
import { FIXTURE_SECTIONS, twoInEveryList } from '../../support/list-fixture'
import { LANDING_TEMPLATES } from '../../../src/content/landing-templates'
import {
  ADMIN_COOKIE,
  adminGet,
  adminPost,
  callApp,
  env,
  openEditor,
  pngOf,
  postEditor,
  SAME_ORIGIN,
  storeLead,
  uploadForm,
  visibleText,
} from '../support'
import { formsOf, press, type FormButton, type PageForm } from '../support/forms'

/** Developer words a marketer or salesperson never reads, as whole words. */
const DEV_TERMS = /\b(honeypot|idle|busy|invalid notice|repository|slug|id)\b/i

/**
 * Buttons not pressed, each for its reason: what cannot be undone, or what ends this walk's session.
 * Matched on the form's address or the button's words.
 */
const NOT_PRESSED: { why: string; action?: RegExp; value?: RegExp }[] = [
  { why: 'ends the session the walk uses', action: /\/sign-out(-everywhere)?$/ },
  { why: 'erases a lead for good', action: /\/erase$/ },
  { why: 'deletes a picture or a redirect for good', action: /\/delete$/ },
  { why: 'takes a person’s access or a passkey away', action: /\/remove$/ },
  { why: 'changes the one admin’s own role', action: /\/team\/admins\/[^/]+\/role$/ },
  { why: 'ends an invitation or a share link for good', action: /\/revoke$/ },
  { why: 'forgets a device', action: /\/forget$/ },
]

const pressedNot = (form: PageForm, button: FormButton) =>
  NOT_PRESSED.find(
    ({ action, value }) =>
      (action && action.test((button.formaction ?? form.action).replace(/#.*$/, ''))) ||
      (value && value.test(button.value ?? '')),
  )

/** Every key of the objects under `schema`: the field names a page must never show. */
function keysOf(schema: z.ZodType, into = new Set<string>(), seen = new Set<z.ZodType>()): Set<string> {
  if (seen.has(schema)) return into
  seen.add(schema)
  const def = defOf(schema) as ReturnType<typeof defOf> & { valueType?: z.ZodType; getter?: () => z.ZodType }
  for (const [key, child] of Object.entries(def.shape ?? {})) {
    into.add(key)
    keysOf(child, into, seen)
  }
  for (const child of [def.element, def.innerType, def.in, def.valueType, ...(def.options ?? [])])
    if (child) keysOf(child, into, seen)
  return into
}

const schemas: z.ZodType[] = [siteCopySchema, pageDocumentSchema, postDocumentSchema]
/** Every key of the console's copy (its type is only its shape, schemas/admin-words.ts). */
const copyKeys = (value: unknown): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, item]) => [
        ...(Array.isArray(value) ? [] : [key]),
        ...copyKeys(item),
      ])
    : []
const records = ([...Object.values(adminRecords), ...Object.values(studioRecords)] as unknown[]).filter(
  (value): value is z.ZodType => typeof value === 'object' && value !== null && '_zod' in value,
)
/** The tables' columns, from the migrations the tests apply. */
const columns = (env as unknown as { TEST_MIGRATIONS: { queries: string[] }[] }).TEST_MIGRATIONS.flatMap(
  (migration) => migration.queries.flatMap((query) => query.match(/\b[a-z]+(?:_[a-z0-9]+)+\b/g) ?? []),
)
/** Field names as written in code: camelCase or snake_case, from the schemas of the copy, the documents and the records, and the tables' columns. */
const FIELD_NAMES = [
  ...[...schemas, ...records].flatMap((schema) => [...keysOf(schema)]),
  ...copyKeys(adminCopy),
  ...columns,
].filter((key) => /^[a-z]+(?:[A-Z][a-z0-9]*)+$|^[a-z]+(?:_[a-z0-9]+)+$/.test(key))
const FIELD_NAME = new RegExp(`\\b(${[...new Set(FIELD_NAMES)].join('|')})\\b`)
/** A copy key left as it is: a dotted path of the console's or the site's copy, or a `{placeholder}` not filled. */
const COPY_KEY =
  /\{\w+\}|\b(?:[a-z]+[A-Za-z]*\.){1,}(?:[a-z]+[A-Z][A-Za-z]*|title|text|label|heading|notices?)\b/

/**
 * What a page shows a person: its visible text (each element's words apart), without what a
 * person wrote: what was typed into its fields, and the values a table shows (an address, an
 * e-mail, a field's value before and after).
 */
const shownText = (html: string) =>
  visibleText(
    html
      .replace(/<textarea\b[\s\S]*?<\/textarea>/g, ' ')
      .replace(/<td\b[^>]*class="data-table-long"[^>]*>[\s\S]*?<\/td>/g, ' ')
      .replace(/></g, '> <'),
  )

/** The words of a page a person must not meet, with a little around each. */
function badWords(html: string): string[] {
  const text = shownText(html)
  return [DEV_TERMS, FIELD_NAME, COPY_KEY].flatMap((pattern) => {
    const found = new RegExp(pattern.source, `${pattern.flags}g`)
    return [...text.matchAll(found)].map(
      (match) => `“${match[0]}” in “…${text.slice(Math.max(0, match.index - 50), match.index + 50)}…”`,
    )
  })
}

/** The notice or alert a page says in words, if any. */
function saidInWords(html: string): string | undefined {
  for (const match of html.matchAll(/<(\w+)\b[^>]*\brole="(?:status|alert)"[^>]*>([\s\S]*?)<\/\1>/g)) {
    const words = visibleText(match[2]!)
    if (/\w+\W+\w+/.test(words)) return words
  }
  return undefined
}

/** Addresses of console pages a page links to (no query: a filter or a page of a list is the same page). */
function linksOf(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\shref="(\/admin[^"#?]*)"/g)]
    .map((match) => match[1]!)
    .filter((href) => !/\.csv$|\/preview$|\/sign-out$/.test(href))
}

/** A page's kind: its address with an item's name in place of each part after the second. */
const KEPT = new Set(['new', 'history', 'import', 'missing'])
const kindOfPath = (path: string) =>
  path
    .split('/')
    .map((part, i) => (i >= 3 && !KEPT.has(part) ? ':item' : part))
    .join('/')

const FIXTURE = 'every-list'

/** The walk's world: a lead, a picture, a redirect, an experiment, and the fixture landing page. */
async function seed() {
  await storeLead()
  const uploaded = await callApp('/admin/media', {
    method: 'POST',
    body: uploadForm(await pngOf(1200, 800), 'stand.png', { alt: 'Our stand at the fair' }),
    headers: { Cookie: ADMIN_COOKIE, ...SAME_ORIGIN },
    redirect: 'manual',
  })
  expect(uploaded.response.status).toBe(303)
  expect(
    (await adminPost('/admin/redirects', { from: '/old-fair', to: '/about-us', status: '301' })).response
      .status,
  ).toBe(303)
  const created = await adminPost('/admin/pages/new', { slug: FIXTURE, start: 'blank' })
  expect(created.response.status).toBe(303)
  const editor = `/admin/pages/${FIXTURE}`
  const page = schemaAt(pageDocumentSchema, 'page')!
  const value = twoInEveryList(page, {
    ...LANDING_TEMPLATES.blank,
    title: 'Every section, two of each',
    description: 'A landing page with every kind of section, each of its lists two items long.',
    slug: FIXTURE,
    sections: FIXTURE_SECTIONS,
  })
  const version = (await openEditor(editor)).fields['@version']!
  const saved = await postEditor(editor, { '@version': version, ...formFieldsOf(page, value, 'page') })
  expect(saved.response.status).toBe(303)
  // A draft of the hero, for an experiment to test.
  const hero = await openEditor('/admin/content/home-hero')
  const title = Object.keys(hero.fields).find((name) => name.endsWith('.title'))!
  expect(
    (await postEditor('/admin/content/home-hero', { ...hero.fields, [title]: 'A shorter hero' })).response
      .status,
  ).toBe(303)
  const made = await adminPost('/admin/experiments', {
    name: 'Hero: a shorter headline',
    doc: 'home-hero',
    split: '50',
    share: '100',
    lift: '25',
  })
  expect(made.response.status).toBe(303)
  return editor
}

/** The words of a page's main part, its notice left out: what a press changed, if it changed anything. */
const mainText = (html: string) =>
  shownText(
    (/<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? html).replace(
      /<div role="(status|alert)"[\s\S]*?<\/div>/g,
      '',
    ),
  )

describe('every console page, as an admin', () => {
  // A walk of every console page and button (6 s alone, 37 s beside the browser tests): its hang
  // detector, not a speed check.
  it('speaks plain words, and every button that changes nothing for good answers with a change or in words', async () => {
    const editor = await seed()
    const queue = ['/admin', editor]
    const seen = new Set<string>()
    const visited: string[] = []
    const problems = new Map<string, string>()
    const pressed: string[] = []
    /** Each wrong word once, with the first place it was seen. */
    const read = (html: string, where: string) => {
      for (const words of badWords(html)) if (!problems.has(words)) problems.set(words, where)
    }
    while (queue.length) {
      const path = queue.shift()!
      if (seen.has(kindOfPath(path)) && path !== editor) continue
      seen.add(kindOfPath(path))
      let page = await adminGet(path)
      if (page.response.status !== 200) {
        problems.set(`${path}: ${page.response.status}`, path)
        continue
      }
      // A link to a file (the XLIFF for a translation agency) is a download of data, not a page of words.
      if (!page.response.headers.get('Content-Type')?.startsWith('text/html')) {
        expect(page.response.headers.get('Content-Disposition'), path).toMatch(/^attachment;/)
        continue
      }
      visited.push(path)
      read(page.body, path)
      queue.push(...linksOf(page.body).filter((href) => !seen.has(kindOfPath(href))))
      const done = new Set<string>()
      for (;;) {
        // The page as drawn now (a press that went through may have changed its forms), and its next button.
        const next = formsOf(page.body, path)
          .filter((form) => form.method === 'post')
          .flatMap((form) => form.buttons.map((button) => ({ form, button })))
          .map((press) => ({
            ...press,
            // One press for each kind of button: a Restore of each revision is one kind (each press adds a revision).
            // A list button: the first of each kind (add, move up…) on a page; studio/list-buttons.test.ts presses each one.
            key: `${kindOfPath((press.button.formaction ?? press.form.action).replace(/#.*$/, ''))} ${press.button.name}=${press.button.value?.replace(/^(add|remove|up|down|copy):.*$/, 'list:$1')}`,
          }))
          .find(({ form, button, key }) => !done.has(key) && !pressedNot(form, button))
        if (!next) break
        done.add(next.key)
        if (pressed.length > 300) throw new Error(`pressed over 300 buttons: ${pressed.slice(-5).join(', ')}`)
        const answer = await press(next.form, next.button)
        const name = `${path}: “${next.button.label}” (${next.key})`
        pressed.push(name)
        let shown = answer.body
        if (answer.response.status === 303) {
          const to = (answer.response.headers.get('Location') ?? '').replace(/^https?:\/\/[^/]+/, '')
          const after = await adminGet(to)
          if (after.response.status !== 200) problems.set(`${name} → ${to}: ${after.response.status}`, name)
          shown = after.body
        } else if (answer.response.status >= 500) problems.set(`${name}: ${answer.response.status}`, name)
        // A filter of a list (role="search") with nothing chosen shows the list again, as asked.
        const search = next.form.role === 'search'
        if (!search && !saidInWords(shown) && mainText(shown) === mainText(page.body))
          problems.set(`${name}: the same page again, without a word`, name)
        read(shown, name)
        if (answer.response.status === 303) page = await adminGet(path)
      }
    }
    console.info(`${visited.length} pages, ${pressed.length} buttons pressed:\n${visited.join('\n')}`)
    expect([...problems].map(([problem, where]) => `${where}: ${problem}`)).toEqual([])
    expect(visited).toEqual(expect.arrayContaining(['/admin', editor, '/admin/leads', '/admin/pages/new']))
  }, 120_000)
})
