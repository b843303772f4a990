/**
 * An experiment on the hero's title, on the production build in Chromium (issue 46): two visitors
 * get different titles in the first HTML, with no second paint, no layout shift and no script of
 * its own; a lead sent by each is credited to its version on the results page; and "Make version
 * B live" puts B on / for everyone. The hero is put back as in the repository afterwards, since
 * the files of this worker share its server.
 */
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import {
  newTestContext,
  openAdminPage,
  openPage,
  PERSON_AGENT,
  POLL,
  sharedBrowser,
  signInWithPassword,
  untilFormIsOldEnough,
  waitForHydration,
} from './browser'
import { HERO_EDITOR, RESULTS_CAPTION, startHeroExperiment } from './experiment'
import { baseUrl } from './server'

const browser = sharedBrowser()
const run = Date.now().toString(36)
const B_TITLE = `Open your brand’s 3D store this quarter ${run}`

/** Runs in the page before anything else: every change to the h1 after it is parsed, and every layout shift. */
function watchFirstPaint() {
  const seen = window as unknown as { titleChanges: number; shifts: number }
  seen.titleChanges = 0
  seen.shifts = 0
  document.addEventListener('DOMContentLoaded', () => {
    const title = document.querySelector('h1')
    if (title)
      new MutationObserver(() => seen.titleChanges++).observe(title, {
        childList: true,
        characterData: true,
        subtree: true,
      })
  })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
      if (!entry.hadRecentInput) seen.shifts += entry.value
  }).observe({ type: 'layout-shift', buffered: true })
}

/** A visitor of their own (a user agent no other visitor sends): what their first HTML and page showed. */
async function visit(n: number) {
  const userAgent = PERSON_AGENT.replace('Chrome/142.0.0.0', `Chrome/142.0.${n}.${run.length}`)
  const { page, problems } = await openPage(browser(), { userAgent })
  await page.addInitScript(watchFirstPaint)
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  const response = await page.goto(`${baseUrl}/`)
  const h1 = (await response!.text()).match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1] ?? ''
  const html = h1
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
  return { page, problems, scripts, html, title: await page.getByRole('heading', { level: 1 }).innerText() }
}

/** Sends the home page's contact form as a person does. */
async function sendForm(page: Page, name: string) {
  await page.goto(`${baseUrl}/#sec-contact`)
  await waitForHydration(page)
  const section = page.locator('#sec-contact')
  await section.getByLabel('Name').fill(name)
  await section.getByLabel('Email').fill('visitor@example.com')
  await section.getByLabel('Phone').fill('+44 20 7946 0958')
  await section.getByLabel('Inquiry').fill('Which version did I see?')
  await untilFormIsOldEnough(section)
  await section.getByRole('button', { name: 'Send' }).click()
  await page.locator('[data-sonner-toast]').filter({ hasText: 'Success' }).waitFor()
}

afterAll(async () => {
  // Back as in the repository, for the files after this one on the same server.
  const context = await newTestContext(browser())
  const page = await context.newPage()
  await signInWithPassword(page)
  await page.goto(`${HERO_EDITOR}/history`)
  const restore = page
    .locator('section', { hasText: 'As the site was built' })
    .getByRole('button', { name: 'Restore' })
  // Only when something was published (a test that failed early published nothing).
  if (await restore.count()) await Promise.all([page.waitForURL(/notice=restored/), restore.click()])
  await context.close()
})

describe('an experiment on the hero title', () => {
  it('shows each visitor one version in the first HTML, credits their leads, and makes B live for everyone', async () => {
    const { page: admin, problems: adminProblems } = await openAdminPage(browser())
    // Version A is the live title, whatever an earlier file on this server published.
    const live = await visit(1000)
    await live.page.context().close()
    const results = await startHeroExperiment(admin, B_TITLE, `Hero title ${run}`)

    // Visitors of their own until one has seen each version.
    const seen: Record<'a' | 'b', Awaited<ReturnType<typeof visit>> | undefined> = {
      a: undefined,
      b: undefined,
    }
    for (let n = 0; n < 40 && !(seen.a && seen.b); n++) {
      const visitor = await visit(n)
      const arm = visitor.title === B_TITLE ? 'b' : 'a'
      if (seen[arm]) await visitor.page.context().close()
      else seen[arm] = visitor
    }
    const { a, b } = seen as Required<{
      a: Awaited<ReturnType<typeof visit>>
      b: Awaited<ReturnType<typeof visit>>
    }>
    expect(a.title).toBe(live.title)
    // The first HTML already holds each visitor's title: nothing is swapped after it arrives.
    expect(a.html).toBe(live.title)
    expect(b.html).toBe(B_TITLE)
    for (const visitor of [a, b]) {
      const { titleChanges, shifts } = await visitor.page.evaluate(() => {
        const seen = window as unknown as { titleChanges: number; shifts: number }
        return { titleChanges: seen.titleChanges, shifts: seen.shifts }
      })
      expect(titleChanges).toBe(0)
      expect(shifts).toBe(0)
    }
    // No script of its own: both versions load the same script files.
    expect(b.scripts.sort()).toEqual(a.scripts.sort())

    await sendForm(a.page, `Visitor A ${run}`)
    await sendForm(b.page, `Visitor B ${run}`)
    const rows = async () => {
      await admin.goto(results)
      const table = admin.getByRole('table', { name: RESULTS_CAPTION })
      return Promise.all(
        ['A', 'B'].map(async (name) => {
          const row = table
            .getByRole('row')
            .filter({ has: admin.getByRole('rowheader', { name, exact: true }) })
          const cells = await row.getByRole('cell').allInnerTexts()
          return [name, cells[1]?.trim()]
        }),
      )
    }
    await expect.poll(rows, POLL).toEqual([
      ['A', '1'],
      ['B', '1'],
    ])

    // One lead each is no answer yet: Make live asks first.
    await admin.getByRole('button', { name: 'Make version B live', exact: true }).click()
    await admin.getByText('Make version B live before the verdict is clear?').waitFor()
    await Promise.all([
      admin.waitForURL(/notice=promoted/),
      admin.getByRole('button', { name: 'Make version B live anyway' }).click(),
    ])
    // A reload asks again (the page may be kept 60 s, as after any publish): A's visitor now sees B.
    await a.page.reload()
    expect(await a.page.getByRole('heading', { level: 1 }).innerText()).toBe(B_TITLE)
    const stranger = await visit(99)
    expect(stranger.title).toBe(B_TITLE)
    expect([...a.problems, ...b.problems, ...adminProblems]).toEqual([])
  })
})
