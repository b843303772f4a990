/**
 * Roles on the production build, in Chromium, on http://localhost (WebAuthn): an admin invites a
 * salesperson and an editor, who register their passkeys in browsers of their own. The
 * salesperson sees the leads, exports them, and meets the 403 page at /admin/settings; the admin
 * finds that export in the activity log; the editor never meets a lead's name, e-mail or phone on
 * any page they can open, and turns a visitor's dead link into a redirect from the 404 inbox. Then the same flows with JavaScript off (passkeys need it, so their
 * sessions are carried into browsers without it). Last, marketing's campaign page (issues 45, 57): a
 * first-time editor builds the retail-fair page from the template at 1280 and at 390 px, in at most
 * 30 actions (counted), shares the draft, publishes it and opens it; its first lead names it.
 */
import type { BrowserContextOptions, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  DESKTOP,
  MOBILE,
  openPage,
  PERSON_AGENT,
  POLL,
  sharedBrowser,
  signInWithPassword,
  untilFormIsOldEnough,
  uploadLibraryPicture,
} from './browser'
import { docsImage, invite as invitePerson } from './people'
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
const invite = (admin: Page, name: string, role: 'editor' | 'sales', options: BrowserContextOptions = {}) =>
  invitePerson(browser(), admin, origin, { name, role }, options)

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
      'Speed',
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
      'Speed',
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

  it.each([
    ['1280 px', DESKTOP],
    ['390 px', MOBILE],
  ] as const)(
    'a first-time editor builds the retail-fair page at %s in at most 30 actions: template, headline, a library picture, two new questions and a reorder, preview, share, publish, the live page',
    async (width, viewport) => {
      const admin = await openPage(browser())
      await signInWithPassword(admin.page, origin)
      // The library already holds the fair's picture, with its alt text (uploaded once, by anyone).
      const phone = width === '390 px'
      const alt = `Our XR Stores stand at the retail fair ${run} (${width})`
      // A picture of its own for each width (the library keeps one copy of the same file, with its first alt text).
      const size = { width: 1200, height: phone ? 628 : 630 }
      await uploadLibraryPicture(admin.page, origin, { name: 'fair-stand.png', alt, ...size })
      const eddie = await invite(admin.page, `Mia Marketing ${run} ${width}`, 'editor', {
        viewport,
        ...(phone ? { hasTouch: true, isMobile: true } : {}),
      })
      const { page } = eddie
      const slug = `retail-fair-${run}-${viewport.width}`
      // The page is its own by its address; the headline is as a marketer writes it (the README shows it).
      const headline = 'Meet our XR stores at the retail fair'
      const questions = [
        ['Where is the stand?', 'Hall 3, next to the main stage.'],
        ['Can I try a headset?', 'Yes: every hour on the hour, at the stand.'],
      ] as const

      // Every click, fill, key press or navigation the editor makes is one action.
      let actions = 0
      const act = async <T>(step: () => Promise<T>): Promise<T> => {
        actions += 1
        return step()
      }
      const editorAt = (url: URL) => url.pathname === `/admin/pages/${slug}`

      // From the overview a passkey lands on, to Landing pages (a phone's console folds its parts into Menu).
      if (phone) await act(() => page.locator('.admin-nav-menu > summary').click())
      await act(() => page.getByRole('link', { name: 'Landing pages', exact: true }).click())
      await act(() => page.getByRole('link', { name: 'New landing page', exact: true }).click())
      await act(() => page.getByLabel('Address').fill(slug))
      await act(() => page.getByLabel(/The campaign template/).check())
      await act(() =>
        Promise.all([
          page.waitForURL(editorAt),
          page.getByRole('button', { name: 'Create the landing page' }).click(),
        ]),
      )
      // The page's own title and description, where the template shows what to write.
      await act(() => page.locator('[name="page.title"]').fill(`Retail fair ${run}: our XR stores`))
      await act(() =>
        page
          .locator('[name="page.description"]')
          .fill('Meet XR Stores at the retail fair: walk a 3D store, book a demo, see your brand online.'),
      )
      // Sections come folded: open the hero by its heading.
      await act(() => page.locator('summary', { hasText: 'Section 1: Hero' }).click())
      await act(() => page.locator('[name="page.sections.0.hero.title"]').fill(headline))
      // The library picture's card; its alt text comes with it.
      const card = page.locator('.picture-card', { hasText: alt }).locator('[name="page.image.src"]')
      await act(() => card.check())
      expect(await page.locator('[name="page.image.alt"]').inputValue()).toBe(alt)

      // Two new questions in the template's questions, then the second new one moved up.
      const faq = page.locator('details', {
        has: page.locator('summary', { hasText: 'Questions and answers' }),
      })
      await act(() => faq.locator('summary').first().click())
      const item = (i: number, field: string) =>
        page.locator(`[name="page.sections.4.faq.items.${i}.${field}"]`)
      for (const count of [3, 4]) {
        await act(() => faq.getByRole('button', { name: /^Add .*item$/ }).click())
        await item(count - 1, 'question').waitFor()
      }
      for (const [i, [question, answer]] of questions.entries()) {
        await act(() => item(2 + i, 'question').fill(question))
        await act(() => item(2 + i, 'answer').fill(answer))
      }
      await act(() => faq.getByRole('button', { name: 'Move up Item 4' }).click())
      await expect.poll(() => item(2, 'question').inputValue(), POLL).toBe(questions[1][0])
      await docsImage(page, `fair-editor.${phone ? 'mobile' : 'desktop'}.png`)

      // Preview: the draft on the real page, under the preview bar.
      await act(() =>
        Promise.all([
          page.waitForURL((url) => url.pathname === `/admin/pages/${slug}/preview`),
          page.getByRole('button', { name: 'Preview', exact: true }).first().click(),
        ]),
      )
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(headline)
      expect(await page.getByRole('complementary', { name: 'Preview' }).count()).toBe(1)
      await act(() =>
        Promise.all([
          page.waitForURL(editorAt),
          page.getByRole('link', { name: 'Back to the editor' }).click(),
        ]),
      )

      // A share link for legal, opened as they will see it, with no account.
      await act(() => page.getByRole('button', { name: 'Make a share link' }).click())
      const link = await page.getByLabel('Share link').inputValue()
      // It opens in a tab of its own, so the link shown only once stays on screen.
      const [review] = await act(() =>
        Promise.all([
          page.context().waitForEvent('page'),
          page.getByRole('link', { name: 'Open it as they will see it' }).click(),
        ]),
      )
      await review.waitForURL(link)
      expect(await review.getByText('Draft for review').count()).toBe(1)
      expect(await review.getByRole('heading', { level: 1 }).innerText()).toBe(headline)
      await review.close()
      expect((await fetch(`${origin}/${slug}`)).status).toBe(404)
      await act(() =>
        Promise.all([
          page.waitForURL(editorAt),
          page.getByRole('link', { name: 'Back to the page' }).click(),
        ]),
      )

      await act(() =>
        Promise.all([
          page.waitForURL(/notice=published/),
          page.getByRole('button', { name: 'Publish', exact: true }).first().click(),
        ]),
      )
      expect(await page.locator('.notice').first().innerText()).toContain('Landing page published')
      // The live page, from the editor's own link, as a visitor sees it.
      await act(() =>
        Promise.all([
          page.waitForURL((url) => url.pathname === `/${slug}`),
          page.getByRole('link', { name: 'Open the live page' }).click(),
        ]),
      )
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(headline)
      await docsImage(page, `fair-live.${phone ? 'mobile' : 'desktop'}.png`)
      expect(await page.locator('meta[property="og:image:alt"]').getAttribute('content')).toBe(alt)
      const asked = await page.locator('.faq-item > summary').allInnerTexts()
      expect(asked.map((text) => text.trim())).toEqual([
        'How long does a store take to launch?',
        'Does it work without a headset?',
        questions[1][0],
        questions[0][0],
      ])

      console.info(`A first-time editor at ${width}: ${actions} actions`)
      expect(actions).toBeLessThanOrEqual(30)
      expect(eddie.problems).toEqual([])
      if (phone) return
      expect(await (await fetch(`${origin}/sitemap.xml`)).text()).toContain(`/${slug}</loc>`)

      // Its first lead, sent from it without JavaScript, names it; so does the traffic report.
      const live = await openPage(browser(), { userAgent: PERSON_AGENT, javaScriptEnabled: false })
      await live.page.goto(`${origin}/${slug}?utm_source=fair&utm_campaign=${slug}`)
      const form = live.page.locator('#sec-contact')
      await form.getByLabel('Name').fill(`Nora Visitor ${run}`)
      await form.getByLabel('Email').fill(`nora.${run}@example.com`)
      await form.getByLabel('Phone').fill('+44 20 7946 0222')
      await form.getByLabel('Inquiry').fill('We met you at the fair.')
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
        return (await row.count())
          ? (await row.first().innerText()).split('\t').map((cell) => cell.trim())
          : []
      }
      await expect.poll(async () => (await pageRow())[3], POLL).toBe('1')
    },
    120_000,
  )
})
