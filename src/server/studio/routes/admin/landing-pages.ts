/**
 * The landing pages (admins and editors): /admin/pages, every page; a new page, under an address
 * nothing else holds; share links to its draft; taking it off the site. Each page's editor, preview, publish, schedule
 * and history are the studio's (studio/routes/admin/documents.ts), as for every document.
 */
import { Hono, type Context } from 'hono'
import { adminCopy } from '../../../../content/admin'
import type { LandingTemplate } from '../../../../content/landing-templates'
import { documentHref } from '../../../../lib/admin-links'
import { documentOf } from '../../../../lib/document-kinds'
import { fillTemplate } from '../../../../lib/template'
import { landingPagesPage, newLandingPage } from '../../../../pages/admin/LandingPagesPage'
import { shareLinkMadePage } from '../../../../pages/admin/ShareLinkMadePage'
import { UNPUBLISH_QUESTIONS, unpublishPage } from '../../../../pages/admin/UnpublishPage'
import { pagePaths } from '../../../../pages/page-table'
import type { ComposedPage } from '../../../../schemas/composed-pages'
import type { AppEnv } from '../../../app-env'
import { recordActivity, allow, adminFrame, adminName, backWith, valueOrNull } from '../../../people/http'
import { editorNotices } from '../../render/studio-editor'
import type { AddressHolder, PageStart } from '../../services/page-desk'
import { pageFigures, pageSpeedFigures } from '../../../traffic/http'

type Ctx = Context<AppEnv>
const copy = adminCopy.landing
/** The studio's notices, in a landing page's words. */
const PAGE_NOTICES = editorNotices(documentOf('page', ''))

export const adminLandingPages = new Hono<AppEnv>()

/** Whether a page's form asks questions of its own: its island then sends the form's starts (issue 63). */
const hasOwnForm = (page: ComposedPage) =>
  page.sections.some((section) => 'contact' in section && !!section.contact.fields?.length)

adminLandingPages.get('/', allow('content'), async (c) => {
  const { landingPages } = c.var.services.studio
  const [frame, pages, site] = await Promise.all([
    adminFrame(c, PAGE_NOTICES),
    landingPages.list(),
    c.var.services.studio.content.current(),
  ])
  const paths = pages.ok ? pages.value.map((page) => `/${page.slug}`) : []
  // Without a traffic store (a configuration error, said on /admin/traffic) the list still shows.
  const [figures, speed] = await Promise.all([pageFigures(c, paths), pageSpeedFigures(c, paths)])
  const data = {
    ...frame,
    // Form starts are measured only where the published page's form has questions of its own.
    measured: new Set(site.pages.filter(hasOwnForm).map((page) => page.slug)),
    pages: valueOrNull(pages, 'landing pages'),
    figures: figures && valueOrNull(figures, 'landing page figures'),
    speed: valueOrNull(speed, 'landing page speed'),
    origin: c.var.siteOrigin,
  }
  return c.render(landingPagesPage(data))
})

/** The new-page form, with what was typed and why it was refused. */
async function newPageForm(c: Ctx, form: { slug: string; start: string; error?: string }, status = 200) {
  const [frame, pages] = await Promise.all([
    adminFrame(c, PAGE_NOTICES),
    c.var.services.studio.landingPages.list(),
  ])
  const data = { ...frame, ...form, pages: pages.ok ? pages.value : [] }
  return c.render(newLandingPage(data), { status })
}

const takenText = (taken: AddressHolder) =>
  'path' in taken
    ? fillTemplate(copy.taken[taken.holder], { path: taken.path })
    : fillTemplate(copy.taken[taken.holder], { title: taken.title })

/** The start a form names: a template, or a copy of a page. */
function startOf(value: string): PageStart {
  if (value.startsWith('copy:')) return { copyOf: value.slice('copy:'.length) }
  return { template: (value === 'blank' ? 'blank' : 'campaign') satisfies LandingTemplate }
}

adminLandingPages.get('/new', allow('content'), (c) => newPageForm(c, { slug: '', start: 'campaign' }))

adminLandingPages.post('/new', allow('content'), async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  const slug = typeof form.slug === 'string' ? form.slug.trim() : ''
  const start = typeof form.start === 'string' ? form.start : 'campaign'
  const created = await c.var.services.studio.landingPages.create(slug, startOf(start), adminName(c))
  if (!created.ok && created.error.code === 'invalid')
    return newPageForm(c, { slug, start, error: copy.new.invalid }, 422)
  if (!created.ok && created.error.code === 'missing') return c.notFound()
  if (!created.ok) return newPageForm(c, { slug, start, error: adminCopy.unreadable }, 503)
  if ('taken' in created.value)
    return newPageForm(c, { slug, start, error: takenText(created.value.taken) }, 409)
  await recordActivity(c, 'page-created', { subject: created.value.created })
  return backWith(c, documentHref(created.value.created), 'created')
})

// A share link is shown once, here: only its hash is kept.
adminLandingPages.post('/:id/share', allow('content'), async (c) => {
  const doc = documentOf('page', c.req.param('id'))
  const opened = await c.var.services.studio.content.open(doc)
  if (opened.ok && !opened.value) return c.notFound()
  const made = opened.ok ? await c.var.services.studio.shareLinks.make(doc, adminName(c)) : opened
  if (!made.ok) return backWith(c, documentHref(doc), 'failed')
  await recordActivity(c, 'share-link-made', { subject: doc, detail: made.value.link.expiresAt })
  const frame = await adminFrame(c, PAGE_NOTICES)
  const url = `${c.var.siteOrigin}/review/${made.value.token}`
  const data = { ...frame, url, expiresAt: made.value.link.expiresAt, back: documentHref(doc) }
  return c.render(shareLinkMadePage(data), { status: 201 })
})

adminLandingPages.post('/:id/share/:link/revoke', allow('content'), async (c) => {
  const doc = documentOf('page', c.req.param('id'))
  const revoked = await c.var.services.studio.shareLinks.revoke(doc, c.req.param('link'))
  if (revoked.ok && revoked.value) await recordActivity(c, 'share-link-revoked', { subject: doc })
  return backWith(c, documentHref(doc), revoked.ok ? 'shareRevoked' : 'failed')
})

/** Take off the site asks first: this page, with a redirect for its visitors if one is wanted. */
async function unpublishForm(c: Ctx, form: { to?: string; error?: string } = {}, status = 200) {
  const slug = c.req.param('id')!
  const doc = documentOf('page', slug)
  const site = await c.var.services.studio.content.current()
  const page = site.pages.find((candidate) => candidate.slug === slug)
  // Not on the site (never published, or taken off already): the editor says where it stands.
  if (!page) return backWith(c, documentHref(doc), 'nothing')
  const frame = await adminFrame(c, editorNotices(doc))
  const action = documentHref(doc, 'unpublish')
  const data = {
    ...frame,
    question: UNPUBLISH_QUESTIONS.landing,
    path: `/${slug}`,
    title: page.title,
    action,
    back: documentHref(doc),
    ...form,
  }
  return c.render(unpublishPage(data), { status })
}

adminLandingPages.get('/:id/unpublish', allow('content'), (c) => unpublishForm(c))

adminLandingPages.post('/:id/unpublish', allow('content'), async (c) => {
  const slug = c.req.param('id')
  const doc = documentOf('page', slug)
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  const to = typeof form.to === 'string' ? form.to.trim() : ''
  const { content, redirects, landingPages } = c.var.services.studio
  if (to) {
    // The redirect first, checked as Redirects checks one, as if the page were off the site already:
    // refused, nothing changes and the question is asked again with the reason.
    const served = pagePaths(await content.current()).filter((path) => path !== `/${slug}`)
    const verdict = await redirects.add({ from: `/${slug}`, to, status: '301' }, served, adminName(c))
    if (!verdict.ok) return unpublishForm(c, { to, error: adminCopy.unreadable }, 503)
    if (!verdict.value.saved) {
      const { code, offer, other } = verdict.value
      const error = fillTemplate(adminCopy.redirects.refusals[code], {
        from: `/${slug}`,
        to,
        next: offer?.to ?? '',
        other: other ?? '',
      })
      return unpublishForm(c, { to, error }, 422)
    }
    await recordActivity(c, 'redirect-saved', {
      subject: `/${slug}`,
      detail: `${verdict.value.rule.to} (301)`,
    })
  }
  const done = await landingPages.unpublish(slug, adminName(c))
  if (done.ok && done.value) await recordActivity(c, 'page-unpublished', { subject: doc })
  const notice = to ? 'unpublishedRedirected' : 'unpublished'
  return backWith(c, documentHref(doc), done.ok ? notice : 'failed')
})

/** Notices a page's move ends with, by what the page desk answered. */
const MOVE_NOTICES = {
  repository: 'pageMoveRepository',
  invalid: 'pageMoveInvalid',
  taken: 'pageMoveTaken',
  missing: 'failed',
} as const

// Move to this address: the page, its history and its share links, with a 301 from the old address.
adminLandingPages.post('/:id/address', allow('content'), async (c) => {
  const from = c.req.param('id')
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  const to = typeof form.slug === 'string' ? form.slug.trim() : ''
  const moved = await c.var.services.studio.landingPages.move(from, to, adminName(c))
  if (!moved.ok && moved.error.code === 'missing') return c.notFound()
  if (!moved.ok) {
    const code = moved.error.code
    return backWith(c, documentHref(documentOf('page', from)), code ? MOVE_NOTICES[code] : 'failed')
  }
  await recordActivity(c, 'page-moved', { subject: documentOf('page', to), detail: `/${from}` })
  return backWith(
    c,
    documentHref(documentOf('page', to)),
    moved.value.redirected ? 'pageMoved' : 'pageMovedDraft',
  )
})
