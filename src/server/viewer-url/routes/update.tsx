import { Hono } from 'hono'
import { updatePage as updatePageModule } from '../../../pages/UpdatePage'
import { updateStatusSchema } from '../../../schemas/settings'
import type { AppEnv } from '../../app-env'
import { consoleSignIn, allow } from '../../people/http'
import { consoleForm, consolePages } from '../../platform/http'
import { requireViewerUrl } from '../middleware/require-viewer-url'
import { saveViewerUrlForm } from '../middleware/viewer-url-form'

/**
 * /update (admin only, unlisted), as the spec describes it: GET shows the form prefilled with the
 * stored address; POST saves it, answered with JSON for the island or, without JavaScript, with
 * a redirect back to /update?status=… (post/redirect/get).
 */
export const updatePage = new Hono<AppEnv>()

/** The one page a post to /update comes from: its own form. */
const UPDATE_PAGES = consolePages(['/update'])

// Origin first: a post from another site is refused outright; then the console's sign-in and the role.
updatePage.use(
  '/',
  consoleForm(() => UPDATE_PAGES),
  consoleSignIn,
  allow('viewer-url'),
  requireViewerUrl('text'),
)

updatePage.get('/', async (c) => {
  const status = updateStatusSchema.safeParse(c.req.query('status'))
  const storedUrl = await c.var.viewerUrl.stored()
  const page = updatePageModule({ storedUrl, status: status.success ? status.data : undefined })
  const response = await c.render(page)
  // Admin-only and per-request: never stored by a browser or shared cache, never indexed.
  response.headers.set('Cache-Control', 'no-store')
  response.headers.set('X-Robots-Tag', 'noindex, nofollow')
  return response
})

updatePage.post('/', saveViewerUrlForm('update'), (c) => {
  const saved = c.var.formSave
  if (c.req.header('Accept')?.includes('application/json')) {
    const code = saved.status === 'updated' ? 200 : saved.status === 'invalid' ? 400 : 502
    return c.json({ ok: saved.status === 'updated', ...saved }, code, { 'Cache-Control': 'no-store' })
  }
  return c.redirect(`/update?status=${saved.status}`, 303)
})

updatePage.all('/', (c) => c.text('Use GET or POST.', 405, { Allow: 'GET, HEAD, POST' }))
