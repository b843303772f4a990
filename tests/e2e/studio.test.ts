/**
 * The studio on the production build, in Chromium, as marketing uses it: change the hero's
 * headline, preview it on the real page while visitors still see the old one, publish it and see
 * it in a fresh browser, then restore the earlier headline from the history; the same with
 * JavaScript off; a message sent from the preview's form is told it was kept as a test. Then a
 * post with a cover uploaded to the media library, scheduled a minute ahead, which is on /blog, in the feed and in the sitemap once the Cron has run. And on a phone,
 * Save draft within reach at the end of every editor's form, and a warning before unsaved edits are lost.
 * And a campaign's form (issue 63): a question added to a live landing page's form and published in
 * at most 8 actions, sent by a visitor of a campaign's link with JavaScript on and one with it off,
 * each lead with every answer on its page, in the CSV and in the CRM webhook's signed JSON (on a server
 * of its own with APP_ENV=development, since production posts a webhook only over https).
 */
import type { Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EDITABLE_DOCUMENTS } from '../../src/content/documents'
import { CONTACT_NOTICES, DRAFT_FORM_NOTE } from '../../src/schemas/contact'
import {
  MOBILE,
  openAdminPage,
  openPage,
  POLL,
  sharedBrowser,
  untilFormIsOldEnough,
  uploadLibraryPicture,
  waitForIsland,
} from './browser'
import { startFakeWebhook } from '../support/fake-webhook'
import { startWorker, type RunningWorker } from '../support/wrangler-server'
import { e2eVars } from './global-setup'
import { baseUrl, emailjsUrl } from './server'

const browser = sharedBrowser()
const run = Date.now().toString(36)
const HERO_EDITOR = `${baseUrl}/admin/content/home-hero`

/** The home page's headline, as a visitor in a browser of their own sees it now. */
async function liveHeadline(): Promise<string> {
  const { page } = await openPage(browser())
  await page.goto(`${baseUrl}/`)
  const headline = await page.getByRole('heading', { level: 1 }).innerText()
  await page.context().close()
  return headline
}

/**
 * Sends the preview's contact form (issue 57 item 6): the bar says beforehand that a message from it
 * is a test, and the answer, the island's toast or the no-JavaScript notice, says it was kept as one.
 */
async function sendFromPreview(page: Page, javaScriptEnabled: boolean) {
  expect(await page.locator('.preview-bar').innerText()).toContain(DRAFT_FORM_NOTE)
  const form = page.locator('#sec-contact')
  await form.scrollIntoViewIfNeeded()
  if (javaScriptEnabled) await waitForIsland(page, 'ContactForm')
  await form.getByLabel('Name').fill(`Preview tester ${run}`)
  await form.getByLabel('Email').fill('tester@example.com')
  await form.getByLabel('Phone').fill('+44 20 7946 0958')
  await form.getByLabel('Inquiry').fill('Does the form on the preview work?')
  await untilFormIsOldEnough(form)
  await form.getByRole('button', { name: 'Send' }).click()
  await page.getByText(CONTACT_NOTICES.test, { exact: false }).first().waitFor()
}

/** Types a headline into the hero's editor and presses `button`; resolves where that leads. */
async function saveHeadline(page: Page, headline: string, button: string, landing: RegExp) {
  await page.goto(HERO_EDITOR)
  await page.locator('[name="home.hero.title"]').fill(headline)
  await Promise.all([page.waitForURL(landing), page.getByRole('button', { name: button }).click()])
}

describe.each([
  ['on', true],
  ['off', false],
] as const)('the hero headline, JavaScript %s', (_name, javaScriptEnabled) => {
  const first = `Stores shoppers walk through ${run}${javaScriptEnabled ? 'a' : 'b'}`
  const second = `Stores shoppers remember ${run}${javaScriptEnabled ? 'a' : 'b'}`

  it('is previewed on the real page, published to every visitor, and restored from its history', async () => {
    const { page } = await openAdminPage(browser(), { javaScriptEnabled })
    const before = await liveHeadline()

    await saveHeadline(page, first, 'Save and preview', /\/admin\/content\/home-hero\/preview$/)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(first)
    expect(await page.getByText('This is a draft.', { exact: false }).isVisible()).toBe(true)
    expect(await liveHeadline()).toBe(before)
    await sendFromPreview(page, javaScriptEnabled)

    await saveHeadline(page, first, 'Save and publish now', /notice=published/)
    expect(await liveHeadline()).toBe(first)
    await saveHeadline(page, second, 'Save and publish now', /notice=published/)
    expect(await liveHeadline()).toBe(second)

    // The history lists the newest publish first, without Restore; the one before it set the first headline.
    await page.goto(`${HERO_EDITOR}/history`)
    const restore = page.getByRole('button', { name: 'Restore' })
    const earlier = page.locator('section', { hasText: first }).filter({ has: restore }).first()
    await Promise.all([
      page.waitForURL(/notice=restored/),
      earlier.getByRole('button', { name: 'Restore' }).click(),
    ])
    expect(await liveHeadline()).toBe(first)
  })
})

describe('a post with an uploaded cover, scheduled a minute ahead', () => {
  const title = `A showroom in every pocket ${run}`
  const slug = `showroom-in-every-pocket-${run}`

  it('is on /blog, in the feed and in the sitemap once the Cron has run, and not before', async () => {
    const { page } = await openAdminPage(browser())
    await uploadLibraryPicture(page, baseUrl, {
      name: 'showroom.png',
      alt: 'A showroom on a phone',
      width: 1600,
      height: 900,
    })

    await page.goto(`${baseUrl}/admin/posts/new`)
    await page.locator('[name="post.title"]').fill(title)
    await page.locator('[name="post.slug"]').fill(slug)
    await page
      .locator('[name="post.description"]')
      .fill('How a furniture brand let buyers walk its showroom from a phone, and what it changed.')
    // The picker's cards: the first library picture's radio.
    const card = page.locator('[name="post.image.src"][value^="/media/library/"]').first()
    const library = await card.getAttribute('value')
    await card.check()
    await page.locator('[name="post.image.alt"]').fill('A showroom on a phone')
    await page.locator('[name="post.body"]').fill('Buyers stayed **four minutes** longer.')
    await Promise.all([
      page.waitForURL(/notice=created/),
      page.getByRole('button', { name: 'Save draft' }).click(),
    ])

    // The next whole minute at least 60 s away, in UTC, as the field takes it.
    const at = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000)
    await page.getByLabel('Publish at (UTC)').fill(at.toISOString().slice(0, 16))
    await Promise.all([
      page.waitForURL(/notice=scheduled/),
      page.getByRole('button', { name: 'Save and schedule' }).click(),
    ])
    expect((await fetch(`${baseUrl}/${slug}`)).status).toBe(404)

    // The Cron Trigger, as wrangler dev runs it at /cdn-cgi/handler/scheduled, with the time it
    // runs for (the handler reads controller.scheduledTime): a minute early it publishes nothing,
    // at the scheduled minute it publishes the post, without waiting for the clock to get there.
    const cronAt = (time: Date) =>
      fetch(`${baseUrl}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*&time=${time.getTime()}`)
    const blogShows = async () => (await (await fetch(`${baseUrl}/blog`)).text()).includes(title)
    expect((await cronAt(new Date(at.getTime() - 60_000))).status).toBe(200)
    expect(await blogShows()).toBe(false)
    expect((await cronAt(at)).status).toBe(200)
    await expect.poll(blogShows, { timeout: 10_000, interval: 250 }).toBe(true)

    const post = await fetch(`${baseUrl}/${slug}`)
    expect(post.status).toBe(200)
    expect(await post.text()).toContain(library!.replace(/-\d+x\d+\.png$/, '/'))
    expect(await (await fetch(`${baseUrl}/rss.xml`)).text()).toContain(`/${slug}</link>`)
    expect(await (await fetch(`${baseUrl}/sitemap.xml`)).text()).toContain(`/${slug}</loc>`)
  }, 90_000)
})

describe('the editor on a phone (390 px)', () => {
  it('keeps Save draft on the screen at the bottom of every editor’s form, and warns before leaving unsaved edits', async () => {
    const { page } = await openAdminPage(browser(), { viewport: MOBILE, hasTouch: true, isMobile: true })
    const landing = `editor-phone-${run}`
    const created = await page.request.post(`${baseUrl}/admin/pages/new`, {
      form: { slug: landing, start: 'campaign' },
      headers: { Origin: baseUrl, 'Sec-Fetch-Site': 'same-origin', Referer: `${baseUrl}/admin` },
      maxRedirects: 0,
    })
    expect(created.status()).toBe(303)
    const editors = [
      ...EDITABLE_DOCUMENTS.map((doc) => `/admin/content/${doc.id}`),
      '/admin/posts/new',
      '/admin/posts/blog-1',
      `/admin/pages/${landing}`,
    ]
    const save = page.getByRole('button', { name: 'Save draft', exact: true })
    const outOfReach: string[] = []
    /** Where Save draft's top edge is, in px from the screen's top, as the page opens and at the form's end. */
    const reach: string[] = []
    for (const editor of editors) {
      await page.goto(baseUrl + editor)
      // On the first screen as the page opens…
      const first = await save.boundingBox()
      // …and still there with the form's end at the bottom of the screen.
      await page.locator('#studio-editor').evaluate((form) => form.scrollIntoView({ block: 'end' }))
      const last = await save.boundingBox()
      const inView = (box: typeof first) => box !== null && box.y >= 0 && box.y + box.height <= MOBILE.height
      if (!inView(first) || !inView(last)) outOfReach.push(`${editor}: ${first?.y} then ${last?.y}`)
      const height = await page.evaluate(() => document.documentElement.scrollHeight)
      reach.push(`| ${editor} | ${height} | ${Math.round(first?.y ?? -1)} | ${Math.round(last?.y ?? -1)} |`)
    }
    // The figures of docs/measurements.md ("Save at 390 px"), as a Markdown table's rows.
    console.info(`Save draft at ${MOBILE.width} × ${MOBILE.height}:\n${reach.join('\n')}`)
    expect(outOfReach).toEqual([])

    // An edit not saved: leaving asks first (the browser's own question), and staying keeps the edit.
    await page.goto(`${baseUrl}/admin/pages/${landing}`)
    await page.locator('[name="page.title"]').click()
    await page.locator('[name="page.title"]').fill(`Edited on a phone ${run}`)
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type())
        void dialog.dismiss()
      }),
    )
    void page.getByRole('link', { name: 'All landing pages' }).click()
    expect(await asked).toBe('beforeunload')
    expect(await page.locator('[name="page.title"]').inputValue()).toBe(`Edited on a phone ${run}`)
    // Saving is not leaving: no question, and the draft is saved.
    await Promise.all([page.waitForURL(/notice=saved/), save.click()])
    await page.context().close()
  }, 120_000)
})

describe('a campaign’s form (issue 63)', () => {
  // Its own page each attempt (a retry finds the first attempt's page there).
  let slug = ''
  let editor = ''
  // A server of its own, the same production build: its CRM webhook is a plain-http receiver on this
  // machine, which a worker posts to only with APP_ENV=development (production insists on https).
  let origin = ''
  let crm: Awaited<ReturnType<typeof startFakeWebhook>>
  let server: RunningWorker
  const secret = `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64')}`
  beforeAll(async () => {
    crm = await startFakeWebhook()
    server = await startWorker({
      ...e2eVars(emailjsUrl),
      APP_ENV: 'development',
      LEAD_WEBHOOK_URL: `http://127.0.0.1:${crm.port}/hooks/crm`,
      LEAD_WEBHOOK_SECRET: secret,
    })
    origin = server.url
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
    await crm?.close()
  })
  const sameOrigin = () => ({ Origin: origin, 'Sec-Fetch-Site': 'same-origin', Referer: `${origin}/admin` })
  const wording = 'I agree that XR Stores may contact me about NRF 2027.'

  /** The live page's form before the test's own step: a fair to choose, the consent, the campaign. */
  async function liveFormWithoutStores(page: Page) {
    const created = await page.request.post(`${origin}/admin/pages/new`, {
      form: { slug, start: 'campaign' },
      headers: sameOrigin(),
      maxRedirects: 0,
    })
    expect(created.status()).toBe(303)
    await page.goto(editor)
    const fields = await page
      .locator('#studio-editor')
      .evaluate((form) =>
        Object.fromEntries([...new FormData(form as HTMLFormElement)].map(([k, v]) => [k, String(v)])),
      )
    const base = Object.keys(fields)
      .find((name) => /^page\.sections\.\d+\.contact\.title$/.test(name))!
      .replace(/title$/, 'fields')
    const questions = [
      { '@kind': 'select', label: 'Which fair?', need: 'required', 'select.options.@count': '3' },
      { '@kind': 'consent', label: 'Consent', need: 'required', 'consent.wording': wording },
      { '@kind': 'hidden', label: 'Campaign', need: 'optional', 'hidden.carries': 'utm_campaign' },
    ]
    const form: Record<string, string> = {
      ...fields,
      'page.title': 'NRF 2027: our XR stores at booth B12',
      'page.description':
        'Visit booth B12 at NRF 2027 and see a 3D store built with your own products in minutes.',
      [`${base}.@count`]: String(questions.length),
      [`${base}.0.select.options.0`]: 'NRF New York',
      [`${base}.0.select.options.1`]: 'EuroShop',
      [`${base}.0.select.options.2`]: 'Retail Expo',
      _op: 'publish',
    }
    for (const [i, question] of questions.entries())
      for (const [key, value] of Object.entries(question)) form[`${base}.${i}.${key}`] = value
    const published = await page.request.post(editor, { form, headers: sameOrigin(), maxRedirects: 0 })
    expect(published.status(), await published.text()).toBe(303)
    return base
  }

  /** With DOCS_IMAGES=1, the form as a visitor sees it, for the README (docs/images/<name>); otherwise nothing. */
  async function docsImage(scope: Locator, name: string) {
    if (process.env.DOCS_IMAGES !== '1') return
    const shot = await scope.screenshot({ animations: 'disabled', caret: 'hide' })
    await sharp(shot)
      .png({ palette: true, colours: 64, quality: 50, dither: 0.5, compressionLevel: 9, effort: 10 })
      .toFile(`docs/images/${name}`)
  }

  /** A visitor from the campaign's link sends the form: first without the stores, then with them. */
  async function visitorSends(javaScriptEnabled: boolean, email: string, stores: string) {
    const { page } = await openPage(browser(), { javaScriptEnabled })
    await page.goto(`${origin}/${slug}?utm_source=fair&utm_campaign=nrf27`)
    const form = page.locator('#sec-contact')
    await form.scrollIntoViewIfNeeded()
    if (javaScriptEnabled) await waitForIsland(page, 'ContactForm')
    // With its island, the form's first input sends its one start beacon (issue 63), counted: 204.
    const started = javaScriptEnabled && page.waitForResponse((r) => r.url().endsWith('/api/form-start'))
    await form.getByLabel('Name').fill(`Fair visitor ${email}`)
    if (started) expect((await started).status()).toBe(204)
    await form.getByLabel('Email').fill(email)
    await form.getByLabel('Which fair?').selectOption('EuroShop')
    await form.getByLabel(wording).check()
    await untilFormIsOldEnough(form)
    await form.getByRole('button', { name: 'Send' }).click()
    // An empty required number gets its message beside the field, from the island or from the server.
    await form.getByText('Stores you run is required').waitFor()
    if (!javaScriptEnabled) await docsImage(form, 'campaign-form.desktop.png')
    await form.getByLabel('Stores you run').fill(stores)
    if (!javaScriptEnabled) await form.getByLabel(wording).check()
    await untilFormIsOldEnough(form)
    await form.getByRole('button', { name: 'Send' }).click()
    await page.getByText(CONTACT_NOTICES.success).first().waitFor()
  }

  it('takes a new question live in at most 8 actions, and both visitors’ answers reach sales', async () => {
    slug = `nrf-${run}-${Date.now().toString(36)}`
    editor = `${origin}/admin/pages/${slug}`
    const { page } = await openAdminPage(browser(), {}, origin)
    const base = await liveFormWithoutStores(page)
    // Marketing's own steps, counted: adding a field to the live form and publishing it.
    let actions = 0
    const act = async (step: () => Promise<unknown>) => ((actions += 1), await step())
    await act(() => page.goto(editor))
    await act(() => page.locator('summary', { hasText: 'Contact form' }).click())
    await act(() =>
      Promise.all([page.waitForLoadState('load'), page.locator(`button[value="add:${base}"]`).click()]),
    )
    await page.locator(`[name="${base}.3.label"]`).waitFor()
    await act(() => page.locator(`[name="${base}.3.label"]`).fill('Stores you run'))
    await act(() => page.locator(`[name="${base}.3.need"]`).selectOption('required'))
    await act(() => page.locator(`[name="${base}.3.@kind"]`).selectOption('number'))
    await act(() =>
      Promise.all([
        page.waitForURL(/notice=/),
        page.getByRole('button', { name: 'Publish', exact: true }).first().click(),
      ]),
    )
    expect(actions).toBeLessThanOrEqual(8)
    expect(await (await fetch(`${origin}/${slug}`)).text()).toContain('Stores you run')

    if (process.env.DOCS_IMAGES === '1') {
      const phone = await openPage(browser(), { viewport: MOBILE })
      await phone.page.goto(`${origin}/${slug}?utm_campaign=nrf27#sec-contact`)
      await docsImage(phone.page.locator('#sec-contact'), 'campaign-form.mobile.png')
    }
    const visitors = [`on-${slug}@example.com`, `off-${slug}@example.com`]
    await visitorSends(true, visitors[0]!, '12')
    await visitorSends(false, visitors[1]!, '7')

    // Each lead, found by its e-mail address in the console: every answer on its page and in the CSV.
    const csv = await (await page.request.get(`${origin}/admin/leads.csv`)).text()
    for (const email of visitors) {
      const stores = email.startsWith('on-') ? '12' : '7'
      await page.goto(`${origin}/admin/leads?q=${encodeURIComponent(email)}`)
      await Promise.all([
        page.waitForURL(/\/admin\/leads\/[\w-]{36}(\?|$)/),
        page.getByRole('link', { name: `Fair visitor ${email}` }).click(),
      ])
      const shown = await page.locator('main').innerText()
      for (const word of ['Which fair?', 'EuroShop', 'Stores you run', stores, wording, 'nrf27'])
        expect(shown, email).toContain(word)
      const row = csv.split('\r\n').find((line) => line.includes(email))!
      for (const cell of ['"EuroShop"', '"Agreed"', '"nrf27"', `"${stores}"`])
        expect(row, email).toContain(cell)
    }

    // The CRM got each lead as JSON, signed as Standard Webhooks says, with every answer by its label.
    const received = async () =>
      (await (await fetch(`http://127.0.0.1:${crm.port}/__requests/crm`)).json()) as {
        body: string
        headers: Record<string, string>
      }[]
    await expect.poll(async () => (await received()).length, POLL).toBe(visitors.length)
    const verifier = new Webhook(secret)
    for (const { body, headers } of await received()) {
      const lead = verifier.verify(body, headers) as {
        email: string
        utmCampaign: string
        fields: { label: string; answer: string; wording?: string }[]
      }
      expect(visitors).toContain(lead.email)
      expect(lead.utmCampaign).toBe('nrf27')
      expect(lead.fields).toEqual([
        { label: 'Which fair?', type: 'select', answer: 'EuroShop' },
        { label: 'Consent', type: 'consent', answer: 'Agreed', wording },
        { label: 'Campaign', type: 'hidden', answer: 'nrf27' },
        { label: 'Stores you run', type: 'number', answer: lead.email.startsWith('on-') ? '12' : '7' },
      ])
    }
  }, 120_000)
})
