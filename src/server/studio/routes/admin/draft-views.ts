/**
 * Every draft view, in one route family: a document's preview (/admin/<part>/<id>/preview, one route
 * per console part of DOCUMENT_KINDS, at the address its kind draws it (studio/kinds/), so a new kind has its preview here and nowhere else) and a share link to
 * a landing page's draft (/review/<token>, studio/services/share-links.ts). Each shows the site as it
 * will look, with the draft, under a bar that says so; never cached, indexed or counted.
 *
 * A draft holds what an editor wrote, so no draft view may drive the console. The console lists the
 * pages a post may come from (platform/middleware/same-origin.ts `consolePages`, from its own routes
 * before these are mounted), and no draft view is among them; and a draft view sends no Referer at
 * all, so a post from one carries nothing the console could take for a page of its own.
 *
 * A lead sent from a draft view is a test: the render state `preview` makes the page's contact form
 * carry a form token marked as a draft view's (leads/services/form-token.ts), so the lead is kept in
 * the spam folder as a test, never e-mailed nor posted to the CRM (docs/leads.md).
 */
import { Hono, type Context } from 'hono'
import { adminCopy } from '../../../../content/admin'
import { documentHref, utcText } from '../../../../lib/admin-links'
import { PART_PATHS } from '../../../../lib/console-parts'
import { DOCUMENT_KINDS, documentAt, slugOf } from '../../../../lib/document-kinds'
import { localeOfDocument, sourceDocument } from '../../../../lib/locale-documents'
import { fillTemplate } from '../../../../lib/template'
import { reviewGonePage } from '../../../../pages/NotFoundPage'
import { articlePage } from '../../../../pages/ArticlePage'
import { addressedPage, pageRoutes } from '../../../../pages/page-table'
import type { Post } from '../../../../schemas/posts'
import type { SiteContent } from '../../../../schemas/site-copy'
import type { AppEnv } from '../../../app-env'
import { allow, backWith } from '../../../people/http'
import { experimentById } from '../../../experiments/http'
import { kindModule } from '../../kinds'
import { inTheirLocale } from '../../middleware/translator-locale'

type Ctx = Context<AppEnv>
type Bar = { label: string; note: string; back: { label: string; href: string } }

/** The one way a draft is drawn: the page, with the draft's content, under its bar, sending no Referer. */
function showDraft(
  c: Ctx,
  page: Parameters<Ctx['render']>[0],
  path: string | null,
  site: SiteContent,
  bar: Bar,
  locale?: string,
) {
  c.set('noReferrer', true)
  return c.render(page, { path, preview: { content: site, bar }, locale })
}

/**
 * The page a document's draft is drawn on (at the address its kind gives it), that page's address,
 * and, for a locale's edition (home-hero@de), its locale: the page drawn in it.
 */
function pageOf(doc: string, site: SiteContent) {
  const locale = localeOfDocument(doc)?.code
  const path = kindModule(doc).path(doc)
  const source = kindModule(doc).path(sourceDocument(doc))
  const route = pageRoutes.find((candidate) => candidate.path === source)
  // A post's locale edition, with the draft, at its own address (/de/blog-1); nothing written yet: the English words.
  const slug = slugOf(sourceDocument(doc))
  const ofSlug = (posts: readonly Post[] | undefined) => posts?.find((post) => post.slug === slug)
  const edition = locale && slug ? (ofSlug(site.localePosts?.[locale]) ?? ofSlug(site.posts)) : undefined
  // In a locale the page is drawn from the render's content (the locale's words with the draft), as the site's routes do.
  const page = route
    ? locale
      ? route.page
      : route.page(site)
    : edition
      ? articlePage(edition, path)
      : source && addressedPage(site, source.slice(1), locale)
  return page && path ? { page, path, locale } : undefined
}

/** The previews, mounted in the console (after its sign-in), each under its kind's part. */
export const previewRoutes = new Hono<AppEnv>()

/** One preview's address of each kind (and an experiment's version), which the console checks is none of its pages at its start. */
export const PREVIEW_EXAMPLES = [
  ...Object.values(DOCUMENT_KINDS).map(({ part }) => `${PART_PATHS[part]}/x/preview`),
  `${PART_PATHS.experiments}/x/versions/A/preview`,
]

const previewWords = adminCopy.studio.preview
/** A document's draft under its bar, drawn on its page (for a locale's edition, in that locale). */
async function previewOf(c: Ctx, doc: string) {
  const site = await c.var.services.studio.content.preview(doc)
  if (!site.ok) return backWith(c, documentHref(doc), 'failed')
  const drawn = pageOf(doc, site.value)
  // A landing page's translation with no words yet draws no page in its locale (never the English
  // under its language): its editor says so, rather than a preview that is not found.
  if (!drawn && localeOfDocument(doc)) return backWith(c, documentHref(doc), 'nothingToPreview')
  if (!drawn) return c.notFound()
  const bar = { ...previewWords, back: { label: previewWords.back, href: documentHref(doc) } }
  return showDraft(c, drawn.page, drawn.path, site.value, bar, drawn.locale)
}

// A translation's preview (home-hero@de, a post's blog-1@de, a landing page's nrf-2027@de) is its
// translator's too, in their locales (before the part's own).
for (const part of ['content', 'posts', 'landing'] as const) {
  const at = PART_PATHS[part].slice(PART_PATHS.overview.length)
  previewRoutes.get(`${at}/:id{[a-z0-9-]+@[a-z]{2,3}}/preview`, allow('translate'), inTheirLocale, (c) =>
    previewOf(c, documentAt(part, c.req.param('id'))),
  )
}

for (const part of new Set(Object.values(DOCUMENT_KINDS).map((kind) => kind.part))) {
  const at = PART_PATHS[part].slice(PART_PATHS.overview.length)
  previewRoutes.get(`${at}/:id/preview`, allow('content'), (c) =>
    previewOf(c, documentAt(part, c.req.param('id'))),
  )
}

/** An experiment's version as the visitors given it see it (version A: the live page), from its page. */
const versionWords = adminCopy.experiments.detail.versionPreview
previewRoutes.get(
  `${PART_PATHS.experiments.slice(PART_PATHS.overview.length)}/:id/versions/:arm/preview`,
  allow('experiments'),
  async (c) => {
    const { content } = c.var.services.studio
    const found = await experimentById(c, c.req.param('id'))
    if (!found.ok) throw new Error(found.error.message)
    const experiment = found.value
    const arm = experiment?.arms.find((candidate) => candidate.name === c.req.param('arm'))
    if (!experiment || !arm) return c.notFound()
    const editions = new Map(arm.edition ? [[experiment.doc, arm.edition]] : [])
    const site = await content.liveWith(editions, experiment.doc)
    if (!site.ok) throw new Error(site.error.message)
    const drawn = pageOf(experiment.doc, site.value)
    if (!drawn) return c.notFound()
    const words = { arm: arm.name, name: experiment.name }
    const bar = {
      label: fillTemplate(versionWords.label, words),
      note: fillTemplate(arm.edition ? versionWords.note : versionWords.liveNote, words),
      back: {
        label: versionWords.back,
        href: `${PART_PATHS.experiments}/${encodeURIComponent(experiment.id)}`,
      },
    }
    // A version of a locale's edition is drawn in that locale, at its address there (/de/).
    return showDraft(c, drawn.page, drawn.path, site.value, bar, drawn.locale)
  },
)

/**
 * /review/<token>: whoever has the link sees the landing page's draft, under a bar that says it is a
 * draft and until when the link opens. A revoked, ended or unknown link is 410 Gone.
 */
export const reviewRoutes = new Hono<AppEnv>()

const shareWords = adminCopy.landing.share.bar
reviewRoutes.get('/:token', async (c) => {
  const { content, shareLinks } = c.var.services.studio
  const link = await shareLinks.open(c.req.param('token'))
  if (!link.ok) throw new Error(link.error.message)
  if (!link.value) return c.render(reviewGonePage, { status: 410, path: null })
  const site = await content.preview(link.value.doc)
  if (!site.ok) throw new Error(site.error.message)
  const page = addressedPage(site.value, slugOf(link.value.doc)!)
  if (!page) return c.render(reviewGonePage, { status: 410, path: null })
  const note = fillTemplate(shareWords.note, { at: utcText(link.value.expiresAt) })
  const bar = { label: shareWords.label, note, back: { label: shareWords.back, href: '/' } }
  // The token is the key: no link on the page may carry it away in a Referer.
  return showDraft(c, page, null, site.value, bar)
})
