/**
 * A landing page's weight for the publish gate (studio/services/composed-pages.ts): its HTML rendered as
 * the site serves it (the preview of the values being saved) and gzipped, and its first view's
 * pictures (studio/services/first-view.ts), in bytes.
 */
import type { Context } from 'hono'
import { studio } from '../../../content/admin/studio'
import { addressedPage } from '../../../pages/page-table'
import type { AppEnv } from '../../app-env'
import type { PageWeigher } from '../services/composed-pages'
import { firstViewBytes } from '../services/first-view'

const BAR = { ...studio.preview, back: { label: studio.preview.back, href: '/admin' } }

export const pageWeigher = (c: Context<AppEnv>): PageWeigher => ({
  async html(site, slug) {
    const page = addressedPage(site, slug)
    if (!page) return 0
    const response = await c.render(page, { path: `/${slug}`, preview: { content: site, bar: BAR } })
    const gzipped = response.body!.pipeThrough(new CompressionStream('gzip'))
    return (await new Response(gzipped).arrayBuffer()).byteLength
  },
  firstView: (sections) => firstViewBytes(sections, (url) => c.var.services.studio.media.variantBytes(url)),
})
