/**
 * /review/<token>: a share link to a landing page's draft (studio/services/share-links.ts). Whoever has
 * the link sees the page as it will look, under a bar that says it is a draft and until when the
 * link opens; never cached, indexed or counted. A revoked, ended or unknown link is 410 Gone.
 */
import { Hono } from 'hono'
import { landing } from '../../../content/admin/landing-pages'
import { utcText } from '../../../lib/admin-links'
import { slugOf } from '../../../lib/document-kinds'
import { fillTemplate } from '../../../lib/template'
import { reviewGonePage } from '../../../pages/NotFoundPage'
import { addressedPage } from '../../../pages/page-table'
import type { AppEnv } from '../../app-env'
import { renderPage } from '../../platform/http'

const words = landing.share.bar

export const reviewRoutes = new Hono<AppEnv>()

reviewRoutes.get('/:token', async (c) => {
  const { content, shareLinks } = c.var.services.studio
  const link = await shareLinks.open(c.req.param('token'))
  if (!link.ok) throw new Error(link.error.message)
  if (!link.value) return renderPage(c, reviewGonePage, { status: 410, path: null })
  const site = await content.preview(link.value.doc)
  if (!site.ok) throw new Error(site.error.message)
  const page = addressedPage(site.value, slugOf(link.value.doc)!)
  if (!page) return renderPage(c, reviewGonePage, { status: 410, path: null })
  const note = fillTemplate(words.note, { at: utcText(link.value.expiresAt) })
  const bar = { label: words.label, note, back: { label: words.back, href: '/' } }
  // The token is the key: no link on the page may carry it away in a Referer.
  c.set('noReferrer', true)
  return renderPage(c, page, { path: null, preview: { content: site.value, bar } })
})
