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
    expect(scripts.some((src) => /\/assets\/islands-[\w-]+\.js$/.test(src))).toBe(true)
    expect(problems).toEqual([])
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
