/**
 * What a phone loads before its first scroll on a landing page, for the publish gate (issue 45),
 * as `npm run audit` measures it in Chromium (390 × 844 CSS px at 3 device pixels): the pictures
 * of the first three sections (a screen, and the browser's lazy-load lookahead of about 1,250 px
 * below it), each as the AVIF such a phone picks from its variants when the picture spans the
 * screen (the first at least 1,170 px wide, else the widest; a hero's poster as its portrait
 * crop). A built picture weighs its built file; a library picture its variant, made now if no
 * page asked for it before. Files served as they are (the design's SVG posters and logos) are
 * the design's, a few hundred bytes each, and not counted.
 */
import { rasterImageFor, type ImageVariant } from '../../../lib/media'
import { variantOf } from '../../../lib/library'
import { ok, type Result } from '../../../lib/result'
import type { PageSection } from '../../../schemas/composed-pages'

/** The first view's pictures may weigh this much in all (issue 45). */
export const FIRST_VIEW_BUDGET_BYTES = 350 * 1024

/** The device pixels across a 390 px phone at 3×: the variant picked is the first this wide. */
const PHONE_DEVICE_WIDTH = 390 * 3

/** The sections a phone fetches pictures for before its first scroll. */
const FIRST_VIEW_SECTIONS = 3

/** A library variant's bytes (studio/services/media-library.ts), null when it has none. */
export type LibraryVariantBytes = (url: string) => Promise<Result<number | null>>

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/** Every picture address under `value`, with whether it is a hero's poster. */
function* picturesOf(value: unknown, poster = false): Generator<{ src: string; poster: boolean }> {
  if (!isObject(value)) return
  if (typeof value.src === 'string' && typeof value.alt === 'string') yield { src: value.src, poster }
  if (typeof value.poster === 'string') yield { src: value.poster, poster: true }
  for (const [key, child] of Object.entries(value)) if (key !== 'poster') yield* picturesOf(child, poster)
}

/** The pictures a phone fetches before its first scroll: those of the first sections. */
export const firstViewPictures = (sections: PageSection[]): { src: string; poster: boolean }[] =>
  sections.slice(0, FIRST_VIEW_SECTIONS).flatMap((section) => [...picturesOf(section)])

/** The variant a 390 px phone at 3× picks: the first at least that wide, else the widest. */
const picked = (variants: ImageVariant[]) =>
  variants.find((variant) => variant.width >= PHONE_DEVICE_WIDTH) ?? variants.at(-1)

/** The first view's pictures' bytes in all. */
export async function firstViewBytes(
  sections: PageSection[],
  libraryBytes: LibraryVariantBytes,
): Promise<Result<number>> {
  let total = 0
  for (const { src, poster } of firstViewPictures(sections)) {
    const raster = rasterImageFor(src)
    if (!raster) continue
    const variant = picked((poster && raster.portrait ? raster.portrait : raster).avif)
    if (!variant) continue
    if (variant.bytes !== undefined) {
      total += variant.bytes
      continue
    }
    if (!variantOf(variant.url)) continue
    const bytes = await libraryBytes(variant.url)
    if (!bytes.ok) return bytes
    total += bytes.value ?? 0
  }
  return ok(total)
}
