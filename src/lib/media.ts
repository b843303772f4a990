import media from 'virtual:media'
import { pictureSources, type RasterImage } from './picture'

export * from './picture'

/**
 * The built picture behind a /media path, when a raster original of that name (any extension)
 * is in src/media; undefined for a file served as it is (SVG, video, posters in public/media).
 */
export function rasterImageFor(src: string): RasterImage | undefined {
  return media[src.replace(/\.\w+$/, '')]
}

/** How a page preloads its largest paint: one description for the <link> tag and the Link header. */
export interface ImagePreload {
  /** One address (a fallback for the header, which must name one). */
  href: string
  type?: string
  srcSet?: string
  sizes?: string
}

/**
 * A built raster is preloaded from the same AVIF srcset and sizes as its <picture>, so the browser
 * fetches the width it then shows, once; any other image by its address.
 */
export function imagePreloadFor(src: string, sizes: string): ImagePreload {
  const raster = rasterImageFor(src)
  const [avif] = raster ? pictureSources(raster, sizes) : []
  const first = raster?.avif[0]?.url
  if (!avif || !first) return { href: src }
  return { href: first, type: avif.type, srcSet: avif.srcSet, sizes: avif.sizes }
}
