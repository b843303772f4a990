import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../../app-env'
import { settingsUpdateSchema } from '../../../schemas/settings'
import { adminAuth, recordActivity, allow } from '../../people/http'
import { sameOrigin } from '../../platform/http'
import { requireViewerUrl } from '../middleware/require-viewer-url'
import { viewerUrlForPage } from '../services/viewer-url'
import { waitUntilOf } from '../../platform'

/** A viewer address is at most 2048 characters; anything much larger is not a settings update. */
const MAX_BODY_BYTES = 8 * 1024
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i

/**
 * GET /api/settings: the effective viewer address, public and briefly cacheable.
 * PUT /api/settings: admin only (same origin for browsers, HTTP Basic), JSON {"view3dUrl": "https://..."}.
 */
export const settingsApi = new Hono<AppEnv>()

settingsApi.get('/', async (c) => {
  const view3dUrl = await viewerUrlForPage(c.var.services.viewerUrl.service, waitUntilOf(c))
  return c.json({ view3dUrl }, 200, { 'Cache-Control': 'public, max-age=15' })
})

settingsApi.put(
  '/',
  sameOrigin,
  adminAuth('json'),
  allow('viewer-url'),
  requireViewerUrl('json'),
  bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ error: `The request body must be at most ${MAX_BODY_BYTES} bytes.` }, 413),
  }),
  async (c) => {
    if (!JSON_TYPE.test(c.req.header('Content-Type') ?? '')) {
      return c.json(
        {
          error:
            'Send JSON such as {"view3dUrl": "https://viewer.example.com/"} with Content-Type: application/json.',
        },
        415,
      )
    }
    let body: unknown
    try {
      body = await c.req.json()
    } catch {
      return c.json({ error: 'The request body is not valid JSON.' }, 400)
    }
    const parsed = settingsUpdateSchema.safeParse(body)
    if (!parsed.success) {
      return c.json({ error: parsed.error.issues[0]?.message ?? 'Invalid settings.' }, 400)
    }
    const { view3dUrl } = parsed.data
    const saved = await c.var.viewerUrl.change(view3dUrl, { who: c.var.admin!.who, source: 'api' })
    if (saved.ok) await recordActivity(c, 'viewer-url-changed', { detail: `${view3dUrl} (api)` })
    if (!saved.ok) {
      return c.json(
        { error: 'The settings store did not accept the new address. Nothing changed; try again.' },
        502,
      )
    }
    return c.json({ ok: true, view3dUrl }, 200, { 'Cache-Control': 'no-store' })
  },
)

settingsApi.all('/', (c) => c.json({ error: 'Use GET or PUT.' }, 405, { Allow: 'GET, HEAD, PUT' }))
