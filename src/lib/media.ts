import media from 'virtual:media'
import {
  type ImagePreload,
  pictureSources,
  type PortraitSource,
  preloadsOf,
  type RasterImage,
} from './picture'

export * from './picture'

/**
 * The built picture behind a /media path, when a raster original of that name (any extension)
 * is in src/media; undefined for a file served as it is (SVG, video, posters in public/media).
 */
export function rasterImageFor(src: string): RasterImage | undefined {
  return media[src.replace(/\.\w+$/, '')]
}

/**
 * A built raster is preloaded from the same AVIF srcsets, sizes and media as its <picture>
 * (preloadsOf), so the browser fetches the width it then shows, once; any other image by its
 * address.
 */
export function imagePreloadsFor(src: string, sizes: string, portrait?: PortraitSource): ImagePreload[] {
  const raster = rasterImageFor(src)
  if (!raster) return [{ href: src }]
  return preloadsOf(pictureSources(raster, sizes, portrait))
}
