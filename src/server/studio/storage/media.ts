/**
 * The media library's storage: a picture's record in D1 (migrations/0010, `media`), its original
 * in R2 under `originals/<id>`, and the variants made from it under `variants/<id>/<name>`. The id
 * is the start of the original's SHA-256, so the same bytes uploaded twice are one picture.
 */
import type { Result } from '../../../lib/result'
import type { MediaItem } from '../../../schemas/studio-records'
import { attempt, changedOne } from '../../platform'

export type { LibraryType, MediaItem } from '../../../schemas/studio-records'

const COLUMNS = `id, type, width, height, bytes, alt, decorative, name, uploaded_by AS uploadedBy,
  uploaded_at AS uploadedAt`

const itemOf = (row: Omit<MediaItem, 'decorative'> & { decorative: number }): MediaItem => ({
  ...row,
  decorative: Boolean(row.decorative),
})

const originalKey = (id: string) => `originals/${id}`
const variantKey = (id: string, name: string) => `variants/${id}/${name}`

export class MediaStore {
  constructor(
    private readonly db: D1Database,
    private readonly bucket: R2Bucket,
  ) {}

  /** The newest pictures first, at most `limit`. */
  list(limit = 500): Promise<Result<MediaItem[]>> {
    return attempt('media not read', async () => {
      const { results } = await this.db
        .prepare(`SELECT ${COLUMNS} FROM media ORDER BY uploaded_at DESC, id LIMIT ?`)
        .bind(limit)
        .all<Parameters<typeof itemOf>[0]>()
      return results.map(itemOf)
    })
  }

  get(id: string): Promise<Result<MediaItem | null>> {
    return attempt('picture not read', async () => {
      const row = await this.db
        .prepare(`SELECT ${COLUMNS} FROM media WHERE id = ?`)
        .bind(id)
        .first<Parameters<typeof itemOf>[0]>()
      return row ? itemOf(row) : null
    })
  }

  /** Stores the original, then its record (the same bytes again keep the first record). */
  add(item: MediaItem, original: ArrayBuffer): Promise<Result<MediaItem>> {
    return attempt('picture not stored', async () => {
      await this.bucket.put(originalKey(item.id), original, { httpMetadata: { contentType: item.type } })
      await this.db
        .prepare(
          `INSERT INTO media (id, type, width, height, bytes, alt, decorative, name, uploaded_by, uploaded_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
        )
        .bind(
          item.id,
          item.type,
          item.width,
          item.height,
          item.bytes,
          item.alt,
          item.decorative ? 1 : 0,
          item.name,
          item.uploadedBy,
          item.uploadedAt,
        )
        .run()
      const stored = await this.db
        .prepare(`SELECT ${COLUMNS} FROM media WHERE id = ?`)
        .bind(item.id)
        .first<Parameters<typeof itemOf>[0]>()
      return stored ? itemOf(stored) : item
    })
  }

  /** Corrects a picture's alt text (empty and decorative, or words); false when there is no such picture. */
  describe(id: string, alt: string, decorative: boolean): Promise<Result<boolean>> {
    return changedOne('alt text not saved', () =>
      this.db
        .prepare('UPDATE media SET alt = ?, decorative = ? WHERE id = ?')
        .bind(alt, decorative ? 1 : 0, id),
    )
  }

  /** Deletes the record, then the original and every variant; false when there was none. */
  async remove(id: string): Promise<Result<boolean>> {
    const removed = await changedOne('picture not deleted', () =>
      this.db.prepare('DELETE FROM media WHERE id = ?').bind(id),
    )
    if (!removed.ok || !removed.value) return removed
    return attempt('picture files not deleted', async () => {
      const listed = await this.bucket.list({ prefix: `variants/${id}/` })
      await this.bucket.delete([originalKey(id), ...listed.objects.map((object) => object.key)])
      return true
    })
  }

  original(id: string): Promise<Result<R2ObjectBody | null>> {
    return attempt('original not read', () => this.bucket.get(originalKey(id)))
  }

  variant(id: string, name: string): Promise<Result<R2ObjectBody | null>> {
    return attempt('variant not read', () => this.bucket.get(variantKey(id, name)))
  }

  putVariant(id: string, name: string, bytes: ArrayBuffer, type: string): Promise<Result<void>> {
    return attempt('variant not stored', async () => {
      await this.bucket.put(variantKey(id, name), bytes, { httpMetadata: { contentType: type } })
    })
  }
}
