/**
 * Issue 45's comparison: rendering /about-us, a hand-built page, beside two landing pages composed
 * from the site's own sections (the campaign template, and the page of every section type), each
 * the full document drained, in the same workerd isolate as the home page's rows.
 */
import { LANDING_TEMPLATES } from '../../src/content/landing-templates'
import { aboutUsPage } from '../../src/pages/AboutUsPage'
import { composedPage } from '../../src/pages/ComposedPage'
import type { PageModule } from '../../src/schemas/page-module'
import type { SiteContent } from '../../src/schemas/site-copy'
import { compilePage } from '../../src/server/studio/services/composed-pages'
import { EVERY_SECTION_PAGE } from '../../tests/support/landing-fixture'
import { measure } from './timing'

/** A landing page as the content service compiles its published draft. */
async function landing(draft: unknown, site: SiteContent): Promise<PageModule> {
  const compiled = await compilePage(draft)
  if (!('page' in compiled)) throw new Error(JSON.stringify(compiled.problems))
  return composedPage(compiled.page, site.posts)
}

export async function pageRenders(
  site: SiteContent,
  render: (page: PageModule, path: string) => Promise<string>,
) {
  const pages = [
    ['render /about-us', aboutUsPage(site), '/about-us'],
    [
      'render a landing page: the campaign template',
      await landing({ ...LANDING_TEMPLATES.campaign, slug: 'campaign' }, site),
      '/campaign',
    ],
    ['render a landing page: every section type', await landing(EVERY_SECTION_PAGE, site), '/every-section'],
  ] as const
  const rows = []
  for (const [what, page, path] of pages) {
    const html = await render(page, path)
    const stats = await measure(16, () => render(page, path))
    rows.push({ what, copies: 1, htmlBytes: new TextEncoder().encode(html).length, ...stats })
  }
  return rows
}
