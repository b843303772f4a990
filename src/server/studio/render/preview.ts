/**
 * A document's page drawn with the given site content and a Preview bar (never cached or indexed):
 * the editor's preview of a draft and an experiment's preview of each version.
 */
import type { Context } from 'hono'
import { EDITABLE_DOCUMENTS } from '../../../content/documents'
import { slugOf } from '../../../lib/document-kinds'
import { addressedPage, pageRoutes } from '../../../pages/page-table'
import type { RenderState } from '../../../components/RenderContext'
import type { AppEnv } from '../../app-env'
import { renderPage } from '../../platform/http'
import type { SiteContent } from '../services/content'

export function previewOf(
  c: Context<AppEnv>,
  doc: string,
  site: SiteContent,
  bar: NonNullable<RenderState['preview']>,
) {
  const slug = slugOf(doc)
  const path = slug ? `/${slug}` : EDITABLE_DOCUMENTS.find((document) => document.id === doc)?.page
  const route = pageRoutes.find((candidate) => candidate.path === path)
  const page = route ? route.page(site) : slug && addressedPage(site, slug)
  if (!page || !path) return c.notFound()
  return renderPage(c, page, { path, preview: { content: site, bar } })
}
