/**
 * Picture markup helpers shared by components (ui/Picture.tsx) and the Markdown compiler
 * (src/build/collections.ts): pure, so the build can import them.
 */

/** Widths built for every raster image (and the original's own width when it is narrower). */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920]

/**
 * Encoder quality, for the build (sharp) and the media library (the Images binding) alike. A
 * cover (the hero poster) sits under the hero's dark shade (70–92 % over the text, 35 % at the
 * far edge), which hides most of what a lower quality loses: measured on a detailed 26 MP
 * landscape, its 960 px portrait crop at AVIF q40 and WebP q62 has a higher SSIM once shaded
 * (0.962, 0.984) than q50 and q74 have in the open (0.917, 0.945), for 38 % and 15 % fewer bytes
 * (80 against 130 KB in AVIF).
 */
export const IMAGE_QUALITY = {
  photo: { avif: 50, webp: 74 },
  cover: { avif: 40, webp: 62 },
} as const

/**
 * A cover's portrait crop: 2:3 (or the original's own shape when it is narrower), the slice a
 * portrait phone shows, and at most 960 px wide: about two device pixels per CSS pixel on the
 * widest box it serves (554 px), plenty for a poster under the hero's dark shade.
 */
export const PORTRAIT_CROP = { ratio: 2 / 3, maxWidth: 960 } as const

/** The widths a picture `width` px wide is built at, up to `maxWidth` (never enlarged). */
export function builtWidths(width: number, maxWidth: number = IMAGE_WIDTHS.at(-1)!): number[] {
  const top = Math.min(width, maxWidth)
  return [...IMAGE_WIDTHS.filter((w) => w < top), top]
}

/** One encoded width of a raster image. */
export interface ImageVariant {
  url: string
  width: number
  /** The file's size, for a picture the build made (the publish gate weighs a first view with it). */
  bytes?: number
}

/** A raster image as src/build/media.ts built it: AVIF and WebP at several widths, hashed names. */
export interface RasterImage {
  width: number
  height: number
  avif: ImageVariant[]
  webp: ImageVariant[]
  /** A cover's portrait centre crop for phones (built for the hero poster only). */
  portrait?: Omit<RasterImage, 'portrait'>
}

function srcSetOf(variants: ImageVariant[]): string {
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

/**
 * Art direction for a cover (the hero poster): where its portrait crop replaces the full frame (a
 * media query of one clause, so the full frame's preload can say `not all and` it) and how wide
 * the crop then shows.
 */
export interface PortraitSource {
  media: string
  sizes: string
}

/** One <source> of a picture. */
interface PictureSource {
  media?: string
  type: string
  srcSet: string
  sizes: string
}

/**
 * The <source> elements of a picture, AVIF first (the browser takes the first type it supports).
 * With `portrait` and a built crop, the crop's two come first, for the screens its media matches.
 */
export function pictureSources(
  image: RasterImage,
  sizes: string,
  portrait?: PortraitSource,
): PictureSource[] {
  const crop = portrait ? image.portrait : undefined
  const cropSources =
    portrait && crop
      ? [
          { media: portrait.media, type: 'image/avif', srcSet: srcSetOf(crop.avif), sizes: portrait.sizes },
          { media: portrait.media, type: 'image/webp', srcSet: srcSetOf(crop.webp), sizes: portrait.sizes },
        ]
      : []
  return [
    ...cropSources,
    { type: 'image/avif', srcSet: srcSetOf(image.avif), sizes },
    { type: 'image/webp', srcSet: srcSetOf(image.webp), sizes },
  ]
}

/** How a page preloads its largest paint: one description for the <link> tag and the Link header. */
export interface ImagePreload {
  /** One address (a fallback for the header, which must name one). */
  href: string
  type?: string
  srcSet?: string
  sizes?: string
  /** The screens this preload is for; the picture's source for the same screens has the same. */
  media?: string
}

/**
 * The preloads of a picture: its AVIF source for each media it tells apart, with the same srcset,
 * sizes and media, so the browser fetches the one file it then shows, once, wherever the screen
 * falls. The source without media serves the screens no earlier source matched, so its preload
 * says so (`not all and …`).
 */
export function preloadsOf(sources: PictureSource[]): ImagePreload[] {
  const avif = sources.filter((source) => source.type === 'image/avif')
  const conditions = avif.flatMap((source) => (source.media ? [source.media] : []))
  if (conditions.length > 1 || conditions.some((media) => media.includes(',')))
    throw new Error(`a preload can negate one media query, not ${conditions.join(' | ')}`)
  return avif.map((source) => ({
    href: source.srcSet.split(' ')[0] ?? '',
    type: source.type,
    srcSet: source.srcSet,
    sizes: source.sizes,
    media: source.media ?? (conditions[0] ? `not all and ${conditions[0]}` : undefined),
  }))
}
