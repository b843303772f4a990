/**
 * The render state the bench's renders run with (render.tsx gives a request's): a fixed nonce and
 * form token, the built assets' names, and the repository's content with no edition published.
 */
import { ClientNeeds, type RenderState } from '../../src/components/RenderContext'
import { posts } from '../../src/content/pages/blog'
import { defaultSiteCopy } from '../../src/content/site-copy'
import { nav } from '../../src/content/nav'
import { site } from '../../src/content/site'
import { ui } from '../../src/content/ui'

export const NONCE = 'bWVhc3VyZS1ub25jZS0xMjM0'

/** The repository's content, as the content service gives it with no edition published. */
export const SITE = { stamp: 0, copy: defaultSiteCopy, posts, pages: [], gonePages: [] }

export function renderState(): RenderState {
  return {
    nonce: NONCE,
    formToken: 'mfxk2h1c.Zm9ybS10b2tlbi1zaWduYXR1cmUtb2YtdGhlLWZpcnN0LXJlcQ',
    view3dUrl: 'https://viewer.example.com/',
    origin: 'https://example.com',
    needs: new ClientNeeds(),
    assets: {
      styles: '/assets/styles.css',
      console: '/assets/console.css',
      islands: '/assets/islands.js',
      enhance: '/assets/enhance.js',
      passkeys: '/assets/passkeys.js',
      tools: '/assets/tools.js',
      vitals: '/assets/vitals.js',
      dev: false,
    },
    content: SITE,
    locale: 'en',
    alternates: [],
    localHref: (href: string) => href,
    chrome: { ui, nav, site },
  }
}
