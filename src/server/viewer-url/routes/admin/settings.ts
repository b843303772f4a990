import { Hono, type Context } from 'hono'
import { adminCopy } from '../../../../content/admin'
import { ADMIN_PATHS } from '../../../../lib/admin-links'
import { settingsPage } from '../../../../pages/admin/SettingsPage'
import { viewerUrlProblem } from '../../../../schemas/settings'
import type { AppEnv } from '../../../app-env'
import { requireViewerUrl } from '../../middleware/require-viewer-url'
import { saveViewerUrlForm } from '../../middleware/viewer-url-form'
import { allow, recordActivity, adminFrame, adminName, backWith, valueOrNull } from '../../../people/http'

type SettingsNotice = keyof typeof adminCopy.settings.notices

const back = (c: Context, notice: SettingsNotice) => backWith(c, ADMIN_PATHS.settings, notice)

/** How many changes the page lists. */
const HISTORY_ROWS = 50

/**
 * /admin/settings: the viewer URL, its form (source "console") and its history, each row with
 * a Restore that saves the row's To value through the same path (store, caches, a history row).
 */
export const adminSettings = new Hono<AppEnv>()

adminSettings.use('*', allow('viewer-url'), requireViewerUrl('text'))

adminSettings.get('/', async (c) => {
  const [frame, storedUrl, history] = await Promise.all([
    adminFrame(c, adminCopy.settings.notices),
    c.var.viewerUrl.stored(),
    c.var.services.viewerUrl.history.latest(HISTORY_ROWS),
  ])
  return c.render(settingsPage({ ...frame, storedUrl, history: valueOrNull(history, 'viewer URL history') }))
})

adminSettings.post('/', saveViewerUrlForm('console'), (c) => back(c, c.var.formSave.status))

adminSettings.post('/restore', async (c) => {
  const form = await c.req.parseBody().catch(() => undefined)
  const id = Number(form?.id)
  if (!Number.isSafeInteger(id) || id < 1) return back(c, 'missing')
  const change = await c.var.services.viewerUrl.history.get(id)
  if (!change.ok) return back(c, 'failed')
  if (!change.value) return back(c, 'missing')
  // Recorded values were checked when saved; a row edited in D1 since is checked again.
  if (viewerUrlProblem(change.value.newValue)) return back(c, 'invalid')
  const saved = await c.var.viewerUrl.change(change.value.newValue, { who: adminName(c), source: 'console' })
  if (saved.ok) await recordActivity(c, 'viewer-url-changed', { detail: `restored ${change.value.newValue}` })
  return back(c, saved.ok ? 'restored' : 'failed')
})
