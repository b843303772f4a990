/**
 * Locales as clients see them (docs/locales.md): every fixed page in each locale it is published in,
 * what each page says it is (lang, hreflang, canonical, og:locale, JSON-LD), the sitemap's alternates,
 * the switcher, and the banner an Accept-Language brings: never a redirect, never a cookie.
 */
import { SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { posts } from '../../../src/content/pages/blog'
import { isCanonicalTag, locales } from '../../../src/lib/locales'
import { pageRoutes, routeLocales } from '../../../src/pages/page-table'
import { ORIGIN } from '../support'

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await SELF.fetch(ORIGIN + path, { headers, redirect: 'manual' })
  return { res, html: await res.text() }
}

const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1]

/** The hreflang links of a page's head: language → absolute address. */
function hreflangs(html: string): Map<string, string> {
  const links = html.match(/<link rel="alternate" hrefLang="[^"]*" href="[^"]*"\/>/g) ?? []
  return new Map(links.map((tag) => [attr(tag, 'hrefLang')!, attr(tag, 'href')!]))
}

const htmlLang = (html: string) => /<html lang="([^"]+)" dir="([^"]+)"/.exec(html)?.slice(1)
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"\/>/.exec(html)?.[1]
const offer = (html: string) => /<section class="locale-offer" lang="([^"]+)"[\s\S]*?<\/section>/.exec(html)

/** Every fixed page in every locale it is published in, with the versions it has. */
const versions = pageRoutes.flatMap((route) =>
  routeLocales(route).map((code) => ({
    code,
    path: code === 'en' ? route.path : route.path === '/' ? `/${code}/` : `/${code}${route.path}`,
    codes: routeLocales(route),
  })),
)

describe('every fixed page in every locale says what it is', () => {
  it('the registry holds BCP 47 tags only, English first', () => {
    expect(locales().map((row) => row.code)).toEqual(['en', 'de'])
    expect(locales().filter((row) => !isCanonicalTag(row.code))).toEqual([])
  })

  it('walks every route × locale: 0 non-reciprocal pairs, 0 invalid codes, 0 alternates that are not 200', async () => {
    const problems: string[] = []
    const seen = new Map<string, Map<string, string>>()
    for (const { code, path, codes } of versions) {
      const { res, html } = await get(path)
      if (res.status !== 200) problems.push(`${path}: ${res.status}`)
      if (htmlLang(html)?.[0] !== code) problems.push(`${path}: lang ${htmlLang(html)?.[0]}`)
      if (canonical(html) !== ORIGIN + path) problems.push(`${path}: canonical ${canonical(html)}`)
      const links = hreflangs(html)
      seen.set(ORIGIN + path, links)
      // Any link in the head that names a language (the feed's too) gives a full address, as
      // Lighthouse's hreflang audit and Google require.
      const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? ''
      for (const tag of head.match(/<link [^>]*hrefLang="[^"]*"[^>]*>/g) ?? [])
        if (!/^https?:\/\//.test(attr(tag, 'href') ?? '')) problems.push(`${path}: relative ${tag}`)
      if (codes.length < 2) {
        if (links.size) problems.push(`${path}: hreflang on a page in one language`)
        continue
      }
      if (links.get(code) !== ORIGIN + path) problems.push(`${path}: not its own alternate`)
      if (links.get('x-default') !== links.get('en')) problems.push(`${path}: x-default is not English`)
      for (const [lang] of links)
        if (lang !== 'x-default' && !isCanonicalTag(lang)) problems.push(`${path}: ${lang}`)
      if ([...links.keys()].sort().join() !== [...codes, 'x-default'].sort().join())
        problems.push(`${path}: hreflang ${[...links.keys()]}`)
    }
    for (const [address, links] of seen)
      for (const [lang, href] of links) {
        const there = seen.get(href)
        if (!there) problems.push(`${address}: ${lang} → ${href}, not a page of the walk`)
        else if ([...there.values()].indexOf(address) < 0)
          problems.push(`${href} does not link back to ${address}`)
      }
    expect(problems).toEqual([])
    expect(versions.filter((v) => v.code === 'de').length).toBeGreaterThanOrEqual(6)
  })

  it('a limited page is not served in a locale it lacks, and offers no switcher there', async () => {
    expect((await get('/de/privacy-policy')).res.status).toBe(404)
    const { html } = await get('/privacy-policy', { 'Accept-Language': 'de' })
    expect(html).not.toContain('hrefLang="de"')
    expect(offer(html)).toBeNull()
    expect(html).not.toContain('class="languages')
  })

  it('German pages are in German, with og:locale, JSON-LD inLanguage and links in German', async () => {
    const { html } = await get('/de/about-us')
    expect(htmlLang(html)).toEqual(['de', 'ltr'])
    expect(html).toMatch(/<h1[^>]*>Über uns<\/h1>/)
    expect(html).toContain('<meta property="og:locale" content="de_DE"/>')
    expect(html).toContain('<meta property="og:locale:alternate" content="en_US"/>')
    expect(html).toContain('<meta property="og:url" content="https://example.com/de/about-us"/>')
    expect(html).toContain('"inLanguage":"de"')
    // What a screen reader hears after a link to another site, in German too.
    expect(html).toContain('auf LinkedIn<span class="sr-only"> (öffnet in einem neuen Tab)</span>')
    expect(html).not.toContain('opens in a new tab')
    // The header's own pages in German, a home section on the German home, a legal page as it is.
    expect(html).toContain('href="/de/try-on"')
    expect(html).toContain('href="/de/#sec-contact"')
    expect(html).toContain('href="/privacy-policy"')
    // The English page is reached only through the switcher (in the header and the footer).
    expect(html.match(/href="\/about-us"/g)).toHaveLength(2)
    expect(html.match(/href="\/about-us" hrefLang="en" lang="en" class="languages-link"/g)).toHaveLength(2)
    const english = (await get('/about-us')).html
    expect(english).toMatch(/<h1[^>]*>About Us<\/h1>/)
    expect(english).toContain('<meta property="og:locale" content="en_US"/>')
    expect(english).toContain('"inLanguage":"en"')
    expect(english).toContain('on LinkedIn<span class="sr-only"> (opens in a new tab)</span>')
  })

  it('dates are written through Intl for the locale', async () => {
    const post = posts[0]!
    const when = new Date(`${post.date}T00:00:00Z`)
    const german = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(when)
    const english = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(when)
    expect((await get('/de/blog')).html).toContain(german)
    expect((await get('/blog')).html).toContain(english)
  })

  it('a locale home asked for without its slash, or a page with one, goes to its one address', async () => {
    const home = await get('/de')
    expect([home.res.status, home.res.headers.get('Location')]).toEqual([301, '/de/'])
    const about = await get('/de/about-us/')
    expect([about.res.status, about.res.headers.get('Location')]).toEqual([301, '/de/about-us'])
  })
})

describe('the switcher goes to the same page in the other locale', () => {
  it('in the header and the footer, on both sides; none on a page in one language', async () => {
    const german = (await get('/de/gaming')).html
    const english = (await get('/gaming')).html
    const toEnglish = german.match(
      /<a href="\/gaming" hrefLang="en" lang="en" class="languages-link">English<\/a>/g,
    )
    const toGerman = english.match(
      /<a href="\/de\/gaming" hrefLang="de" lang="de" class="languages-link">Deutsch<\/a>/g,
    )
    expect([toEnglish?.length, toGerman?.length]).toEqual([2, 2])
    expect(english).toContain('<nav class="languages languages-header" aria-label="Language">')
    expect(german).toContain('<nav class="languages languages-header" aria-label="Sprache">')
    expect((await get(`/${posts[0]!.slug}`)).html).not.toContain('languages-link')
  })
})

describe('the banner: no redirect, no cookie', () => {
  it('Accept-Language de on an English page: a banner in German to the German page, 200, no Set-Cookie', async () => {
    for (const { path, code, codes } of versions.filter((v) => v.code === 'en')) {
      const { res, html } = await get(path, { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.8' })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('Set-Cookie'), path).toBeNull()
      expect(htmlLang(html)?.[0], path).toBe(code)
      const banner = offer(html)
      if (!codes.includes('de')) {
        expect(banner, path).toBeNull()
        continue
      }
      expect(banner?.[1], path).toBe('de')
      expect(banner?.[0]).toContain('Diese Seite gibt es auch auf Deutsch.')
      expect(banner?.[0]).toContain(`href="${path === '/' ? '/de/' : `/de${path}`}"`)
      expect(banner?.[0]).toContain('<a href="#locale-offer-closed" class="locale-offer-close">Schließen</a>')
      expect(res.headers.get('Vary')).toContain('Accept-Language')
    }
  })

  it('no Accept-Language (a crawler), one that prefers the page, or names no locale of the site: no banner', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'Accept-Language': 'en-GB,de;q=0.5' },
      { 'Accept-Language': 'fr, *;q=0.1' },
    ]
    for (const headers of variants) {
      const { res, html } = await get('/about-us', headers)
      expect(res.status).toBe(200)
      expect(offer(html), JSON.stringify(headers)).toBeNull()
    }
    expect(offer((await get('/de/about-us', { 'Accept-Language': 'de-AT' })).html)).toBeNull()
  })

  it('Accept-Language en on a German page offers it in English, in English', async () => {
    const { res, html } = await get('/de/', { 'Accept-Language': 'en-US,en;q=0.9' })
    expect(res.status).toBe(200)
    expect(res.headers.get('Set-Cookie')).toBeNull()
    expect(offer(html)?.[0]).toContain('This page is also in English.')
    expect(offer(html)?.[0]).toContain('href="/"')
  })

  it('an address under /de/ that is no page is a German 404 linking the German home; the English 404 stays English', async () => {
    // Twice each, the second from the page cache: the two 404 pages are two entries, never one for both.
    for (let round = 0; round < 2; round++) {
      const german = await get('/de/gibt-es-nicht')
      expect(german.res.status).toBe(404)
      expect(htmlLang(german.html)?.[0]).toBe('de')
      expect(german.html).toContain('<title>Seite nicht gefunden — XR Stores</title>')
      expect(german.html).toContain('<a href="/de/" class="btn btn-primary">Zur Startseite</a>')
      const english = await get('/no-such-page')
      expect(english.res.status).toBe(404)
      expect(htmlLang(english.html)?.[0]).toBe('en')
      expect(english.html).toContain('Oops! Page not found')
    }
  })

  it('the page cache keeps one variant per offer: a cached page never shows another visitor the banner', async () => {
    const path = '/try'
    const cached = async (headers: Record<string, string>) => {
      for (let attempt = 0; attempt < 40; attempt++) {
        const { res, html } = await get(path, headers)
        if (res.headers.get('X-Page-Cache') === 'hit') return html
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      throw new Error('never cached')
    }
    expect(offer(await cached({ 'Accept-Language': 'de' }))?.[1]).toBe('de')
    expect(offer(await cached({}))).toBeNull()
    expect(offer(await cached({ 'Accept-Language': 'de-CH' }))?.[1]).toBe('de')
    expect(offer(await cached({ 'Accept-Language': 'en' }))).toBeNull()
  })
})

describe('sitemap.xml names every version of each page', () => {
  it('each fixed page once per locale, its xhtml:link alternates reciprocal and listed, none unpublished', async () => {
    const { res, html: xml } = await get('/sitemap.xml')
    expect(res.status).toBe(200)
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>[^<]*<\/lastmod>)?(.*?)<\/url>/g)].map(
      ([, loc, rest]) => ({
        loc: loc!,
        links: new Map(
          [...rest!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
            (m) => [m[1]!, m[2]!],
          ),
        ),
      }),
    )
    const locs = new Set(urls.map((url) => url.loc))
    for (const { path } of versions) expect(locs, path).toContain(ORIGIN + path)
    expect(locs).not.toContain(`${ORIGIN}/de/privacy-policy`)
    const problems: string[] = []
    for (const { loc, links } of urls) {
      for (const [lang, href] of links) {
        if (!locs.has(href)) problems.push(`${loc}: ${lang} ${href} not listed`)
        const back = urls.find((url) => url.loc === href)
        if (back && ![...back.links.values()].includes(loc)) problems.push(`${href} does not name ${loc}`)
      }
      if (links.size && links.get('x-default') !== links.get('en')) problems.push(`${loc}: x-default`)
    }
    expect(problems).toEqual([])
    const german = urls.find((url) => url.loc === `${ORIGIN}/de/about-us`)
    expect(Object.fromEntries(german!.links)).toEqual({
      en: `${ORIGIN}/about-us`,
      de: `${ORIGIN}/de/about-us`,
      'x-default': `${ORIGIN}/about-us`,
    })
    for (const href of new Set(urls.flatMap((url) => [...url.links.values()])))
      expect((await get(href.slice(ORIGIN.length))).res.status, href).toBe(200)
  })
})
