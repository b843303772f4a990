/**
 * The media library's pictures for visitors: an original at `/media/library/<id>-<w>x<h>.<ext>`
 * its variants at `/media/library/<id>/<w>.avif|webp` and its link-preview card at
 * `/media/library/<id>/card.jpg` (lib/library.ts), made once and kept in
 * R2 (studio/services/media-library.ts). An address always shows the same bytes (an original only at its
 * recorded size and type), so every answer may be kept a year by any cache.
 */
import { Hono } from 'hono'
import { cardOf, libraryImageOf, libraryPath, variantOf } from '../../../lib/library'
import { log } from '../../../lib/log'
import type { AppEnv } from '../../app-env'

const IMMUTABLE = 'public, max-age=31536000, immutable'

export const mediaLibraryRoutes = new Hono<AppEnv>()

mediaLibraryRoutes.get('/media/library/*', async (c) => {
  const path = new URL(c.req.url).pathname
  const { media } = c.var.services.studio
  const card = cardOf(path)
  if (card) {
    const bytes = await media.card(card)
    if (!bytes.ok) {
      log.error('media', 'card not served', { path, reason: bytes.error.message })
      return c.text('This picture could not be made just now.', 503, { 'Retry-After': '10' })
    }
    if (!bytes.value) return c.notFound()
    return c.body(bytes.value, 200, { 'Content-Type': 'image/jpeg', 'Cache-Control': IMMUTABLE })
  }
  const variant = variantOf(path)
  if (variant) {
    const bytes = await media.variant(variant)
    if (!bytes.ok) {
      log.error('media', 'variant not served', { path, reason: bytes.error.message })
      return c.text('This picture could not be made just now.', 503, { 'Retry-After': '10' })
    }
    if (!bytes.value) return c.notFound()
    return c.body(bytes.value, 200, { 'Content-Type': `image/${variant.format}`, 'Cache-Control': IMMUTABLE })
  }
  const image = libraryImageOf(path)
  if (!image) return c.notFound()
  // One address per picture: a size or type its record does not have is no address of ours (review T10).
  const record = await media.get(image.id)
  const named =
    record.ok &&
    record.value &&
    libraryPath(record.value.id, record.value.width, record.value.height, record.value.type)
  if (record.ok && named !== path) return c.notFound()
  const original = record.ok ? await media.original(image.id) : record
  if (!original.ok) {
    log.error('media', 'original not served', { path, reason: original.error.message })
    return c.text('This picture could not be read just now.', 503, { 'Retry-After': '10' })
  }
  if (!original.value) return c.notFound()
  return c.body(original.value.body, 200, {
    'Content-Type': original.value.httpMetadata?.contentType ?? 'application/octet-stream',
    'Cache-Control': IMMUTABLE,
  })
})
