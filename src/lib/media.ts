import media from 'virtual:media'
import { libraryRaster } from './library'
import {
  type ImagePreload,
  pictureSources,
  type PortraitSource,
  preloadsOf,
  type RasterImage,
} from './picture'

export * from './picture'
export * from './library'

/**
 * The built picture behind a /media path: a raster original of that name (any extension) in
 * src/media, built with the site, or a picture of the media library, whose variants the worker
 * makes on first request (lib/library.ts); undefined for a file served as it is (SVG, video,
 * posters in public/media).
 */
export function rasterImageFor(src: string): RasterImage | undefined {
  return media[src.replace(/\.\w+$/, '')] ?? libraryRaster(src)
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
