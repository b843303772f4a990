/**
 * Experiments made through the console's forms, as marketing makes them, for the browser tests:
 * a draft of the hero with another title saved in the studio, then New experiment and Start.
 */
import type { Browser, Page } from 'playwright-core'
import { newTestContext, PERSON_AGENT, POLL } from './browser'
import { baseUrl } from './server'

export const HERO_EDITOR = `${baseUrl}/admin/content/home-hero`
export const RESULTS_CAPTION = 'Visitors, leads and the verdict for each version'

/** Saves `title` as the hero's draft and starts an experiment on it; resolves on its page, returning its address. */
export async function startHeroExperiment(admin: Page, title: string, name: string): Promise<string> {
  await admin.goto(HERO_EDITOR)
  await admin.locator('[name="home.hero.title"]').fill(title)
  await Promise.all([admin.waitForURL(/notice=/), admin.getByRole('button', { name: 'Save draft' }).click()])
  await admin.goto(`${baseUrl}/admin/experiments`)
  await admin.getByLabel('Name', { exact: true }).fill(name)
  await admin.getByLabel('Page or section').selectOption('home-hero')
  await Promise.all([
    admin.waitForURL(/notice=made/),
    admin.getByRole('button', { name: 'Make the experiment' }).click(),
  ])
  await Promise.all([
    admin.waitForURL(/notice=started/),
    admin.getByRole('button', { name: 'Start' }).click(),
  ])
  return admin.url().replace(/\?.*$/, '')
}

/**
 * An experiment on the hero that a visitor saw, then stopped (the site is as before): its page
 * holds results, a chart and the verdict's words, for the audits.
 */
export async function stoppedHeroExperiment(browser: Browser, admin: Page): Promise<string> {
  const results = await startHeroExperiment(admin, `A headline for the audit ${Date.now()}`, 'Audit')
  const visitor = await newTestContext(browser, { userAgent: PERSON_AGENT })
  const page = await visitor.newPage()
  // The exposure is written after the view's answer: views until the results show it (the audit's
  // beforeAll cannot use expect.poll, which belongs to a test).
  const deadline = Date.now() + POLL.timeout
  for (let shown = 0; !shown;) {
    if (Date.now() > deadline) throw new Error(`no exposure on ${results} within ${POLL.timeout} ms`)
    await page.goto(`${baseUrl}/`)
    await admin.goto(results)
    shown = await admin.getByRole('table', { name: RESULTS_CAPTION }).count()
  }
  await visitor.close()
  await Promise.all([
    admin.waitForURL(/notice=stopped/),
    admin.getByRole('button', { name: 'Stop without changing the site' }).click(),
  ])
  return new URL(results).pathname
}
