/**
 * Pictures of the media library (uploaded in the console, kept in R2): the address names the
 * picture and its size, `/media/library/<id>-<width>x<height>.<ext>`, so a page knows every
 * variant's address, width and height without asking anything: AVIF and WebP at the build's
 * widths, and a cover's portrait crop, as the build makes for src/media (lib/picture.ts). The
 * id is the start of the original's SHA-256, so an address always shows the same picture.
 */
import { builtWidths, IMAGE_WIDTHS, PORTRAIT_CROP, type RasterImage } from './picture'

const LIBRARY = /^\/media\/library\/([0-9a-f]{16})-(\d{1,5})x(\d{1,5})\.(jpg|png|webp|avif)$/
/** A variant's address: `/media/library/<id>/<w>.avif`, or `p<w>` for the portrait crop. */
const VARIANT = /^\/media\/library\/([0-9a-f]{16})\/(p?)(\d{1,5})\.(avif|webp)$/

const LIBRARY_EXTENSIONS = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
} as const

/** The address of a library picture. */
export const libraryPath = (
  id: string,
  width: number,
  height: number,
  type: keyof typeof LIBRARY_EXTENSIONS,
) => `/media/library/${id}-${width}x${height}.${LIBRARY_EXTENSIONS[type]}`

/** The id and size a library address names, or undefined for any other address. */
export function libraryImageOf(src: string): { id: string; width: number; height: number } | undefined {
  const match = LIBRARY.exec(src)
  if (!match) return undefined
  const [, id, width, height] = match as unknown as [string, string, string, string]
  return Number(width) > 0 && Number(height) > 0
    ? { id, width: Number(width), height: Number(height) }
    : undefined
}

/** A picture's link-preview card: 1200 × 630, cropped at its centre, JPEG (what every preview reads). */
const CARD = /^\/media\/library\/([0-9a-f]{16})\/card\.jpg$/

/** @example cardPath('0123456789abcdef') === '/media/library/0123456789abcdef/card.jpg' */
export const cardPath = (id: string): string => `/media/library/${id}/card.jpg`

/** The picture whose card an address asks for, or undefined. */
export const cardOf = (path: string): string | undefined => CARD.exec(path)?.[1]

/** A variant's address parsed: which picture, the portrait crop or not, its width and format. */
export function variantOf(path: string) {
  const match = VARIANT.exec(path)
  if (!match) return undefined
  const [, id, portrait, width, format] = match as unknown as [
    string,
    string,
    string,
    string,
    'avif' | 'webp',
  ]
  return { id, portrait: portrait === 'p', width: Number(width), format }
}

/** The full frame's size as built (at most the widest built width) and its crop's. */
export function librarySizes(width: number, height: number) {
  const base = Math.min(width, IMAGE_WIDTHS.at(-1)!)
  const cropWidth = Math.min(width, Math.round(height * PORTRAIT_CROP.ratio))
  const crop = Math.min(cropWidth, PORTRAIT_CROP.maxWidth)
  return {
    full: { width: base, height: Math.round((height * base) / width), widths: builtWidths(base) },
    portrait: {
      width: crop,
      height: Math.round((height * crop) / cropWidth),
      widths: builtWidths(crop, PORTRAIT_CROP.maxWidth),
      /** The crop's width and height in the original's pixels (centred). */
      source: { width: cropWidth, height },
    },
  }
}

/** The picture a library address shows, with every variant; undefined for any other address. */
export function libraryRaster(src: string): RasterImage | undefined {
  const image = libraryImageOf(src)
  if (!image) return undefined
  const { full, portrait } = librarySizes(image.width, image.height)
  const set = (size: { width: number; height: number; widths: number[] }, prefix: string) => ({
    width: size.width,
    height: size.height,
    avif: size.widths.map((w) => ({ url: `/media/library/${image.id}/${prefix}${w}.avif`, width: w })),
    webp: size.widths.map((w) => ({ url: `/media/library/${image.id}/${prefix}${w}.webp`, width: w })),
  })
  return { ...set(full, ''), portrait: set(portrait, 'p') }
}
