/**
 * The console's sign-in in Chromium on the production build, on http://localhost (WebAuthn
 * refuses an IP address), with the DevTools protocol's virtual authenticator standing in for a
 * phone or a security key: the password, a passkey added and used, an invited second admin who
 * registers theirs and is named in the history, passkeys opening the console while wrong passwords
 * have locked the password door, and the password form without JavaScript.
 */
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  addAuthenticator,
  DESKTOP,
  MOBILE,
  openPage,
  restoreViewerUrlAfterAll,
  sharedBrowser,
  signInWithPassword,
} from './browser'
import { E2E_ADMIN } from './global-setup'
import { baseUrl } from './server'

const browser = sharedBrowser()
restoreViewerUrlAfterAll()
/** This file's worker under the name WebAuthn accepts. */
const origin = baseUrl.replace('127.0.0.1', 'localhost')
const AXE_SOURCE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8')

const path = (page: Page) => new URL(page.url()).pathname

const TEAM_TABLE = 'Everyone who can use the console, with their role'

/** The console header's "Signed in as …" text. */
const signedInAs = (page: Page) => page.getByRole('banner').locator('.console-who').innerText()

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE })
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<unknown> } }).axe
    const results = (await axe.run(document, { resultTypes: ['violations'] })) as {
      violations: { id: string }[]
    }
    return results.violations.map((v) => v.id)
  })
}

describe('passkeys', () => {
  it('signs in with the password, adds a passkey, signs out, and signs in with the passkey', async () => {
    const { page, problems } = await openPage(browser())
    const authenticator = await addAuthenticator(page.context(), page)
    await signInWithPassword(page, origin)
    expect(await signedInAs(page)).toBe(`Signed in as ${E2E_ADMIN.username}`)

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Your account' }).click()
    await page.waitForURL('**/admin/account')
    await page.getByLabel('Label').fill('Work laptop')
    await Promise.all([
      page.waitForURL('**/admin/account?notice=passkey-added'),
      page.getByRole('button', { name: 'Add a passkey' }).click(),
    ])
    expect(await page.getByRole('status').first().innerText()).toContain('Passkey added')
    await page.goto(`${origin}/admin/team`)
    expect(await page.getByRole('table', { name: TEAM_TABLE }).innerText()).toContain('Work laptop')
    expect(await authenticator.credentials()).toHaveLength(1)

    await Promise.all([
      page.waitForURL('**/admin/sign-in?notice=signed-out'),
      page.getByRole('button', { name: 'Sign out', exact: true }).click(),
    ])

    // Five wrong passwords lock this browser's password door, the right password included; the
    // guard never stands in a passkey's way.
    const tryPassword = async (password: string) => {
      await page.getByLabel('User name').fill(E2E_ADMIN.username)
      await page.getByLabel('Password', { exact: true }).fill(password)
      const [answer] = await Promise.all([
        page.waitForResponse(
          (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/admin/sign-in',
        ),
        page.getByRole('button', { name: 'Sign in', exact: true }).click(),
      ])
      await page.waitForLoadState()
      return answer.status()
    }
    const before = problems.length
    for (let i = 0; i < 5; i++) expect(await tryPassword(`wrong-password-${i}`)).toBe(401)
    expect(await tryPassword(E2E_ADMIN.password)).toBe(429)
    // The browser reports each refused sign-in as a failed load: these six and no other problem.
    const refusal = (status: string) =>
      `error: Failed to load resource: the server responded with a status of ${status}`
    expect(problems.splice(before)).toEqual([
      ...Array<string>(5).fill(refusal('401 (Unauthorized)')),
      refusal('429 (Too Many Requests)'),
    ])
    expect(await page.locator('main').innerText()).toContain(
      'Too many failed sign-in attempts. Try again in 15 minutes.',
    )

    await page.goto(`${origin}/admin/leads`)
    expect(path(page)).toBe('/admin/sign-in')
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/admin/leads'),
      page.getByRole('button', { name: 'Sign in with a passkey' }).click(),
    ])
    expect(await signedInAs(page)).toBe(`Signed in as ${E2E_ADMIN.username}`)
    expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(0)

    await page.goto(`${origin}/admin/team`)
    expect(await page.getByRole('table', { name: TEAM_TABLE }).innerText()).toMatch(
      /Work laptop\s+added [^,]+, last used \d{4}-\d\d-\d\d/,
    )
    expect(problems).toEqual([])
  })

  it('invites a second admin, who registers a passkey in another browser, changes the viewer URL, and is named in the history', async () => {
    const admin = await openPage(browser())
    await signInWithPassword(admin.page, origin)
    await admin.page.goto(`${origin}/admin/team`)
    await admin.page.getByLabel('Their name').fill('Grace Hopper')
    await admin.page.getByLabel('Their role', { exact: true }).selectOption('admin')
    await admin.page.getByRole('button', { name: 'Invite' }).click()
    const link = await admin.page.locator('#invitation-link').inputValue()
    expect(link).toMatch(new RegExp(`^${origin}/admin/invite/[0-9a-f]{64}$`))

    // Grace, elsewhere: her own browser (context) and her own authenticator, on a phone-sized screen.
    const grace = await openPage(browser(), { viewport: MOBILE, bypassCSP: true })
    await addAuthenticator(grace.page.context(), grace.page)
    await grace.page.goto(link)
    expect(await grace.page.getByRole('heading', { level: 2 }).innerText()).toBe(
      'You are invited as Grace Hopper',
    )
    expect(await axeViolations(grace.page)).toEqual([])
    await grace.page.setViewportSize(DESKTOP)
    expect(await axeViolations(grace.page)).toEqual([])
    await Promise.all([
      grace.page.waitForURL((url) => url.pathname === '/admin'),
      grace.page.getByRole('button', { name: 'Create your passkey' }).click(),
    ])
    expect(await signedInAs(grace.page)).toBe('Signed in as Grace Hopper')

    const marker = `https://viewer.example.org/grace/${Date.now()}/store.glb`
    await grace.page.goto(`${origin}/admin/settings`)
    await grace.page.getByRole('textbox', { name: 'Viewer URL' }).fill(marker)
    await Promise.all([
      grace.page.waitForURL('**/admin/settings?notice=updated'),
      grace.page.getByRole('button', { name: 'Save', exact: true }).click(),
    ])
    const history = grace.page.getByRole('table', { name: 'Last 50 changes, newest first (times in UTC)' })
    expect(await history.getByRole('row').nth(1).innerText()).toContain('Grace Hopper')

    // The link worked once.
    const again = await openPage(browser())
    const reopened = await again.page.goto(link)
    expect(reopened?.status()).toBe(410)

    // The first admin sees her on the team page.
    await admin.page.goto(`${origin}/admin/team`)
    const team = await admin.page.getByRole('table', { name: TEAM_TABLE }).innerText()
    expect(team).toMatch(/Grace Hopper\s+Admin\s+[\s\S]*My passkey\s+added \d{4}/)
    expect(admin.problems).toEqual([])
  })
})

describe('the password form without JavaScript', () => {
  it('signs in and out', async () => {
    const { page } = await openPage(browser(), { javaScriptEnabled: false })
    await page.goto(`${origin}/admin/settings`)
    expect(path(page)).toBe('/admin/sign-in')
    expect(await page.locator('main').innerText()).toContain('Signing in with a passkey needs JavaScript.')
    expect(await page.getByRole('button', { name: 'Sign in with a passkey' }).isDisabled()).toBe(true)
    await page.getByLabel('User name').fill(E2E_ADMIN.username)
    await page.getByLabel('Password', { exact: true }).fill('not-the-password')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    expect(await page.getByRole('alert').innerText()).toContain('Wrong user name or password')
    expect(await page.getByLabel('User name').inputValue()).toBe(E2E_ADMIN.username)

    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password)
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/admin/settings'),
      page.getByRole('button', { name: 'Sign in', exact: true }).click(),
    ])
    expect(await signedInAs(page)).toBe(`Signed in as ${E2E_ADMIN.username}`)
    await Promise.all([
      page.waitForURL('**/admin/sign-in?notice=signed-out'),
      page.getByRole('button', { name: 'Sign out', exact: true }).click(),
    ])
    expect(await page.getByRole('status').innerText()).toContain('You are signed out of the console.')
    await page.goto(`${origin}/admin`)
    expect(path(page)).toBe('/admin/sign-in')
  })
})
