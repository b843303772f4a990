/**
 * The console's people in the browser tests: an admin invites someone with a role (a translator
 * with their languages), and the invitee registers a passkey in a browser of their own, as a person
 * does from the invitation link. WebAuthn needs a secure origin: pass `localhost`, not 127.0.0.1.
 */
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import type { Role } from '../../src/schemas/roles'
import { addAuthenticator, MOBILE, openPage, type ObservedPage } from './browser'

export interface Invitee {
  name: string
  role: Role
  /** A translator's languages, as /admin/team names them ("German"). */
  languages?: string[]
}

/** `admin` invites `who` on /admin/team; the invitee creates their passkey in a browser of their own and lands on the overview. */
export async function invite(
  browser: Browser,
  admin: Page,
  origin: string,
  who: Invitee,
  options: BrowserContextOptions = {},
): Promise<ObservedPage> {
  await admin.goto(`${origin}/admin/team`)
  const form = admin.locator('form', { has: admin.getByLabel('Their name') })
  await form.getByLabel('Their name').fill(who.name)
  await form.getByLabel('Their role', { exact: true }).selectOption(who.role)
  for (const language of who.languages ?? []) await form.getByLabel(language, { exact: true }).check()
  await form.getByRole('button', { name: 'Invite' }).click()
  const link = await admin.locator('#invitation-link').inputValue()
  const person = await openPage(browser, options)
  await addAuthenticator(person.page.context(), person.page)
  await person.page.goto(link)
  await Promise.all([
    person.page.waitForURL((url) => url.pathname === '/admin'),
    person.page.getByRole('button', { name: 'Create your passkey' }).click(),
  ])
  return person
}

/**
 * With DOCS_IMAGES=1, the screen as its person sees it, for the README (docs/images/<name>, one
 * viewport, squeezed to a palette PNG); otherwise nothing. `at` is scrolled to the top first;
 * `phoneToo` shoots it again at 390 px as `<name without .desktop.png>.mobile.png`, then gives the
 * page its width back.
 */
export async function docsImage(
  page: Page,
  name: string,
  { at, phoneToo = false }: { at?: Locator; phoneToo?: boolean } = {},
): Promise<void> {
  if (process.env.DOCS_IMAGES !== '1') return
  const save = async (file: string) => {
    await at?.evaluate((element) => element.scrollIntoView({ block: 'start' }))
    const shot = await page.screenshot({ animations: 'disabled', caret: 'hide' })
    await sharp(shot)
      .png({ palette: true, colours: 64, quality: 50, dither: 0.5, compressionLevel: 9, effort: 10 })
      .toFile(`docs/images/${file}`)
  }
  await save(name)
  if (!phoneToo) return
  const wide = page.viewportSize()
  await page.setViewportSize(MOBILE)
  await save(name.replace(/\.desktop\.png$/, '.mobile.png'))
  if (wide) await page.setViewportSize(wide)
}
