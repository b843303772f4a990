import { Hono, type Context } from 'hono'
import { adminCopy } from '../../../content/admin'
import type { AppEnv } from '../../../env'
import { ADMIN_PATHS } from '../../../lib/admin-links'
import { settingsPage } from '../../../pages/admin/SettingsPage'
import { viewerUrlProblem } from '../../../schemas/settings'
import { renderPage } from '../../render/render'
import { viewerUrlService } from '../../services/viewer-url'
import { SettingsHistory } from '../../storage/settings-history'
import { saveViewerUrlForm } from '../update'
import { adminFrame, adminName, backWith, valueOrNull } from './frame'

type SettingsNotice = keyof typeof adminCopy.settings.notices

const back = (c: Context<AppEnv>, notice: SettingsNotice) => backWith(c, ADMIN_PATHS.settings, notice)

/** How many changes the page lists. */
const HISTORY_ROWS = 50

/**
 * /admin/settings: the viewer URL, its form (source "console") and its history, each row with
 * a Restore that saves the row's To value through the same path (store, caches, a history row).
 */
export const settingsRoutes = new Hono<AppEnv>()

settingsRoutes.get('/', async (c) => {
  const service = viewerUrlService(c.env)
  if (!service.ok) return c.text(service.error.message, 503)
  const [frame, storedUrl, history] = await Promise.all([
    adminFrame(c, adminCopy.settings.notices),
    service.value.stored(),
    new SettingsHistory(c.env.DB).latest(HISTORY_ROWS),
  ])
  return renderPage(
    c,
    settingsPage({ ...frame, storedUrl, history: valueOrNull(history, 'viewer URL history') }),
  )
})

settingsRoutes.post('/', async (c) => {
  const saved = await saveViewerUrlForm(c, 'console')
  if (saved instanceof Response) return saved
  return back(c, saved.status)
})

settingsRoutes.post('/restore', async (c) => {
  const form = await c.req.parseBody().catch(() => undefined)
  const id = Number(form?.id)
  if (!Number.isSafeInteger(id) || id < 1) return back(c, 'missing')
  const change = await new SettingsHistory(c.env.DB).get(id)
  if (!change.ok) return back(c, 'failed')
  if (!change.value) return back(c, 'missing')
  // Recorded values were checked when saved; a row edited in D1 since is checked again.
  if (viewerUrlProblem(change.value.newValue)) return back(c, 'invalid')
  const service = viewerUrlService(c.env)
  if (!service.ok) return c.text(service.error.message, 503)
  const by = { who: adminName(c), source: 'console' } as const
  const saved = await service.value.change(change.value.newValue, by, c.env.DB)
  return back(c, saved.ok ? 'restored' : 'failed')
})
