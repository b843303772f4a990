import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sharedBrowser, openPage, waitForHydration } from './browser'
import { baseUrl } from './server'

const browser = sharedBrowser()

describe('islands on the production build', () => {
  it('runs no React while the home page loads, then hydrates each widget near the screen without warnings', async () => {
    const { page, problems } = await openPage(browser())
    const scripts: string[] = []
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url())
    })
    await page.goto(baseUrl + '/', { waitUntil: 'networkidle' })
    // The home page's widgets lie screens below the first: only the small islands entry loads.
    const react = (url: string) => /\/assets\/hydrate-[\w-]+\.js$/.test(url)
    expect(scripts.some((src) => /\/assets\/islands-[\w-]+\.js$/.test(src))).toBe(true)
    expect(scripts.filter(react)).toEqual([])
    expect(await page.locator('[data-hydrating]').count()).toBe(0)

    await waitForHydration(page)
    expect(await page.locator('[data-island]:not([data-hydrating])').count()).toBe(0)
    expect(problems).toEqual([])
    // React's production build, as `npm run build` makes it: the development one (what Vitest's
    // NODE_ENV=test gave this build until global-setup.ts set it) asks for its DevTools.
    const hydrate = scripts.find(react)
    expect(hydrate).toBeDefined()
    const code = await (await fetch(hydrate!)).text()
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

  it('carries one React server renderer: none of react-dom legacy renderToString (issue 58)', () => {
    const dir = 'dist/xr_stores_site'
    const code = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(dir, file), 'utf8'))
    // The streaming renderer the pages use is there ...
    expect(code.some((text) => text.includes('renderToReadableStream'))).toBe(true)
    // ... and the legacy one, which names itself in its own code and messages, is not.
    expect(code.filter((text) => /renderToString|renderToStaticMarkup/.test(text))).toEqual([])
  })
})
