import media from 'virtual:media'
import type { RasterImage } from './picture'

export * from './picture'

/**
 * The built picture behind a /media path, when a raster original of that name (any extension)
 * is in src/media; undefined for a file served as it is (SVG, video, posters in public/media).
 */
export function rasterImageFor(src: string): RasterImage | undefined {
  return media[src.replace(/\.\w+$/, '')]
}
