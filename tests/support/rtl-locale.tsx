/**
 * The `ar` right-to-left fixture (issue 61) as a whole page, for a browser to audit: a registry row
 * added for the test only (lib/locales.ts addLocaleForTest; the site ships no such locale), the
 * chrome's words and the page's heading in Arabic (the rest of the copy stays English, as brand and
 * product names do on an Arabic page: pseudo-localised), and /about-us drawn by the site's own
 * document and page with the production build's assets (its manifest), so the page a browser gets
 * has the site's real stylesheet, mirrored by `dir="rtl"`. It shows the banner offering English,
 * as to a visitor whose browser prefers English.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { ClientNeeds, RenderContext, type RenderState } from '../../src/components/RenderContext'
import { nav } from '../../src/content/nav'
import { posts } from '../../src/content/pages/blog'
import { site } from '../../src/content/site'
import { defaultSiteCopy } from '../../src/content/site-copy'
import { ui } from '../../src/content/ui'
import { addLocaleForTest, alternatesOf, type LocaleRow } from '../../src/lib/locales'
import { aboutUsPage } from '../../src/pages/AboutUsPage'
import { localHrefIn } from '../../src/pages/local-href'
import { SiteDocument } from '../../src/pages/SiteDocument'
import { resolveAssets } from '../../src/server/platform/render/assets'

export const AR_ROW: LocaleRow = { code: 'ar', name: 'العربية', og: 'ar_AR', dir: 'rtl', intl: 'ar' }

const arUi = {
  ...ui,
  backToHome: 'العودة إلى الصفحة الرئيسية',
  languages: {
    label: 'اللغة',
    offer: 'هذه الصفحة متوفرة أيضًا بالعربية.',
    action: 'اقرأ بالعربية',
    close: 'إغلاق',
  },
}

/**
 * The fixture's /ar/about-us as the worker would draw it with the build of `manifest`, for `origin`.
 * @param manifest the production build's client manifest (dist/client/.vite/manifest.json)
 */
export function arAboutUsPage(manifest: Parameters<typeof resolveAssets>[0], origin: string): string {
  const remove = addLocaleForTest(AR_ROW)
  try {
    const content = { stamp: 0, copy: defaultSiteCopy, posts, pages: [], gonePages: [] }
    const about = defaultSiteCopy.about
    const page = aboutUsPage({
      ...content,
      copy: { ...defaultSiteCopy, about: { ...about, heading: 'من نحن' } },
    })
    const alternates = alternatesOf('/about-us', ['en', 'ar'])
    const english = alternates.find((alternate) => alternate.code === 'en')!
    const state: RenderState = {
      nonce: 'rtl-fixture',
      formToken: 'rtl-fixture',
      view3dUrl: 'https://viewer.example.com/',
      origin,
      needs: new ClientNeeds(),
      assets: resolveAssets(manifest),
      content,
      locale: 'ar',
      alternates,
      chrome: { ui: arUi, nav, site },
      suggestion: { ...english, words: ui.languages },
      localHref: localHrefIn('ar'),
    }
    return (
      '<!DOCTYPE html>' +
      renderToStaticMarkup(
        <RenderContext.Provider value={state}>
          <SiteDocument meta={{ ...page.meta, title: 'من نحن' }} path="/ar/about-us">
            <page.Page />
          </SiteDocument>
        </RenderContext.Provider>,
      )
    )
  } finally {
    remove()
  }
}
