/**
 * The media library: pictures uploaded in the console, their originals in R2, and the variants
 * pages ask for (AVIF and WebP at the build's widths, and a cover's portrait crop: lib/library.ts),
 * made by the Images binding once, on first request, and kept in R2.
 *
 * An upload is checked by its bytes, never its name or type: a JPEG, PNG, WebP or AVIF signature,
 * at most 25 MB, and a picture the Images binding can read and shrink (a file with a picture's
 * first bytes and a broken rest fails there). Its alt text is required unless it is decorative.
 */
import { sha256Bytes } from '../../../lib/hex'
import { librarySizes, variantOf } from '../../../lib/library'
import { IMAGE_QUALITY } from '../../../lib/picture'
import { log } from '../../../lib/log'
import { errorText, ok, refuse, type Result } from '../../../lib/result'
import type { MediaRefusal } from '../../../schemas/admin-outcomes'
import type { LibraryType, MediaItem, MediaStore } from '../storage/media'

export type { MediaItem } from '../storage/media'

/** The largest upload: a 24-megapixel photo as a high-quality JPEG is well under it. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024

/** An original's quality when it is re-encoded to drop its metadata: indistinguishable from the upload. */
const ORIGINAL_QUALITY = 92

/** What a picture's first bytes say it is, or undefined for anything else. */
export function sniffImage(bytes: Uint8Array): LibraryType | undefined {
  const at = (offset: number, text: string) =>
    [...text].every((char, i) => bytes[offset + i] === char.charCodeAt(0))
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  if (bytes[0] === 0x89 && at(1, 'PNG\r\n\x1a\n')) return 'image/png'
  if (at(0, 'RIFF') && at(8, 'WEBP')) return 'image/webp'
  if (at(4, 'ftyp') && (at(8, 'avif') || at(8, 'avis'))) return 'image/avif'
  return undefined
}

/** A variant request, as lib/library.ts parses its address. */
export type VariantRequest = NonNullable<ReturnType<typeof variantOf>>

/** The transform that makes a variant of a picture of this size, or undefined for a width it has none at. */
function transformFor(item: Pick<MediaItem, 'width' | 'height'>, variant: VariantRequest) {
  const { full, portrait } = librarySizes(item.width, item.height)
  const set = variant.portrait ? portrait : full
  if (!set.widths.includes(variant.width)) return undefined
  const height = Math.round((set.height * variant.width) / set.width)
  return variant.portrait
    ? { width: variant.width, height, fit: 'cover' as const, gravity: 'center' as const }
    : { width: variant.width, fit: 'scale-down' as const }
}

/**
 * The build's quality for the variant: a cover's for the portrait crop, which only a cover (the
 * hero poster, under its shade) shows, a photo's for the full frame, which any picture shows.
 */
const qualityOf = (variant: VariantRequest) =>
  IMAGE_QUALITY[variant.portrait ? 'cover' : 'photo'][variant.format]

/** A card is seen small in a feed; JPEG, since not every link preview reads AVIF or WebP. */
const CARD_JPEG_QUALITY = 80

/** How a made file comes from a picture: its transform and output, or undefined for none. */
type Recipe = (
  item: Pick<MediaItem, 'width' | 'height'>,
) => { transform: ImageTransform; output: { format: string; quality: number } } | undefined

export interface Upload {
  file: File | undefined
  alt: string
  decorative: boolean
  by: string
}

export class MediaLibrary {
  constructor(
    private readonly store: MediaStore,
    private readonly images: ImagesBinding,
    /** Variants being made in this isolate, so two requests for one make it once. */
    private readonly making: Map<string, Promise<Result<ArrayBuffer | null>>>,
  ) {}

  list(): Promise<Result<MediaItem[]>> {
    return this.store.list()
  }

  get(id: string): Promise<Result<MediaItem | null>> {
    return this.store.get(id)
  }

  async upload({ file, alt, decorative, by }: Upload): Promise<Result<MediaItem, MediaRefusal>> {
    if (!file || file.size === 0) return refuse('no-file')
    if (file.size > MAX_UPLOAD_BYTES) return refuse('too-large')
    if (!decorative && !alt.trim()) return refuse('no-alt')
    const bytes = await file.arrayBuffer()
    const type = sniffImage(new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 16)))
    if (!type) return refuse('not-image')
    const size = await this.decodes(bytes)
    if (!size) return refuse('undecodable')
    const clean = await this.withoutMetadata(bytes, type)
    if (!clean) return refuse('undecodable')
    const id = (await sha256Bytes(bytes)).slice(0, 16)
    const item: MediaItem = {
      id,
      type,
      ...size,
      bytes: clean.byteLength,
      alt: decorative ? '' : alt.trim().slice(0, 300),
      decorative,
      name: file.name.replace(/\p{Cc}/gu, '').slice(0, 200) || id,
      uploadedBy: by,
      uploadedAt: new Date().toISOString(),
    }
    return this.store.add(item, clean)
  }

  /**
   * Corrects a picture's alt text in the library: what a page that picks it from now on brings
   * along. Pages that show it already keep the words they were saved with.
   */
  async describe(
    id: string,
    { alt, decorative }: { alt: string; decorative: boolean },
  ): Promise<Result<MediaItem, MediaRefusal>> {
    if (!decorative && !alt.trim()) return refuse('no-alt')
    const words = decorative ? '' : alt.trim().slice(0, 300)
    const changed = await this.store.describe(id, words, decorative)
    if (!changed.ok) return changed
    if (!changed.value) return refuse('gone')
    const item = await this.store.get(id)
    if (!item.ok) return item
    return item.value ? ok(item.value) : refuse('gone')
  }

  /**
   * The picture re-encoded in its own format by the Images binding, which keeps no EXIF, GPS,
   * camera serial or XMP (review T10): what a visitor downloads is the pixels, not where and with
   * what they were taken. Orientation is applied first, so the picture stands as it did.
   */
  private async withoutMetadata(bytes: ArrayBuffer, type: LibraryType): Promise<ArrayBuffer | undefined> {
    try {
      const output = await this.images
        .input(new Blob([bytes]).stream())
        .output({ format: type, quality: ORIGINAL_QUALITY })
      return await new Response(output.image()).arrayBuffer()
    } catch (error) {
      log.warn('media', 'upload not re-encoded', { reason: errorText(error) })
      return undefined
    }
  }

  /** The picture's size, when the Images binding can read it whole (it makes a small copy to be sure). */
  private async decodes(bytes: ArrayBuffer): Promise<{ width: number; height: number } | undefined> {
    try {
      const info = await this.images.info(new Blob([bytes]).stream())
      if (!('width' in info) || info.width < 1 || info.height < 1) return undefined
      const small = await this.images
        .input(new Blob([bytes]).stream())
        .transform({ width: 16, fit: 'scale-down' })
        .output({ format: 'image/webp' })
      await new Response(small.image()).arrayBuffer()
      return { width: info.width, height: info.height }
    } catch (error) {
      log.warn('media', 'upload not read as a picture', { reason: errorText(error) })
      return undefined
    }
  }

  /** The original's bytes and type. */
  async original(id: string): Promise<Result<R2ObjectBody | null>> {
    return this.store.original(id)
  }

  /** A variant's bytes, made from the original the first time; null when there is no such variant. */
  async variant(variant: VariantRequest): Promise<Result<ArrayBuffer | null>> {
    const name = `${variant.portrait ? 'p' : ''}${variant.width}.${variant.format}`
    return this.kept(variant.id, name, (item) => {
      const transform = transformFor(item, variant)
      const format = `image/${variant.format}`
      return transform && { transform, output: { format, quality: qualityOf(variant) } }
    })
  }

  /** The bytes of the variant at a library variant's address (made now if it was not), null for none. */
  async variantBytes(url: string): Promise<Result<number | null>> {
    const request = variantOf(url)
    if (!request) return ok(null)
    const made = await this.variant(request)
    return made.ok ? ok(made.value?.byteLength ?? null) : made
  }

  /**
   * A picture's link-preview card (a landing page's og:image): 1200 × 630 cropped at its centre,
   * JPEG, made by the Images binding the first time and kept beside its variants.
   */
  card(id: string): Promise<Result<ArrayBuffer | null>> {
    return this.kept(id, 'card.jpg', () => ({
      transform: { width: 1200, height: 630, fit: 'cover', gravity: 'center' },
      output: { format: 'image/jpeg', quality: CARD_JPEG_QUALITY },
    }))
  }

  /** A made file of a picture: kept in R2, else made once (one making per name in this isolate). */
  private async kept(id: string, name: string, recipe: Recipe): Promise<Result<ArrayBuffer | null>> {
    const stored = await this.store.variant(id, name)
    if (!stored.ok) return stored
    if (stored.value) return ok(await stored.value.arrayBuffer())
    const key = `${id}/${name}`
    const making = this.making.get(key) ?? this.make(id, name, recipe)
    this.making.set(key, making)
    return making.finally(() => this.making.delete(key))
  }

  private async make(id: string, name: string, recipe: Recipe): Promise<Result<ArrayBuffer | null>> {
    const [item, original] = await Promise.all([this.store.get(id), this.store.original(id)])
    if (!item.ok) return item
    if (!original.ok) return original
    const made = item.value && recipe(item.value)
    if (!made || !original.value) return ok(null)
    try {
      const output = await this.images
        .input(original.value.body)
        .transform(made.transform)
        .output(made.output as ImageOutputOptions)
      const bytes = await new Response(output.image()).arrayBuffer()
      const stored = await this.store.putVariant(id, name, bytes, made.output.format)
      if (!stored.ok) log.warn('media', 'variant not kept', { id, name, reason: stored.error.message })
      log.info('media', 'variant made', { id, name, bytes: bytes.byteLength })
      return ok(bytes)
    } catch (error) {
      return { ok: false, error: { message: `variant not made: ${errorText(error)}`, retryable: true } }
    }
  }

  /**
   * Deletes a picture no published or scheduled page shows. `usedBy` names the documents that
   * show an address; the answer is them (nothing deleted), or none once the picture is gone.
   */
  async remove(
    id: string,
    usedBy: (src: string) => Promise<string[]>,
  ): Promise<Result<string[], MediaRefusal>> {
    const item = await this.store.get(id)
    if (!item.ok) return item
    if (!item.value) return refuse('gone')
    const places = await usedBy(`/media/library/${id}`)
    if (places.length) return ok(places)
    const removed = await this.store.remove(id)
    if (!removed.ok) return removed
    log.info('media', 'picture deleted', { id })
    return ok([])
  }
}
