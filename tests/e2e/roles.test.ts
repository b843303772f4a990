/**
 * Roles on the production build, in Chromium, on http://localhost (WebAuthn): an admin invites a
 * salesperson and an editor, who register their passkeys in browsers of their own. The
 * salesperson sees the leads, exports them, and meets the 403 page at /admin/settings; the admin
 * finds that export in the activity log; the editor never meets a lead's name, e-mail or phone on
 * any page they can open, and turns a visitor's dead link into a redirect from the 404 inbox. Then the same flows with JavaScript off (passkeys need it, so their
 * sessions are carried into browsers without it). Last, marketing's campaign page (issue 45): an
 * editor composes it from the template, shares the draft, publishes it, and its first lead names it.
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
  uploadLibraryPicture,
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
  const link = await admin.locator('#invitation-link').inputValue()
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
    expect((await navOf(sam.page)).split('\n')).toEqual([
      'Overview',
      'Experiments',
      'Leads',
      'Traffic',
      'Your account',
      'Help',
    ])

    await sam.page.goto(`${origin}/admin/leads?q=${encodeURIComponent(LEAD.name)}`)
    expect(await sam.page.getByRole('main').innerText()).toContain(LEAD.email)
    const [download] = await Promise.all([
      sam.page.waitForEvent('download'),
      sam.page.getByRole('link', { name: 'Export CSV' }).click(),
    ])
    // Named after its filter: every status, and a search (never its words).
    expect(download.suggestedFilename()).toMatch(/^leads-all-search-\d{4}-\d\d-\d\d\.csv$/)

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
      'Site copy',
      'Posts',
      'Landing pages',
      'Media',
      'Redirects',
      'Experiments',
      'Traffic',
      'Your account',
      'Help',
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

  it('an editor launches a campaign page: template, headline, a library picture, an FAQ above the form, preview, a share link, publish; its lead names it', async () => {
    const admin = await openPage(browser())
    await signInWithPassword(admin.page, origin)
    const eddie = await invite(admin.page, `Mia Marketing ${run}`, 'editor')
    const { page } = eddie
    const slug = `nrf-${run}`
    const headline = `Meet our XR stores at NRF ${run}`

    // A library picture, for the page's social card.
    await uploadLibraryPicture(page, origin, {
      name: 'nrf-card.png',
      alt: 'Our stand at NRF',
      width: 1200,
      height: 630,
    })

    await page.goto(`${origin}/admin/pages`)
    await page.getByRole('link', { name: 'New landing page', exact: true }).click()
    await page.getByLabel('Address').fill(slug)
    await page.getByLabel(/The campaign template/).check()
    await Promise.all([
      page.waitForURL((url) => url.pathname === `/admin/pages/${slug}`),
      page.getByRole('button', { name: 'Create the landing page' }).click(),
    ])
    // The page's own title and description, over the template's hints (the publish gate refuses those).
    await page.locator('[name="page.title"]').fill(`NRF ${run}: our XR stores at the fair`)
    await page
      .locator('[name="page.description"]')
      .fill('Meet XR Stores at NRF: try a 3D store, book a demo, and see what your brand could open online.')
    // Sections come folded: open the hero by its heading (the outline above names it too).
    await page.locator('summary', { hasText: 'Section 1: Hero' }).click()
    await page.locator('[name="page.sections.0.hero.title"]').fill(headline)
    // The picker's cards: the first library picture's radio.
    await page.locator('[name="page.image.src"][value^="/media/library/"]').first().check()
    await page.locator('[name="page.image.alt"]').fill('Our stand at NRF')
    // Add an FAQ (it goes last, after the contact form), then move it up above the form.
    await page.getByText('Add a section').click()
    await page.getByRole('button', { name: 'Questions and answers', exact: true }).click()
    await page.locator('[name="page.sections.6.faq.title"]').waitFor()
    await page.locator('[name="page.sections.6.faq.title"]').fill('Visiting our stand')
    await page.locator('[name="page.sections.6.faq.items.0.question"]').fill('Where is the stand?')
    await page.locator('[name="page.sections.6.faq.items.0.answer"]').fill('Level 3, next to the main stage.')
    await page.getByRole('button', { name: 'Move up Section 7' }).click()
    await page.locator('[name="page.sections.5.faq.title"]').waitFor()
    expect(await page.locator('[name="page.sections.5.faq.title"]').inputValue()).toBe('Visiting our stand')

    const order = async (target: Page) =>
      (await target.locator('main h1, main h2').allInnerTexts()).map((text) => text.trim())
    await Promise.all([
      page.waitForURL((url) => url.pathname === `/admin/pages/${slug}/preview`),
      page.getByRole('button', { name: 'Save and preview' }).click(),
    ])
    expect((await order(page)).slice(-2)).toEqual(['Visiting our stand', 'Schedule call'])
    expect(await page.getByRole('complementary', { name: 'Preview' }).count()).toBe(1)

    // Legal reviews the draft from a share link, with no account.
    await page.goto(`${origin}/admin/pages/${slug}`)
    await page.getByRole('button', { name: 'Make a share link' }).click()
    const link = await page.getByLabel('Share link').inputValue()
    const legal = await openPage(browser())
    expect((await legal.page.goto(link))?.status()).toBe(200)
    expect((await order(legal.page))[0]).toBe(headline)
    expect(await legal.page.getByText('Draft for review').count()).toBe(1)
    expect((await fetch(`${origin}/${slug}`)).status).toBe(404)

    await page.goto(`${origin}/admin/pages/${slug}`)
    await Promise.all([
      page.waitForURL(/notice=published/),
      page.getByRole('button', { name: 'Save and publish now' }).click(),
    ])
    const live = await openPage(browser(), { userAgent: PERSON_AGENT, javaScriptEnabled: false })
    expect((await live.page.goto(`${origin}/${slug}?utm_source=nrf&utm_campaign=${slug}`))?.status()).toBe(
      200,
    )
    const shown = await order(live.page)
    expect(shown[0]).toBe(headline)
    expect(shown.slice(-2)).toEqual(['Visiting our stand', 'Schedule call'])
    expect(await (await fetch(`${origin}/sitemap.xml`)).text()).toContain(`/${slug}</loc>`)

    // Its first lead, posted from it without JavaScript, names it; so does the traffic report.
    const form = live.page.locator('#sec-contact')
    await form.getByLabel('Name').fill(`Nora Visitor ${run}`)
    await form.getByLabel('Email').fill(`nora.${run}@example.com`)
    await form.getByLabel('Phone').fill('+44 20 7946 0222')
    await form.getByLabel('Inquiry').fill('We met you at NRF.')
    await untilFormIsOldEnough(form)
    await Promise.all([
      live.page.waitForURL('**/?contact=sent*'),
      form.getByRole('button', { name: 'Send' }).click(),
    ])
    await admin.page.goto(`${origin}/admin/leads`)
    await admin.page.getByRole('link', { name: `Nora Visitor ${run}` }).click()
    expect(await admin.page.locator('main').innerText()).toContain(`/${slug}`)
    const pageRow = async () => {
      await admin.page.goto(`${origin}/admin/traffic?days=7`)
      const row = admin.page
        .getByRole('table', { name: 'Top pages' })
        .getByRole('row')
        .filter({ hasText: `/${slug}` })
      return (await row.count()) ? (await row.first().innerText()).split('\t').map((cell) => cell.trim()) : []
    }
    await expect.poll(async () => (await pageRow())[3], POLL).toBe('1')
    expect(eddie.problems).toEqual([])
  }, 120_000)
})
