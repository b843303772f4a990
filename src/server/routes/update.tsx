import { Hono } from 'hono'
import type { AppEnv } from '../../env'
import { updatePage as updatePageModule } from '../../pages/UpdatePage'
import { settingsUpdateSchema, updateStatusSchema, type UpdateStatus } from '../../schemas/settings'
import { adminAuth } from '../middleware/admin-auth'
import { sameOrigin } from '../middleware/same-origin'
import { renderPage } from '../render/render'
import { viewerUrlService } from '../services/viewer-url'

const FORM_TYPE = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i

/**
 * /update (admin only, unlisted): GET shows the form prefilled with the stored address; POST is
 * the no-JavaScript save, answered with a redirect back to /update?status=… (post/redirect/get).
 */
export const updatePage = new Hono<AppEnv>()

// Origin first: a post from another site is refused outright, without a sign-in prompt.
updatePage.use('/', sameOrigin, adminAuth('text'))

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
  if (!FORM_TYPE.test(c.req.header('Content-Type') ?? '')) {
    return c.text('Send the form as application/x-www-form-urlencoded or multipart/form-data.', 415)
  }
  let form: Record<string, unknown>
  try {
    form = await c.req.parseBody()
  } catch {
    return c.text('The form could not be read.', 400)
  }
  const parsed = settingsUpdateSchema.safeParse({ view3dUrl: form.view3dUrl })
  const service = viewerUrlService(c.env)
  if (!service.ok) return c.text(service.error.message, 503, { 'Cache-Control': 'no-store' })
  let status: UpdateStatus = 'invalid'
  if (parsed.success) status = (await service.value.save(parsed.data.view3dUrl)).ok ? 'updated' : 'failed'
  return c.redirect(`/update?status=${status}`, 303)
})

updatePage.all('/', (c) => c.text('Use GET or POST.', 405, { Allow: 'GET, HEAD, POST' }))
