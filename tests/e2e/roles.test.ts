/**
 * Roles on the production build, in Chromium, on http://localhost (WebAuthn): an admin invites a
 * salesperson and an editor, who register their passkeys in browsers of their own. The
 * salesperson sees the leads, exports them, and meets the 403 page at /admin/settings; the admin
 * finds that export in the activity log; the editor never meets a lead's name, e-mail or phone on
 * any page they can open, and turns a visitor's dead link into a redirect from the 404 inbox. Then the same flows with JavaScript off (passkeys need it, so their
 * sessions are carried into browsers without it).
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  addAuthenticator,
  openPage,
  PERSON_AGENT,
  POLL,
  sharedBrowser,
  signInWithPassword,
  untilFormIsOldEnough,
} from './browser'
import { baseUrl } from './server'

const browser = sharedBrowser()
const origin = baseUrl.replace('127.0.0.1', 'localhost')
const run = Date.now().toString(36)
const LEAD = {
  name: `Rosa Lead ${run}`,
  email: `rosa.${run}@example.com`,
  phone: '+44 20 7946 0111',
  inquiry: 'A virtual showroom for our shoes.',
}

/** A lead, posted through the contact form without JavaScript, from an address of its own. */
async function postLead() {
  const { page } = await openPage(browser(), {
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'CF-Connecting-IP': '198.51.100.61' },
  })
  await page.goto(`${origin}/#sec-contact`)
  const form = page.locator('#sec-contact')
  await form.getByLabel('Name').fill(LEAD.name)
  await form.getByLabel('Email').fill(LEAD.email)
  await form.getByLabel('Phone').fill(LEAD.phone)
  await form.getByLabel('Inquiry').fill(LEAD.inquiry)
  await untilFormIsOldEnough(form)
  await Promise.all([
    page.waitForURL('**/?contact=sent*'),
    form.getByRole('button', { name: 'Send' }).click(),
  ])
}

/** The admin invites `name` with `role`; the invitee registers a passkey in a browser of their own. */
async function invite(admin: Page, name: string, role: 'editor' | 'sales') {
  await admin.goto(`${origin}/admin/team`)
  await admin.getByLabel('Their name').fill(name)
  await admin.getByLabel('Their role', { exact: true }).selectOption(role)
  await admin.getByRole('button', { name: 'Invite' }).click()
  const link = await admin.locator('#invitation-link').innerText()
  const person = await openPage(browser())
  await addAuthenticator(person.page.context(), person.page)
  await person.page.goto(link)
  await Promise.all([
    person.page.waitForURL((url) => url.pathname === '/admin'),
    person.page.getByRole('button', { name: 'Create your passkey' }).click(),
  ])
  return person
}

const navOf = (page: Page) => page.getByRole('navigation', { name: 'Admin' }).innerText()

/** The same person in a browser without JavaScript: their cookies, nothing else. */
async function withoutJavaScript(page: Page) {
  const plain = await openPage(browser(), { javaScriptEnabled: false })
  await plain.page.context().addCookies(await page.context().cookies())
  return plain.page
}

describe('roles', () => {
  it('a salesperson works the leads, exports them, is refused the viewer URL; the admin sees the export in the activity log', async () => {
    await postLead()
    const admin = await openPage(browser())
    await signInWithPassword(admin.page, origin)
    const sam = await invite(admin.page, `Sam Sales ${run}`, 'sales')
    expect((await navOf(sam.page)).split('\n')).toEqual(['Overview', 'Leads', 'Traffic', 'Your account'])

    await sam.page.goto(`${origin}/admin/leads?q=${encodeURIComponent(LEAD.name)}`)
    expect(await sam.page.getByRole('main').innerText()).toContain(LEAD.email)
    const [download] = await Promise.all([
      sam.page.waitForEvent('download'),
      sam.page.getByRole('link', { name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^leads-all-\d{4}-\d\d-\d\d\.csv$/)

    const refused = await sam.page.goto(`${origin}/admin/settings`)
    expect(refused?.status()).toBe(403)
    expect(await sam.page.getByRole('heading', { level: 1 }).innerText()).toBe('Not for your role')
    expect(await sam.page.getByRole('main').innerText()).toContain('This part of the console is for: Admin.')

    await admin.page.goto(`${origin}/admin/activity`)
    await admin.page.getByLabel('Person').fill(`Sam Sales ${run}`)
    await admin.page.getByLabel('Action').selectOption('leads-exported')
    await Promise.all([
      admin.page.waitForURL('**/admin/activity?*'),
      admin.page.getByRole('button', { name: 'Filter' }).click(),
    ])
    const log = admin.page.getByRole('table', { name: 'Activity, newest first (times in UTC)' })
    expect(await log.innerText()).toMatch(new RegExp(`Sam Sales ${run}\\s+Exported leads`))
    expect(await log.innerText()).not.toContain(LEAD.email)

    // Without JavaScript: the same pages, the same answers.
    const plain = await withoutJavaScript(sam.page)
    await plain.goto(`${origin}/admin/leads?q=${encodeURIComponent(LEAD.name)}`)
    expect(await plain.getByRole('main').innerText()).toContain(LEAD.email)
    expect((await plain.goto(`${origin}/admin/settings`))?.status()).toBe(403)
    const plainAdmin = await withoutJavaScript(admin.page)
    await plainAdmin.goto(`${origin}/admin/activity`)
    await plainAdmin.getByLabel('Person').fill(`Sam Sales ${run}`)
    await Promise.all([
      plainAdmin.waitForURL('**/admin/activity?*'),
      plainAdmin.getByRole('button', { name: 'Filter' }).click(),
    ])
    expect(await plainAdmin.getByRole('table').innerText()).toContain('Exported leads')
    expect(admin.problems).toEqual([])
    // The browser reports the refused page as a failed load: that one, and no other problem.
    expect(sam.problems).toEqual([
      'error: Failed to load resource: the server responded with a status of 403 (Forbidden)',
    ])
  })

  it('an editor never meets a lead’s name, e-mail or phone on a page they can open, with JavaScript or without', async () => {
    await postLead()
    const admin = await openPage(browser())
    await signInWithPassword(admin.page, origin)
    const eddie = await invite(admin.page, `Eddie Editor ${run}`, 'editor')
    expect((await navOf(eddie.page)).split('\n')).toEqual([
      'Overview',
      'Pages',
      'Posts',
      'Media',
      'Redirects',
      'Traffic',
      'Your account',
    ])
    // A visitor's dead link, made a redirect by the editor from the 404 inbox: live on the next
    // visit with no deploy, and in the export.
    const missing = `/old-campaign-${run}`
    const visitor = await openPage(browser(), { userAgent: PERSON_AGENT })
    expect((await visitor.page.goto(`${origin}${missing}`))?.status()).toBe(404)
    const inboxRow = async () => {
      await eddie.page.goto(`${origin}/admin/redirects`)
      const inbox = eddie.page.getByRole('table', { name: 'Addresses that answer 404, most hits first' })
      return inbox.getByRole('row').filter({ hasText: missing })
    }
    await expect.poll(async () => (await inboxRow()).count(), POLL).toBe(1)
    const row = await inboxRow()
    await row.getByRole('textbox', { name: `New address for ${missing}` }).fill('/')
    await Promise.all([
      eddie.page.waitForURL((url) => url.searchParams.get('notice') === 'saved'),
      row.getByRole('button', { name: `Redirect ${missing}` }).click(),
    ])
    const next = await fetch(`${origin}${missing}`, { redirect: 'manual' })
    expect(next.status).toBe(301)
    expect(next.headers.get('Location')).toBe('/')
    const exported = await eddie.page.request.get(`${origin}/admin/redirects/export.csv`)
    expect(exported.status()).toBe(200)
    expect((await exported.text()).split('\r\n')).toContain(`"${missing}","/",301`)

    const plain = await withoutJavaScript(eddie.page)
    for (const page of [eddie.page, plain]) {
      for (const path of ['/admin', '/admin/traffic', '/admin/account']) {
        const answer = await page.goto(`${origin}${path}`)
        expect(answer?.status(), path).toBe(200)
        const html = await page.content()
        for (const field of [LEAD.name, LEAD.email, LEAD.phone]) expect(html, path).not.toContain(field)
      }
      for (const path of ['/admin/leads', '/admin/team', '/admin/activity', '/admin/settings']) {
        expect((await page.goto(`${origin}${path}`))?.status(), path).toBe(403)
        expect(await page.content(), path).not.toContain(LEAD.email)
      }
    }
    // Each refused page is reported by the browser as a failed load (403), and nothing else.
    expect(eddie.problems.filter((p) => !p.endsWith('status of 403 (Forbidden)'))).toEqual([])
  })
})
