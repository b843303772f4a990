import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../env'
import { updatePage as updatePageModule } from '../../pages/UpdatePage'
import { settingsUpdateSchema, updateStatusSchema, type UpdateStatus } from '../../schemas/settings'
import type { ChangeSource } from '../storage/settings-history'
import { adminAuth } from '../middleware/admin-auth'
import { sameOriginForm } from '../middleware/same-origin'
import { renderPage } from '../render/render'
import { viewerUrlService } from '../services/viewer-url'

const FORM_TYPE = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i

export interface FormSave {
  status: UpdateStatus
  /** Why the address was refused (status "invalid"). */
  problem?: string
}

/**
 * Saves the viewer address posted in a form (field view3dUrl) through the one save path.
 * Returns the outcome, or a Response when the request itself is refused.
 */
export async function saveViewerUrlForm(
  c: Context<AppEnv>,
  source: ChangeSource,
): Promise<FormSave | Response> {
  if (!FORM_TYPE.test(c.req.header('Content-Type') ?? '')) {
    return c.text('Send the form as application/x-www-form-urlencoded or multipart/form-data.', 415)
  }
  const form = await c.req.parseBody().catch(() => undefined)
  if (!form) return c.text('The form could not be read.', 400)
  const service = viewerUrlService(c.env)
  if (!service.ok) return c.text(service.error.message, 503, { 'Cache-Control': 'no-store' })
  const parsed = settingsUpdateSchema.safeParse({ view3dUrl: form.view3dUrl })
  if (!parsed.success) return { status: 'invalid', problem: parsed.error.issues[0]?.message }
  const saved = await service.value.change(
    parsed.data.view3dUrl,
    { who: c.get('admin')!.who, source },
    c.env.DB,
  )
  return { status: saved.ok ? 'updated' : 'failed' }
}

/**
 * /update (admin only, unlisted), as the spec describes it: GET shows the form prefilled with the
 * stored address; POST saves it, answered with JSON for the island or, without JavaScript, with
 * a redirect back to /update?status=… (post/redirect/get).
 */
export const updatePage = new Hono<AppEnv>()

// Origin first: a post from another site is refused outright, without a sign-in prompt.
updatePage.use('/', sameOriginForm, adminAuth('text'))

updatePage.get('/', async (c) => {
  const status = updateStatusSchema.safeParse(c.req.query('status'))
  const service = viewerUrlService(c.env)
  if (!service.ok) return c.text(service.error.message, 503, { 'Cache-Control': 'no-store' })
  const storedUrl = await service.value.stored()
  const page = updatePageModule({ storedUrl, status: status.success ? status.data : undefined })
  const response = await renderPage(c, page)
  // Admin-only and per-request: never stored by a browser or shared cache, never indexed.
  response.headers.set('Cache-Control', 'no-store')
  response.headers.set('X-Robots-Tag', 'noindex, nofollow')
  return response
})

updatePage.post('/', async (c) => {
  const saved = await saveViewerUrlForm(c, 'update')
  if (saved instanceof Response) return saved
  if (c.req.header('Accept')?.includes('application/json')) {
    const code = saved.status === 'updated' ? 200 : saved.status === 'invalid' ? 400 : 502
    return c.json({ ok: saved.status === 'updated', ...saved }, code, { 'Cache-Control': 'no-store' })
  }
  return c.redirect(`/update?status=${saved.status}`, 303)
})

updatePage.all('/', (c) => c.text('Use GET or POST.', 405, { Allow: 'GET, HEAD, POST' }))
