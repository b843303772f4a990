import { Hono, type Context } from 'hono'
import { adminCopy } from '../../../../content/admin'
import { ADMIN_PATHS } from '../../../../lib/admin-links'
import { settingsPage } from '../../../../pages/admin/SettingsPage'
import { viewerUrlProblem } from '../../../../schemas/settings'
import type { AppEnv } from '../../../app-env'
import { shareOf } from '../../../traffic'
import { speedSampling } from '../../../traffic/http'
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
  const sampling = speedSampling(c)
  const [frame, storedUrl, history, chosen] = await Promise.all([
    adminFrame(c, adminCopy.settings.notices),
    c.var.viewerUrl.stored(),
    c.var.services.viewerUrl.history.latest(HISTORY_ROWS),
    sampling.chosen(),
  ])
  const speed = { share: chosen ?? sampling.defaultShare, chosen: chosen !== null }
  return c.render(
    settingsPage({ ...frame, storedUrl, history: valueOrNull(history, 'viewer URL history'), speed }),
  )
})

adminSettings.post('/', saveViewerUrlForm('console'), (c) => back(c, c.var.formSave.status))

/** The share of visits whose speed is measured (issue 62: traffic/services/vitals-sampling.ts). */
adminSettings.post('/speed', async (c) => {
  const form = await c.req.parseBody().catch(() => undefined)
  const share = shareOf(form?.share)
  if (share === undefined) return back(c, 'speedInvalid')
  const saved = await speedSampling(c).setShare(share)
  if (!saved.ok) return back(c, 'speedFailed')
  await recordActivity(c, 'speed-share-changed', { detail: `${share} %` })
  return back(c, 'speedSaved')
})

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
