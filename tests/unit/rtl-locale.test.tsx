/**
 * A right-to-left locale is one row of the registry (docs/locales.md): an `ar` fixture, added for
 * this test only (lib/locales.ts addLocaleForTest; the site ships no such locale), draws the page
 * `dir="rtl"` with its language everywhere the page says it, and its links under `/ar`.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientNeeds, RenderContext, type RenderState } from '../../src/components/RenderContext'
import { posts } from '../../src/content/pages/blog'
import { defaultSiteCopy } from '../../src/content/site-copy'
import { nav } from '../../src/content/nav'
import { site } from '../../src/content/site'
import { ui } from '../../src/content/ui'
import { addLocaleForTest, alternatesOf, localeRow } from '../../src/lib/locales'
import { localHrefIn } from '../../src/pages/local-href'
import { SiteDocument } from '../../src/pages/SiteDocument'

let remove: () => void
beforeAll(() => {
  remove = addLocaleForTest({ code: 'ar', name: 'العربية', og: 'ar_AR', dir: 'rtl', intl: 'ar' })
})
afterAll(() => remove())

function page(locale: string, path: string): string {
  const state: RenderState = {
    nonce: 'n',
    formToken: 't',
    view3dUrl: 'https://viewer.example.com/',
    origin: 'https://shop.example.org',
    needs: new ClientNeeds(),
    assets: {
      styles: '/a.css',
      console: '/c.css',
      islands: '/i.js',
      enhance: '/e.js',
      passkeys: '/p.js',
      tools: '/t.js',
      vitals: '/v.js',
      dev: false,
    },
    content: { stamp: 0, copy: defaultSiteCopy, posts, pages: [], gonePages: [] },
    locale,
    alternates: alternatesOf('/about-us', ['en', 'ar']),
    chrome: { ui: { ...ui, languages: { ...ui.languages, label: 'اللغة' } }, nav, site },
    localHref: localHrefIn(locale),
  }
  return renderToStaticMarkup(
    <RenderContext.Provider value={state}>
      <SiteDocument meta={{ title: 'من نحن', description: 'صفحة' }} path={path}>
        <h1>من نحن</h1>
      </SiteDocument>
    </RenderContext.Provider>,
  )
}

describe('an `ar` fixture, right to left', () => {
  it('is a row of the registry while the test holds it', () => {
    expect(localeRow('ar')?.dir).toBe('rtl')
  })

  it('draws its page dir="rtl", says its language in the head, and links under /ar', () => {
    const html = page('ar', '/ar/about-us')
    expect(html).toContain('<html lang="ar" dir="rtl">')
    expect(html).toContain('<link rel="canonical" href="https://shop.example.org/ar/about-us"/>')
    expect(html).toContain(
      '<link rel="alternate" hrefLang="ar" href="https://shop.example.org/ar/about-us"/>',
    )
    expect(html).toContain(
      '<link rel="alternate" hrefLang="x-default" href="https://shop.example.org/about-us"/>',
    )
    expect(html).toContain('<meta property="og:locale" content="ar_AR"/>')
    expect(html).toContain('<meta property="og:locale:alternate" content="en_US"/>')
    expect(html).toContain('"inLanguage":"ar"')
    expect(html).toContain('href="/ar/try-on"')
    expect(html).toContain('<nav class="languages languages-header" aria-label="اللغة">')
    expect(html).toContain('<a href="/about-us" hrefLang="en" lang="en" class="languages-link">English</a>')
  })

  it('leaves the English page left to right, offering the fixture by its own name', () => {
    const html = page('en', '/about-us')
    expect(html).toContain('<html lang="en" dir="ltr">')
    expect(html).toContain(
      '<a href="/ar/about-us" hrefLang="ar" lang="ar" class="languages-link">العربية</a>',
    )
    expect(html).toContain('href="/try-on"')
  })
})
