import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { sharedBrowser, openPage, waitForHydration } from './browser'
import { baseUrl } from './server'

const browser = sharedBrowser()

describe('islands on the production build', () => {
  it('hydrates the home page widgets without warnings', async () => {
    const { page, problems } = await openPage(browser())
    await page.goto(baseUrl + '/')
    await waitForHydration(page)
    const scripts = await page.$$eval('script[src]', (els) => els.map((e) => (e as HTMLScriptElement).src))
    const islands = scripts.find((src) => /\/assets\/islands-[\w-]+\.js$/.test(src))
    expect(islands).toBeDefined()
    expect(problems).toEqual([])
    // React's production build, as `npm run build` makes it: the development one (what Vitest's
    // NODE_ENV=test gave this build until global-setup.ts set it) asks for its DevTools.
    const code = await (await fetch(islands!)).text()
    expect(code).not.toContain('for a better development experience')
  })

  it('loads no JavaScript on a page without islands', async () => {
    const { page } = await openPage(browser())
    const scripts: string[] = []
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url())
    })
    await page.goto(baseUrl + '/no-such-page', { waitUntil: 'networkidle' })
    expect(scripts).toEqual([])
  })
})

describe('the worker bundle this build made', () => {
  it('stays under its gzip budgets, as npm run deploy:check checks before a deploy', () => {
    // The same files a deploy uploads: the browser tests' build is the production one.
    const run = spawnSync(process.execPath, ['scripts/bundle-size.mjs', 'dist/xr_stores_site'], {
      encoding: 'utf8',
    })
    expect(run.status, run.stdout + run.stderr).toBe(0)
    expect(run.stdout).toMatch(/^Worker bundle \(\d+ files\)/)
  })
})
