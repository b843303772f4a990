/**
 * Picture markup helpers shared by components (ui/Picture.tsx) and the Markdown compiler
 * (src/build/collections.ts): pure, so the build can import them.
 */

/** One encoded width of a raster image. */
export interface ImageVariant {
  url: string
  width: number
}

/** A raster image as src/build/media.ts built it: AVIF and WebP at several widths, hashed names. */
export interface RasterImage {
  width: number
  height: number
  avif: ImageVariant[]
  webp: ImageVariant[]
}

export function srcSetOf(variants: ImageVariant[]): string {
  return variants.map((v) => `${v.url} ${v.width}w`).join(', ')
}

/** For browsers without <picture>: the widest WebP up to 1280 px. */
export function fallbackUrlOf(image: RasterImage): string {
  const fitting = image.webp.filter((v) => v.width <= 1280)
  return (fitting.at(-1) ?? image.webp[0])?.url ?? ''
}

/** The largest file, for feeds and structured data (one address, no srcset). */
export function largestUrlOf(image: RasterImage): string {
  return image.webp.at(-1)?.url ?? ''
}

/** The <source> elements of a picture, AVIF first (the browser takes the first type it supports). */
export function pictureSources(image: RasterImage, sizes: string) {
  return [
    { type: 'image/avif', srcSet: srcSetOf(image.avif), sizes },
    { type: 'image/webp', srcSet: srcSetOf(image.webp), sizes },
  ]
}
