import { PAGE_SCRIPT_BUDGET, pageScript } from '../../../src/lib/page-script'
import { createExecutionContext, env, SELF, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import type { Bindings } from '../../../src/env'
import { STATIC_ASSETS, WORKER_ADDRESSES } from '../../../src/lib/worker-addresses'
import { pageRoutes } from '../../../src/pages/page-table'
import { app } from '../../../src/worker'
import { PUBLIC_ROUTES } from '../../support/routes'
import { ORIGIN } from '../support'
import { RENDER_FAILURE_PATH } from '../support/test-routes'

async function get(path: string, origin = ORIGIN) {
  const res = await SELF.fetch(origin + path)
  return { res, html: await res.text() }
}

/** Visible text of an HTML document, roughly: tags removed, entities decoded, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
}

function headTag(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1]
}

/** Text each page must show; spec wording where the spec gives it. */
const EXPECTED: Record<(typeof PUBLIC_ROUTES)[number], string[]> = {
  '/': [],
  '/about-us': [
    'Back to home',
    'About Us',
    'Mission Statement',
    'Vision Statement',
    'Our Story',
    '100+ online stores built',
    '500+ e-commerce experiences analysed',
    'recent funding',
    'real sales staff',
    'Founder and CEO',
  ],
  '/try-on': ['AR Try On', 'Necklace', 'T-shirt', 'Earring', 'Shoes', 'Lipstick', 'Try it now'],
  '/gaming': ['Quiz Game', 'Memory Match Challenge', 'Try it now'],
  '/try': ['Schedule a call', 'AR Try On', 'Gamified Experience'],
  '/blog': [
    'Blog',
    'Back to home',
    'Future of Shopping: GenZ and GenAlpha Buyer preferences',
    'Leveraging Immersive Storytelling',
    'XR Store: Information and Benefits',
  ],
  '/blog-1': ['XR Store: Information and Benefits', 'Back to home'],
  '/blog-2': ['Leveraging Immersive Storytelling', 'Back to home'],
  '/blog-3': ['Future of Shopping: GenZ and GenAlpha Buyer preferences', 'Back to home'],
  '/privacy-policy': ['Privacy Policy', 'April 04, 2025', 'Back to home'],
  '/terms-and-conditions': ['Terms and Conditions', 'April 04, 2025', 'Back to home'],
  '/cancellation-and-refunds': ['Cancellation and Refunds', 'April 04, 2025', 'Back to home'],
  '/refund-policy': ['Refund Policy', 'April 04, 2025', 'Back to home'],
  '/shipping-policy': ['Shipping Policy', 'April 04, 2025', 'Back to home'],
}

/** Every legal figure of spec section 9, on the page where it belongs. */
const LEGAL_FIGURES: Record<string, string[]> = {
  '/refund-policy': [
    'refunded in full when you ask for the refund within 14 days',
    '7-10 business days',
    'acknowledgment within 2 days',
    'final decision within 21 business days',
  ],
  '/cancellation-and-refunds': [
    'within 30 days of the start or renewal of the term for a prorated refund',
    '7-10 business days',
    'within 24 hours of purchase if it has not been accessed',
    'in full, with a complete refund, within 72 hours of signing',
    '0-25% of the work done: 25% of the project fee',
    '25-75% done: 50% of the project fee',
    '75-95% done: 75% of the project fee',
    '95%+ done: none of the fee is refunded',
    'Monthly SaaS plans: cancel at any time with 30 days notice',
    'with 48-hour notice',
    'acknowledgment within 2 days',
    'final decision within 21 business days',
    'Data is retained 30 days after cancellation',
  ],
  '/privacy-policy': ['retained for 30 days after cancellation', '30 days notice of material policy changes'],
  '/terms-and-conditions': [
    'Service discontinuation: if we discontinue a service you pay for, we give 90 days notice',
    'Modifications: material modifications that reduce a feature you rely on are announced with 60 days notice',
    'Policy changes: changes to these terms and our policies take effect after 30 days notice',
    'Mon-Fri 9:00-18:00 IST',
    'warranted for 90 days',
    'warranted for 6 months',
    '12 months warranty',
  ],
  '/shipping-policy': [
    'delivered within 15 minutes of payment',
    'valid 72 hours with 5 attempts',
    '30-day support',
    'SaaS provisioning happens within 2 hours',
    'India: 2-5 business days',
    'International express: 3-7 business days',
    'International standard: 7-14 business days',
    'Mon-Fri 9:00-18:00 IST',
  ],
}

/** Pages without videos or widgets must not load any JavaScript. */
const NO_JS_ROUTES = PUBLIC_ROUTES.filter((path) => !['/', '/try-on', '/gaming'].includes(path))

describe('every public route of the spec', () => {
  it.each(PUBLIC_ROUTES)('%s answers 200 with its content, one h1 and its own head tags', async (path) => {
    const { res, html } = await get(path)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true)
    const text = textOf(html)
    for (const expected of EXPECTED[path]) expect(text).toContain(expected)
    expect(html.match(/<h1\b/g)).toHaveLength(1)
    expect(headTag(html, /<link rel="canonical" href="([^"]+)"/)).toBe(ORIGIN + path)
    expect(headTag(html, /<meta property="og:url" content="([^"]+)"/)).toBe(ORIGIN + path)
    expect(html).not.toContain('name="robots"')
  })

  it('gives every page a distinct title and description', async () => {
    const heads = await Promise.all(
      PUBLIC_ROUTES.map(async (path) => {
        const { html } = await get(path)
        return {
          title: headTag(html, /<title>([^<]+)<\/title>/),
          description: headTag(html, /<meta name="description" content="([^"]+)"/),
        }
      }),
    )
    const titles = heads.map((h) => h.title)
    const descriptions = heads.map((h) => h.description)
    for (const value of [...titles, ...descriptions]) expect(value?.length).toBeGreaterThan(10)
    expect(new Set(titles).size).toBe(PUBLIC_ROUTES.length)
    expect(new Set(descriptions).size).toBe(PUBLIC_ROUTES.length)
  })

  it('uses the origin of the request for canonical URLs', async () => {
    const { html } = await get('/about-us', 'https://staging.example.net')
    expect(headTag(html, /<link rel="canonical" href="([^"]+)"/)).toBe('https://staging.example.net/about-us')
  })

  it.each(NO_JS_ROUTES)(
    '%s loads no JavaScript: its one script is the prerender view beacon and the sampled speed reporter, at most 450 bytes',
    async (path) => {
      const { html } = await get(path)
      const beacon = /<script nonce="[^"]+">([^<]*)<\/script>/.exec(html)
      // The standard share, 25 %: the reporter loads after `load` on a quarter of views.
      expect(beacon?.[1]).toBe(pageScript(25, '/src/client/vitals.ts'))
      expect(new TextEncoder().encode(beacon![1]).length).toBeLessThanOrEqual(PAGE_SCRIPT_BUDGET)
      expect(html.replace(beacon![0], '')).not.toMatch(
        /<script\b(?![^>]*type="(?:application\/(?:ld\+)?json|speculationrules)")/,
      )
    },
  )

  it.each(['/try-on', '/gaming'])(
    '%s asks only for the small enhance script, for its videos',
    async (path) => {
      const { html } = await get(path)
      const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1])
      expect(sources).toContain('/src/client/enhance.ts')
      expect(sources).not.toContain('/src/client/islands.tsx')
    },
  )
})

describe('page details', () => {
  it('About Us links home and opens the founder profile in a new tab', async () => {
    const { html } = await get('/about-us')
    expect(html).toMatch(/<a href="\/"[^>]*>[\s\S]*?Back to home<\/a>/)
    const profile =
      /<a href="(https:\/\/[^"]+)"[^>]* target="_blank" rel="noopener noreferrer"[^>]*>([^<]*LinkedIn)</.exec(
        html,
      )
    expect(profile?.[1]).toMatch(/^https:\/\//)
    expect(textOf(html)).toMatch(/Founder and CEO/)
  })

  it.each([
    ['/try-on', 5],
    ['/gaming', 2],
  ] as const)(
    '%s has %i looping muted videos with posters and a new-tab "Try it now" each',
    async (path, count) => {
      const { html } = await get(path)
      const videos = [...html.matchAll(/<video\b[^>]*>/g)].map((m) => m[0])
      expect(videos).toHaveLength(count)
      for (const video of videos) {
        for (const attribute of ['muted', 'loop', 'playsInline', 'preload="none"', 'poster="/media/pages/']) {
          expect(video.toLowerCase()).toContain(attribute.toLowerCase())
        }
      }
      const tryLinks = [
        ...html.matchAll(/<a href="([^"]+)"[^>]* target="_blank" rel="noopener noreferrer"[^>]*>Try it now/g),
      ]
      expect(tryLinks).toHaveLength(count)
      expect(new Set(tryLinks.map((m) => m[1])).size).toBe(count)
      for (const [, href] of tryLinks) expect(href).toMatch(/^https:\/\//)
    },
  )

  it('/try-on shows four benefits per item and six benefit cards', async () => {
    const { html } = await get('/try-on')
    const articles = html.split('<article').slice(1)
    expect(articles).toHaveLength(5)
    for (const article of articles) {
      const list = /<ul[^>]*>([\s\S]*?)<\/ul>/.exec(article)?.[1] ?? ''
      expect(list.match(/<li\b/g)).toHaveLength(4)
    }
    const benefits =
      /aria-labelledby="try-on-benefits"[\s\S]*?<ul[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? ''
    expect(benefits.match(/<h3\b/g)).toHaveLength(6)
  })

  it.each(['/blog-1', '/blog-2', '/blog-3'])(
    '%s describes itself as a BlogPosting for search engines',
    async (path) => {
      const { html } = await get(path)
      const json = /<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/.exec(html)?.[1]
      const data = JSON.parse(json ?? 'null') as Record<string, unknown>
      expect(data['@type']).toBe('BlogPosting')
      expect(data.headline).toBe(EXPECTED[path as '/blog-1'][0])
    },
  )

  it('/try links to the contact section of the home page', async () => {
    const { html } = await get('/try')
    expect(html).toMatch(/<a href="\/#sec-contact"[^>]*>Schedule a call<\/a>/)
  })

  it.each(Object.keys(LEGAL_FIGURES))('%s states each of its figures from spec section 9', async (path) => {
    const text = textOf((await get(path)).html)
    const missing = LEGAL_FIGURES[path]!.filter((figure) => !text.includes(figure))
    expect(missing).toEqual([])
  })

  it('states both readings of the annual refund, each on its own page', async () => {
    const refund = textOf((await get('/refund-policy')).html)
    const cancellation = textOf((await get('/cancellation-and-refunds')).html)
    expect(refund).toMatch(/annual subscription[^.]*14 days/i)
    expect(cancellation).toMatch(/annual subscriptions[^.]*30 days[^.]*prorated/i)
  })
})

describe('unknown paths', () => {
  it.each(['/no-such-page', '/about-us/extra', '/blog-4'])(
    '%s answers the 404 page and logs the path',
    async (path) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
      const { res, html } = await get(path)
      expect(res.status).toBe(404)
      const text = textOf(html)
      expect(text).toContain('Oops! Page not found')
      expect(html).toMatch(/<a href="\/"[^>]*>Return to Home<\/a>/)
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>')
      expect(html.match(/<h1\b/g)).toHaveLength(1)
      expect(warn.mock.calls).toContainEqual([
        { level: 'warn', area: 'pages', message: '404 Not Found', path },
      ])
    },
  )

  it('redirects a page asked for with a trailing slash to its canonical address', async () => {
    const res = await SELF.fetch(ORIGIN + '/about-us/', { redirect: 'manual' })
    expect(res.status).toBe(301)
    expect(res.headers.get('Location')).toBe('/about-us')
  })

  it('redirects the declared /ecommerce/... paths to their home-page sections', async () => {
    const res = await SELF.fetch(ORIGIN + '/ecommerce/store-builder', { redirect: 'manual' })
    expect(res.status).toBe(301)
    expect(res.headers.get('Location')).toBe('/#store-builder-section')
    const unknown = await SELF.fetch(ORIGIN + '/ecommerce/nothing-here', { redirect: 'manual' })
    expect(unknown.status).toBe(404)
  })
})

describe('the addresses the worker answers besides its pages (lib/worker-addresses.ts)', () => {
  it('are the addresses of everything mounted, the lazy routes loaded: a redirect may take none of them', () => {
    const pages = new Set(pageRoutes.flatMap(({ path }) => [path, `${path}/`]))
    const mounted = new Set(
      app.routes
        .map((route) => route.path)
        // The middleware of every request, the pages and the slugs of posts and landing pages, and the tests' own.
        .filter((path) => !['*', '/*'].includes(path) && !pages.has(path) && !path.startsWith('/:slug'))
        .filter((path) => !path.startsWith('/__test/'))
        .map((path) => `/${path.split('/')[1]}`),
    )
    expect([...mounted].sort()).toEqual(WORKER_ADDRESSES.filter((a) => a !== STATIC_ASSETS).sort())
    // The share links, which the list once lacked, and the built files, which no route of the worker answers.
    expect(WORKER_ADDRESSES).toContain('/review')
    expect(mounted.has(STATIC_ASSETS)).toBe(false)
  })
})

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt disallows /update and points at the sitemap on the same origin', async () => {
    const res = await SELF.fetch('https://shop.example.org/robots.txt')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/^text\/plain/)
    const lines = (await res.text()).split('\n')
    expect(lines).toContain('User-agent: *')
    expect(lines).toContain('Disallow: /update')
    expect(lines).toContain('Disallow: /api/')
    expect(lines).toContain('Disallow: /review/')
    expect(lines).toContain('Sitemap: https://shop.example.org/sitemap.xml')
  })

  it('sitemap.xml lists exactly the public routes, with absolute URLs on the request origin', async () => {
    const res = await SELF.fetch('https://shop.example.org/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/^application\/xml/)
    const xml = await res.text()
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    )
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    // And the German versions of the pages that have one (tests/worker/site/locales.test.ts).
    const german = ['/de/', '/de/about-us', '/de/try-on', '/de/gaming', '/de/try', '/de/blog']
    expect(locs.sort()).toEqual(
      [...PUBLIC_ROUTES, ...german].map((path) => 'https://shop.example.org' + path).sort(),
    )
    expect(xml).not.toContain('/update')
  })
})

describe('the error page', () => {
  async function callApp(path: string, overrides: Partial<Bindings> = {}) {
    const ctx = createExecutionContext()
    const res = await app.request(ORIGIN + path, {}, { ...(env as unknown as Bindings), ...overrides }, ctx)
    await waitOnExecutionContext(ctx)
    return res
  }

  it('answers a render failure with 500, "Unexpected Application Error!", the message and the stack', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const res = await callApp(RENDER_FAILURE_PATH)
    expect(res.status).toBe(500)
    const html = await res.text()
    expect(html).toContain('<title>Unexpected Application Error!</title>')
    expect(textOf(html)).toContain('Unexpected Application Error!')
    expect(textOf(html)).toContain('500 — The showcase data is missing')
    expect(html).toMatch(/<pre[^>]*>Error: The showcase data is missing\s+at /)
    expect(error).toHaveBeenCalled()
  })

  it('shows neither the message nor the stack in production, only that something went wrong', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const APP_ENV of ['production', undefined]) {
      const res = await callApp(RENDER_FAILURE_PATH, { APP_ENV })
      expect(res.status).toBe(500)
      const html = await res.text()
      expect(textOf(html)).toContain('Unexpected Application Error!')
      expect(textOf(html)).toContain('500 — Something went wrong on our side. Please try again in a moment.')
      expect(html).not.toContain('showcase')
      expect(html).not.toContain('<pre')
    }
  })
})
