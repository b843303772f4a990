/**
 * The studio's editor, for a part of the copy (/admin/content/<doc>) or a post
 * (/admin/posts/<slug>): one form generated from the document's schema, posted whole. Its buttons
 * save a draft (always first), then preview it (draft-views.ts), publish it or schedule it; a
 * list's buttons change the form and show it again, saving nothing. A save over a draft someone else saved since
 * is refused with both drafts shown; a save that does not pass the checks shows the form again
 * with each error beside its field. History, Restore, Cancel schedule; for posts, Take off the
 * site and Revert. Plain posts with Post/Redirect/Get: everything works without JavaScript.
 */
import { Hono, type Context } from 'hono'
import { documentHref } from '../../../../lib/admin-links'
import { differences, valueAt, withValueAt } from '../../../../lib/edition'
import { focusOf } from '../../../../lib/list-focus'
import { libraryPath } from '../../../../lib/library'
import { picksTakingLibraryAlt, withLibraryAlt, type FormInput } from '../../../../lib/schema-form'
import { applyListOperation, choosingKindsOn, listOperationOf } from '../../../../lib/schema-form-lists'
import { documentHistoryPage } from '../../../../pages/admin/DocumentHistoryPage'
import type { AppEnv } from '../../../app-env'
import { recordActivity, allow, adminFrame, adminName, backWith, valueOrNull } from '../../../people/http'
import { pageWeigher } from '../../render/page-weight'
import { editorNotices, readDocument, rootLabel, showEditor, starterErrors } from '../../render/studio-editor'
import { documentSchema } from '../../services/content-build'
import { kindModule } from '../../kinds'

type Ctx = Context<AppEnv>

/** A time the schedule field gives (YYYY-MM-DDTHH:MM, in UTC), if it is one and still ahead. */
export function scheduleTime(value: unknown, now = Date.now()): Date | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return undefined
  const at = new Date(`${value}Z`)
  return Number.isNaN(at.getTime()) || at.getTime() <= now ? undefined : at
}

/**
 * The whole form as one tree, a list operation applied, and back to parts; and what the operation
 * leaves in focus, for the editor to come back to (lib/list-focus.ts).
 */
function withOperation(
  doc: string,
  value: Record<string, unknown>,
  op: NonNullable<ReturnType<typeof listOperationOf>>,
) {
  let tree: unknown = {}
  for (const [root, part] of Object.entries(value)) tree = withValueAt(tree, root, part)
  const items = valueAt(tree, op.list)
  const focus = focusOf(op.verb, op.list, op.index, Array.isArray(items) ? items.length : 0)
  tree = applyListOperation(tree, documentSchema(doc), op)
  return { value: Object.fromEntries(Object.keys(value).map((root) => [root, valueAt(tree, root)])), focus }
}

/**
 * The posted form, a newly picked library picture bringing the alt text it has in Media (unless
 * the author typed their own); the library is read only when a picture was just picked.
 */
async function withPickedAlt(c: Ctx, form: FormInput): Promise<FormInput> {
  if (!picksTakingLibraryAlt(form).length) return form
  const items = valueOrNull(await c.var.services.studio.media.list(), 'media library') ?? []
  const alts = new Map(
    items.map((item) => [libraryPath(item.id, item.width, item.height, item.type), item.alt]),
  )
  return withLibraryAlt(form, alts)
}

/** The editor's routes for documents named by `docOf(id)`. */
export function documentRoutes(docOf: (id: string) => string) {
  const routes = new Hono<AppEnv>()
  const back = (c: Ctx, notice: string, action?: string) =>
    backWith(c, documentHref(docOf(c.req.param('id')!), action), notice)

  // A locale's edition (home-hero@de) applies to that locale's repository copy, loaded with its first editor.
  routes.use('/:id/*', async (c, next) => {
    await c.var.services.studio.content.lendLocale(docOf(c.req.param('id')!))
    await next()
  })
  routes.use('/:id', async (c, next) => {
    await c.var.services.studio.content.lendLocale(docOf(c.req.param('id')!))
    await next()
  })

  /** The document at this address, opened; a 404 for none, a failure page when it cannot be read. */
  async function opened(c: Ctx) {
    const doc = docOf(c.req.param('id')!)
    const view = await c.var.services.studio.content.open(doc)
    if (!view.ok) return { doc, failed: true as const }
    return { doc, view: view.value }
  }

  routes.get('/:id', allow('content'), async (c) => {
    const { doc, view } = await opened(c)
    if (!view) return c.notFound()
    return showEditor(c, doc, { value: view.value, version: view.version, state: view.state })
  })

  routes.post('/:id', allow('content'), async (c) => {
    const { doc, view } = await opened(c)
    if (!view) return c.notFound()
    const { content } = c.var.services.studio
    const posted = await withPickedAlt(c, await c.req.parseBody().catch(() => ({})))
    const op = listOperationOf(posted._op)
    const form = op ? choosingKindsOn(posted, documentSchema(doc), op.list) : posted
    let value = readDocument(doc, Object.keys(view.value), form)
    // A post's or a page's address is its document's: the form shows it, never changes it.
    value = kindModule(doc).pinned?.(doc, value) ?? value
    const version = Number(form['@version']) || 0
    if (op) {
      const next = withOperation(doc, value, op)
      const changed = JSON.stringify(next.value) !== JSON.stringify(value)
      return showEditor(c, doc, { ...next, version, state: view.state, listChange: { op, changed } })
    }
    // The publish gate: a page still titled or described in its template's words does not go live.
    const starters = form._op === 'publish' || form._op === 'schedule' ? starterErrors(doc, value) : {}
    if (Object.keys(starters).length)
      return showEditor(c, doc, { value, version, state: view.state, errors: starters })
    const who = adminName(c)
    const saved = await content.save(doc, value, version, who, pageWeigher(c))
    if (!saved.ok) {
      const errors = saved.error.fields
      if (errors) return showEditor(c, doc, { value, version, state: view.state, errors })
      if (saved.error.code !== 'stale') return back(c, 'failed')
      // Someone saved since this form was drawn: show both, and let a second save be a choice.
      const stale = Object.keys(value).flatMap((root) => differences(view.value[root], value[root], root))
      return showEditor(c, doc, { value, version: view.version, state: view.state, stale, status: 409 })
    }
    const { version: savedVersion, unscheduled } = saved.value
    if (unscheduled)
      await recordActivity(c, 'content-schedule-cancelled', { subject: doc, detail: 'a later save' })
    if (form._op === 'preview') return c.redirect(documentHref(doc, 'preview'), 303)
    if (form._op === 'publish') {
      const published = await content.publishSaved(doc, saved.value, who)
      if (published.ok && published.value) await recordActivity(c, 'content-published', { subject: doc })
      return back(
        c,
        published.ok ? (published.value ? 'published' : 'nothing') : (published.error.code ?? 'failed'),
      )
    }
    if (form._op === 'schedule') {
      const at = scheduleTime(form['@at'])
      if (!at) return back(c, 'time')
      const scheduled = await content.schedule(doc, at, savedVersion, who)
      if (!scheduled.ok) return back(c, 'failed')
      await recordActivity(c, 'content-scheduled', { subject: doc, detail: at.toISOString() })
      return back(c, scheduled.value ? 'scheduled' : 'stale')
    }
    return back(c, unscheduled ? 'savedUnscheduled' : 'saved')
  })

  routes.post('/:id/cancel', allow('content'), async (c) => {
    const doc = docOf(c.req.param('id'))
    const cancelled = await c.var.services.studio.content.cancelSchedule(doc)
    if (cancelled.ok && cancelled.value)
      await recordActivity(c, 'content-schedule-cancelled', { subject: doc })
    return back(c, cancelled.ok ? 'cancelled' : 'failed')
  })

  routes.get('/:id/history', allow('content'), async (c) => {
    const doc = docOf(c.req.param('id'))
    const [frame, revisions, view] = await Promise.all([
      adminFrame(c, editorNotices(doc)),
      c.var.services.studio.history.of(doc),
      c.var.services.studio.content.open(doc),
    ])
    if (revisions.ok && revisions.value === null) return c.notFound()
    const value = view.ok ? view.value?.value : undefined
    const title = kindModule(doc).title(doc, value)
    const roots = Object.fromEntries(Object.keys(value ?? {}).map((root) => [root, rootLabel(root)]))
    const list = valueOrNull(revisions, 'history')
    const repository = c.var.services.studio.history.hasRepositoryCopy(doc)
    return c.render(documentHistoryPage({ ...frame, doc, title, roots, revisions: list, repository }))
  })

  // Before /:revision/restore, which would read `repository` as a revision that is not there.
  routes.post('/:id/history/repository/restore', allow('content'), async (c) => {
    const doc = docOf(c.req.param('id'))
    const restored = await c.var.services.studio.history.restoreRepository(doc, adminName(c))
    if (restored.ok && restored.value)
      await recordActivity(c, 'content-restored', { subject: doc, detail: 'the repository’s copy' })
    if (restored.ok && !restored.value) return back(c, 'missing', 'history')
    return back(c, restored.ok ? 'restored' : 'failed', 'history')
  })

  routes.post('/:id/history/:revision/restore', allow('content'), async (c) => {
    const doc = docOf(c.req.param('id'))
    const id = Number(c.req.param('revision'))
    if (!Number.isSafeInteger(id) || id < 1) return back(c, 'missing', 'history')
    const restored = await c.var.services.studio.history.restore(doc, id, adminName(c))
    if (restored.ok && restored.value)
      await recordActivity(c, 'content-restored', { subject: doc, detail: `revision ${id}` })
    if (restored.ok && !restored.value) return back(c, 'missing', 'history')
    if (!restored.ok && restored.error.code === 'picture-gone') return back(c, 'pictureGone', 'history')
    return back(c, restored.ok ? 'restored' : 'failed', 'history')
  })

  return routes
}
