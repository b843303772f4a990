/**
 * The editor of a long page and what closes the loop after an action (issue 57, items 4 and 6), as
 * a person uses them without JavaScript: sections folded with an outline of links, the sticky bar's
 * buttons submitting the form, a list button coming back to what it acted on, open; the live
 * address after Publish and in the list; Copy beside links shown once; the join page; Take off the
 * site asked first, with a redirect; and Move to this address with its 301.
 */
import { describe, expect, it } from 'vitest'
import {
  ADMIN_COOKIE,
  adminGet,
  adminPost,
  callApp,
  editorFields,
  env,
  noticeOf,
  openEditor,
  ORIGIN,
  postEditor,
  SAME_ORIGIN,
  tableRows,
  visibleText,
  OWN_HEAD,
} from '../support'

const EDITOR = '/admin/pages/fair-2027'

const newPage = (slug: string) => adminPost('/admin/pages/new', { slug, start: 'campaign' })

/** Each folded section of an editor page: its id, whether it is drawn open, and its heading. */
const sectionsOf = (html: string) =>
  [
    ...html.matchAll(/<details class="studio-section" id="([^"]+)"( open="")?>\s*<summary[^>]*>([^<]*)</g),
  ].map(([, id, open, heading]) => ({ id: id!, open: Boolean(open), heading: visibleText(heading!) }))

/** The form action of the button that sends `op`. */
const formActionOf = (html: string, op: string) =>
  new RegExp(
    `<button[^>]*value="${op.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*formAction="([^"]+)"`,
    'i',
  ).exec(html)?.[1]

/** The value of the read-only input with this id (undefined when there is none, or it can be typed into). */
function inputValue(html: string, id: string): string | undefined {
  const tag = new RegExp(`<input\\b[^>]*\\sid="${id}"[^>]*>`).exec(html)?.[0]
  if (!tag || !/\sreadonly=""/i.test(tag)) return undefined
  return /\svalue="([^"]*)"/.exec(tag)?.[1]
}

/** The start tag of the element with this id. */
const tagOf = (html: string, id: string) =>
  new RegExp(`<\\w+\\b[^>]*\\sid="${id}"[^>]*>`).exec(html)?.[0] ?? ''

async function published(slug: string) {
  await newPage(slug)
  const editor = `/admin/pages/${slug}`
  const answer = await postEditor(editor, { ...(await openEditor(editor)).fields, ...OWN_HEAD }, 'publish')
  expect(answer.response.headers.get('Location')).toBe(`${editor}?notice=published`)
  return editor
}

describe('the editor of a long page', () => {
  it('opens with every section folded, an outline linking to each, and the bar’s buttons submitting the form', async () => {
    await newPage('fair-2027')
    const { body } = await openEditor(EDITOR)
    const sections = sectionsOf(body)
    expect(sections.map((section) => section.heading)).toEqual([
      'Section 1: Hero',
      'Section 2: Brand strip',
      'Section 3: Offers grid',
      'Section 4: Quote',
      'Section 5: Questions and answers',
      'Section 6: Contact form',
    ])
    expect(sections.every((section) => !section.open)).toBe(true)

    const outline = /<nav class="studio-outline"[\s\S]*?<\/nav>/.exec(body)?.[0] ?? ''
    expect(visibleText(outline)).toContain('On this page')
    const links = [...outline.matchAll(/<a href="#([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(([, id, text]) => [
      id,
      text,
    ])
    // Every section has its link, named as its folded heading, and every link lands on something.
    for (const section of sections) expect(links).toContainEqual([section.id, section.heading])
    for (const [id] of links) expect(body).toContain(`id="${id}"`)

    // The sticky bar: Save draft, Preview and Publish, outside the form, each naming it.
    const bar = /<div class="studio-bar"[\s\S]*?<\/div>/.exec(body)?.[0] ?? ''
    expect(visibleText(bar)).toBe('Save draft Preview Publish All parts')
    expect([...bar.matchAll(/<button[^>]*form="studio-editor"[^>]*value="(\w+)"/g)].map((m) => m[1])).toEqual(
      ['save', 'preview', 'publish'],
    )
    const form = tagOf(body, 'studio-editor')
    expect(form).toMatch(/^<form\b/)
    expect(form).toContain('action="/admin/pages/fair-2027"')
    expect(form).toContain('class="studio-form"')
    // The first of the form's submit buttons in the page is the bar's Save: Enter in a field saves a draft.
    expect(/form="studio-editor" value="(\w+)"/.exec(body)?.[1]).toBe('save')
    // A page as drawn from the database has nothing unsaved to warn about.
    expect(body).toContain('data-unsaved="no"')
  })

  it('comes back to the section a Move, Duplicate or Add acted on, drawn open, the others folded', async () => {
    await newPage('fair-2027')
    const { body, fields } = await openEditor(EDITOR)
    // Move up the quote (section 4): the button's address ends at where the quote will be.
    expect(formActionOf(body, 'up:page.sections.3')).toBe(`${EDITOR}#f-page-sections-2`)
    expect(formActionOf(body, 'down:page.sections.3')).toBe(`${EDITOR}#f-page-sections-4`)
    expect(formActionOf(body, 'copy:page.sections.3')).toBe(`${EDITOR}#f-page-sections-4`)
    expect(formActionOf(body, 'add:page.sections:richText')).toBe(`${EDITOR}#f-page-sections-6`)
    expect(formActionOf(body, 'remove:page.sections.3')).toBe(`${EDITOR}#f-page-sections`)

    const moved = await postEditor(EDITOR, fields, 'up:page.sections.3')
    expect(moved.response.status).toBe(200)
    const afterMove = sectionsOf(moved.body)
    expect(afterMove.filter((section) => section.open)).toEqual([
      { id: 'f-page-sections-2', open: true, heading: 'Section 3: Quote' },
    ])
    // The move is not saved yet: leaving the page now warns (client/console-tools.ts reads this).
    expect(moved.body).toContain('data-unsaved="yes"')

    const copied = await postEditor(EDITOR, editorFields(moved.body), 'copy:page.sections.2')
    expect(
      sectionsOf(copied.body)
        .filter((section) => section.open)
        .map((section) => section.heading),
    ).toEqual(['Section 4: Quote'])

    const added = await postEditor(EDITOR, editorFields(copied.body), 'add:page.sections:richText')
    const open = sectionsOf(added.body).filter((section) => section.open)
    expect(open.map((section) => [section.id, section.heading])).toEqual([
      ['f-page-sections-7', 'Section 8: Rich text'],
    ])
  })

  it('opens the section that holds a list button’s item, and one whose field was refused', async () => {
    await newPage('fair-2027')
    const { fields } = await openEditor(EDITOR)
    // Add a question to the questions (section 5): its section is drawn open to show it.
    const added = await postEditor(EDITOR, fields, 'add:page.sections.4.faq.items')
    expect(added.response.status).toBe(200)
    expect(
      sectionsOf(added.body)
        .filter((section) => section.open)
        .map((section) => section.heading),
    ).toEqual(['Section 5: Questions and answers'])
    // A save refused for a field in the quote: the quote is open, so its error shows beside it.
    const refused = await postEditor(EDITOR, { ...fields, 'page.sections.3.quote.quote': '' })
    expect(refused.response.status).toBe(422)
    const openSections = sectionsOf(refused.body).filter((section) => section.open)
    expect(openSections.map((section) => section.heading)).toEqual(['Section 4: Quote'])
    expect(refused.body).toContain('data-unsaved="yes"')
  })
})

describe('after Publish', () => {
  it('shows the live address with Open, and Copy for the script to show; the list links it too', async () => {
    const editor = await published('fair-2027')
    const after = await adminGet(`${editor}?notice=published`)
    expect(noticeOf(after.body)?.text).toContain('Landing page published')
    expect(visibleText(after.body)).toContain(
      'On the site now Visitors see it at this address: use it in ads, e-mails and QR codes. Live address',
    )
    expect(inputValue(after.body, 'live-address')).toBe(`${ORIGIN}/fair-2027`)
    expect(after.body).toContain(
      `<a href="${ORIGIN}/fair-2027" class="btn btn-secondary btn-sm">Open the live page</a>`,
    )
    expect(after.body).toMatch(/<button type="button" class="[^"]*copy-tool"[^>]*data-copy="live-address"/)

    const list = await adminGet('/admin/pages')
    const row = tableRows(list.body, 'Every landing page').find((cells) => cells[1] === '/fair-2027')
    expect(row?.[2]).toBe('Published')
    expect(list.body).toContain(`<a href="${ORIGIN}/fair-2027" class="text-link">/fair-2027</a>`)
    expect(list.body).toContain(`data-copy-text="${ORIGIN}/fair-2027"`)
  })

  it('shows no live address for a page that is only a draft', async () => {
    await newPage('fair-2027')
    const { body } = await openEditor(EDITOR)
    expect(visibleText(body)).not.toContain('On the site now')
    expect(inputValue(body, 'live-address')).toBeUndefined()
  })
})

describe('links shown once', () => {
  it('a share link is in a read-only input, with Copy and Share for the script to show', async () => {
    await newPage('fair-2027')
    const made = await adminPost(`${EDITOR}/share`)
    expect(made.response.status).toBe(201)
    expect(inputValue(made.body, 'share-link')).toMatch(/^https:\/\/example\.com\/review\/[0-9a-f]{64}$/)
    expect(made.body).toMatch(/class="[^"]*copy-tool" data-copy="share-link"/)
    expect(made.body).toMatch(/class="[^"]*copy-tool" data-share="share-link"/)
    expect(visibleText(made.body)).toContain('Open it as they will see it')
  })

  it('an invitation link is in a read-only input, with Copy; the join page names the role and says what a passkey is', async () => {
    const { body } = await callApp('/admin/team/invite', {
      method: 'POST',
      redirect: 'manual',
      headers: { ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded', Cookie: ADMIN_COOKIE },
      body: new URLSearchParams({ name: 'Mia Marketing', role: 'editor' }).toString(),
    })
    const link = inputValue(body, 'invitation-link')
    expect(link).toMatch(/\/admin\/invite\//)
    expect(body).toMatch(/class="[^"]*copy-tool" data-copy="invitation-link"/)

    const join = await callApp(new URL(link!).pathname)
    expect(join.response.status).toBe(200)
    const text = visibleText(join.body)
    expect(text).toContain('You are invited as Mia Marketing')
    expect(text).toContain(
      'Your role: Editor, for site copy, posts, landing pages, media, redirects, experiments, traffic and speed; never a lead’s name, e-mail or phone',
    )
    expect(text).toContain('What is a passkey? A passkey is how you sign in here, instead of a password.')
    expect(text).toContain('If the passkey cannot be made')
    expect(text).toMatch(/This link works until \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC\./)
  })
})

describe('Take off the site', () => {
  it('asks first, on a page of its own: the page stays live until the question is answered', async () => {
    const editor = await published('fair-2027')
    const { body } = await openEditor(editor)
    // The editor's button opens the question (a GET form: no JavaScript, nothing changes yet).
    expect(body).toContain('<form action="/admin/pages/fair-2027/unpublish" method="get">')
    const asked = await adminGet(`${editor}/unpublish`)
    expect(asked.response.status).toBe(200)
    const text = visibleText(asked.body)
    expect(text).toContain('Take this page off the site?')
    expect(text).toContain('Visitors who open /fair-2027 will see that the page is gone')
    expect(text).toContain('Send its visitors to another address (optional)')
    expect(text).toContain('Take it off the site Keep it on the site')
    expect((await callApp('/fair-2027')).response.status).toBe(200)

    const off = await adminPost(`${editor}/unpublish`, { to: '' })
    expect(off.response.headers.get('Location')).toBe(`${editor}?notice=unpublished`)
    expect((await callApp('/fair-2027')).response.status).toBe(410)
    // The editor says where it stands, once: not "live since" beside "taken off".
    const status = visibleText((await adminGet(editor)).body)
    expect(status).toContain('Taken off the site; publish again to bring it back.')
    expect(status).not.toContain('Live since')
  })

  it('sends its visitors to the address given, or refuses one that cannot take them and changes nothing', async () => {
    const editor = await published('fair-2027')
    const refused = await adminPost(`${editor}/unpublish`, { to: 'not an address' })
    expect(refused.response.status).toBe(422)
    expect(visibleText(refused.body)).toContain('Take this page off the site?')
    expect(refused.body).toMatch(/<p id="unpublish-to-error" class="field-error">[^<]+<\/p>/)
    expect(refused.body).toContain('value="not an address"')
    expect((await callApp('/fair-2027')).response.status).toBe(200)

    const off = await adminPost(`${editor}/unpublish`, { to: '/' })
    expect(off.response.headers.get('Location')).toBe(`${editor}?notice=unpublishedRedirected`)
    const after = await callApp('/fair-2027?utm_source=qr', { redirect: 'manual' })
    expect(after.response.status).toBe(301)
    expect(after.response.headers.get('Location')).toMatch(/\/\?utm_source=qr$/)
    expect(noticeOf((await adminGet(`${editor}?notice=unpublishedRedirected`)).body)?.text).toContain(
      'Its visitors are sent to the address you chose',
    )
  })
})

describe('Move to this address', () => {
  it('moves a published page with its history, and leaves a 301 behind', async () => {
    const editor = await published('fair-2027')
    const moved = await adminPost(`${editor}/address`, { slug: 'retail-fair-2027' })
    expect(moved.response.headers.get('Location')).toBe('/admin/pages/retail-fair-2027?notice=pageMoved')
    const old = await callApp('/fair-2027', { redirect: 'manual' })
    expect(old.response.status).toBe(301)
    expect(old.response.headers.get('Location')).toMatch(/\/retail-fair-2027$/)
    expect((await callApp('/retail-fair-2027')).response.status).toBe(200)
    const now = await adminGet('/admin/pages/retail-fair-2027?notice=pageMoved')
    expect(noticeOf(now.body)?.text).toContain('The page is at its new address.')
    expect(inputValue(now.body, 'live-address')).toBe(`${ORIGIN}/retail-fair-2027`)
    // Its history came along, each version under the new address with the new slug in it.
    expect((await adminGet('/admin/pages/retail-fair-2027/history')).response.status).toBe(200)
    const editions = await env.DB.prepare('SELECT doc, edition FROM content_revisions').all<{
      doc: string
      edition: string
    }>()
    expect(editions.results.map((row) => row.doc)).toEqual(['page:retail-fair-2027'])
    expect(JSON.parse(editions.results[0]!.edition).page.slug).toBe('retail-fair-2027')
    expect(visibleText((await adminGet('/admin/activity')).body)).toContain(
      'Moved a landing page to a new address',
    )
    expect((await adminGet(editor)).response.status).toBe(404)
  })

  it('moves a draft with no redirect, and refuses an address another page holds or a malformed one', async () => {
    await newPage('fair-2027')
    await newPage('other-page')
    const taken = await adminPost(`${EDITOR}/address`, { slug: 'other-page' })
    expect(taken.response.headers.get('Location')).toBe(`${EDITOR}?notice=pageMoveTaken`)
    const bad = await adminPost(`${EDITOR}/address`, { slug: 'Not An Address' })
    expect(bad.response.headers.get('Location')).toBe(`${EDITOR}?notice=pageMoveInvalid`)
    expect(noticeOf((await adminGet(`${EDITOR}?notice=pageMoveInvalid`)).body)?.text).toContain(
      'Use lowercase letters, digits and single hyphens',
    )

    const moved = await adminPost(`${EDITOR}/address`, { slug: 'fair-2028' })
    expect(moved.response.headers.get('Location')).toBe('/admin/pages/fair-2028?notice=pageMovedDraft')
    expect((await callApp('/fair-2027', { redirect: 'manual' })).response.status).toBe(404)
    const { body } = await openEditor('/admin/pages/fair-2028')
    expect(visibleText(body)).toContain('fair-2028 A saved page keeps its address; More, below, moves it.')
    expect(visibleText(body)).toContain('Move to this address')
  })
})
