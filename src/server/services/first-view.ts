/**
 * What a phone loads for a landing page's first view, for the publish gate (issue 45): the
 * pictures of its first section (after a headline, the next section's first), each as the AVIF
 * that a screen 390 px wide at 2 device pixels picks from its variants when the picture spans it
 * (the hero poster as its portrait crop, which phones show). A built picture weighs its built file; a library
 * picture its variant, made now if no page asked for it before. Files served as they are (the
 * design's SVG posters and logos) are the design's, not counted.
 */
import { rasterImageFor, type ImageVariant } from '../../lib/media'
import { variantOf } from '../../lib/library'
import { ok, type Result } from '../../lib/result'
import type { PageSection } from '../../schemas/composed-pages'

/** The first view's pictures may weigh this much in all (issue 45). */
export const FIRST_VIEW_BUDGET_BYTES = 350 * 1024

/** The device pixels across a 390 px phone at 2×: the variant picked is the first this wide. */
const PHONE_DEVICE_WIDTH = 390 * 2

/** A library variant's bytes (services/media-library.ts), null when it has none. */
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

/**
 * The pictures a phone shows first: the first section's (a hero's poster fills the screen), or
 * after a headline, which has none, the next section's first picture, shown below it.
 */
export function firstViewPictures(sections: PageSection[]): { src: string; poster: boolean }[] {
  const [first, second] = sections
  const own = [...picturesOf(first)]
  return own.length ? own : [...picturesOf(second)].slice(0, 1)
}

/** The variant a 390 px phone at 2× picks: the first at least that wide, else the widest. */
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
