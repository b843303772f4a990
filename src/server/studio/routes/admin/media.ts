/**
 * /admin/media (admins and editors): upload a picture with its alt text (a plain multipart form,
 * no JavaScript needed), and delete one no page, draft or running experiment shows. A refusal is shown on the page
 * at once, in words, with what was typed kept; the bytes are checked by studio/services/media-library.ts.
 */
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { adminCopy } from '../../../../content/admin'
import { ADMIN_PATHS } from '../../../../lib/admin-links'
import { fillTemplate } from '../../../../lib/template'
import { mediaPage, type MediaData } from '../../../../pages/admin/MediaPage'
import type { MediaRefusal } from '../../../../schemas/admin-outcomes'
import type { AppEnv } from '../../../app-env'
import { recordActivity, allow, adminFrame, adminName, backWith, valueOrNull } from '../../../people/http'
import { versionsShowing } from '../../../experiments/http'
import { kindModule } from '../../kinds'
import { MAX_UPLOAD_BYTES } from '../../services/media-library'

type Ctx = Context<AppEnv>
const copy = adminCopy.media
const NOTICES = {
  uploaded: copy.notices.uploaded,
  deleted: copy.notices.deleted,
  described: copy.notices.described,
}

/** What each refusal answers with. */
const STATUS: Record<MediaRefusal, 400 | 404 | 409 | 413 | 415 | 422> = {
  'no-file': 400,
  'not-image': 415,
  'too-large': 413,
  undecodable: 422,
  'no-alt': 400,
  'in-use': 409,
  gone: 404,
}

async function showMedia(c: Ctx, extra: Partial<MediaData> = {}, status: number = 200) {
  const [frame, items] = await Promise.all([adminFrame(c, NOTICES), c.var.services.studio.media.list()])
  return c.render(mediaPage({ ...frame, items: valueOrNull(items, 'media library'), ...extra }), {
    status,
  })
}

const refusal = (code: MediaRefusal, words: Record<string, string> = {}) => ({
  ok: false,
  title: copy.notices.refused,
  text: fillTemplate(copy.refusals[code], words),
})

/** Where a picture shows, in words: the studio's names of the parts, posts by their title. */
async function placesOf(c: Ctx, docs: string[]): Promise<string[]> {
  const site = await c.var.services.studio.content.current()
  return docs.map((doc) => kindModule(doc).place(doc, site))
}

/**
 * Every place a picture shows or may show, in words: a live edition, any draft, and each version
 * of a running experiment (review U6). A place that cannot be read counts as one, so a failed read
 * never lets a delete through.
 */
async function showingPlaces(c: Ctx, src: string): Promise<string[]> {
  const { content } = c.var.services.studio
  const [docs, arms] = await Promise.all([content.showing(src), versionsShowing(c, src)])
  if (!docs.ok || !arms.ok) return [copy.unreadPlace]
  const versions = arms.value.map(({ experiment, arm }) =>
    fillTemplate(copy.inExperiment, { arm, name: experiment }),
  )
  return [...(await placesOf(c, docs.value)), ...versions]
}

export const adminMedia = new Hono<AppEnv>()

adminMedia.use('*', allow('media'))

adminMedia.get('/', (c) => showMedia(c))

// A body past the limit (with the form's few fields around it) is refused before it is read.
const uploadLimit = bodyLimit({
  maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
  onError: (c) => showMedia(c as Ctx, { refusal: refusal('too-large') }, 413),
})

adminMedia.post('/', uploadLimit, async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  const alt = typeof form.alt === 'string' ? form.alt : ''
  const decorative = form.decorative === 'yes'
  const file = form.file instanceof File ? form.file : undefined
  const uploaded = await c.var.services.studio.media.upload({ file, alt, decorative, by: adminName(c) })
  if (!uploaded.ok) {
    const kept = { alt, decorative }
    const code = uploaded.error.code
    if (!code) return showMedia(c, { kept, refusal: { ...copy.notices.failed } }, 503)
    return showMedia(c, { kept, refusal: refusal(code) }, STATUS[code])
  }
  await recordActivity(c, 'media-uploaded', { subject: uploaded.value.id, detail: uploaded.value.name })
  return backWith(c, ADMIN_PATHS.media, 'uploaded')
})

adminMedia.post('/:id/alt', async (c) => {
  const id = c.req.param('id')
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  const alt = typeof form.alt === 'string' ? form.alt : ''
  const decorative = form.decorative === 'yes'
  const described = await c.var.services.studio.media.describe(id, { alt, decorative })
  if (!described.ok) {
    const code = described.error.code
    if (!code) return showMedia(c, { refusal: copy.notices.failed }, 503)
    return showMedia(c, { refusal: refusal(code) }, STATUS[code])
  }
  await recordActivity(c, 'media-described', { subject: id, detail: described.value.name })
  return backWith(c, ADMIN_PATHS.media, 'described')
})

adminMedia.post('/:id/delete', async (c) => {
  const id = c.req.param('id')
  const { media } = c.var.services.studio
  const removed = await media.remove(id, (src) => showingPlaces(c, src))
  if (!removed.ok) {
    const code = removed.error.code
    if (!code) return showMedia(c, { refusal: copy.notices.failed }, 503)
    return showMedia(c, { refusal: refusal(code) }, STATUS[code])
  }
  if (removed.value.length)
    return showMedia(c, { refusal: refusal('in-use', { places: removed.value.join(', ') }) }, 409)
  await recordActivity(c, 'media-deleted', { subject: id })
  return backWith(c, ADMIN_PATHS.media, 'deleted')
})
