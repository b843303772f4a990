/**
 * A form that posts the viewer address (field view3dUrl) from /update or /admin/settings: read,
 * checked, and saved through the one save path (viewer-url/services/viewer-url.ts change()), naming who
 * and through which door. The route then maps `c.var.formSave` to its own answer; a request that
 * is not a readable form is refused here (415, 400).
 */
import { createMiddleware } from 'hono/factory'
import { settings } from '../../../content/admin/overview'
import { settingsUpdateSchema, type UpdateStatus } from '../../../schemas/settings'
import type { AppEnv } from '../../app-env'
import type { ChangeSource } from '../storage/settings-history'
import { recordActivity } from '../../people/http'

const FORM_TYPE = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i

interface FormSave {
  status: UpdateStatus
  /** Why the address was refused (status "invalid"). */
  problem?: string
}

export const saveViewerUrlForm = (source: ChangeSource) =>
  createMiddleware<AppEnv & { Variables: { formSave: FormSave } }>(async (c, next) => {
    if (!FORM_TYPE.test(c.req.header('Content-Type') ?? '')) {
      return c.text(settings.formRefusals['not-a-form'], 415)
    }
    const form = await c.req.parseBody().catch(() => undefined)
    if (!form) return c.text(settings.formRefusals.unreadable, 400)
    const parsed = settingsUpdateSchema.safeParse({ view3dUrl: form.view3dUrl })
    if (!parsed.success) {
      c.set('formSave', { status: 'invalid', problem: parsed.error.issues[0]?.message })
    } else {
      const saved = await c.var.viewerUrl.change(parsed.data.view3dUrl, { who: c.var.admin!.who, source })
      if (saved.ok)
        await recordActivity(c, 'viewer-url-changed', { detail: `${parsed.data.view3dUrl} (${source})` })
      c.set('formSave', { status: saved.ok ? 'updated' : 'failed' })
    }
    await next()
  })
