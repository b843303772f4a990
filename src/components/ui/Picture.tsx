import { fallbackUrlOf, pictureSources, type PortraitSource, rasterImageFor } from '../../lib/media'

interface PictureProps {
  src: string
  alt: string
  width: number
  height: number
  className?: string
  /** Above-the-fold images load eagerly. */
  eager?: boolean
  /** The page's largest paint: eager, and fetched before other images. */
  priority?: boolean
  /**
   * How wide the image is shown (the `sizes` attribute), so the browser picks the smallest built
   * width that fills it; defaults to the content's width.
   */
  sizes?: string
  /** A cover's portrait crop and where it replaces the full frame (the hero poster on phones). */
  portrait?: PortraitSource
}

/**
 * An image that reserves its space (width/height) and loads lazily unless it is above the fold.
 * A raster original (src/media) becomes a <picture> of AVIF and WebP at several widths, cropped to
 * the content's box; any other file (SVG) is one <img>, as it is.
 */
export function Picture({
  src,
  alt,
  width,
  height,
  className,
  eager = false,
  priority,
  sizes,
  portrait,
}: PictureProps) {
  const loading = eager || priority ? undefined : 'lazy'
  const raster = rasterImageFor(src)
  if (!raster) {
    return (
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        className={className}
        loading={loading}
        decoding="async"
      />
    )
  }
  return (
    <picture>
      {pictureSources(raster, sizes ?? `(min-width: ${width}px) ${width}px, 100vw`, portrait).map(
        (source) => (
          <source key={`${source.media ?? ''} ${source.type}`} {...source} />
        ),
      )}
      <img
        src={fallbackUrlOf(raster)}
        alt={alt}
        width={width}
        height={height}
        className={className ? `${className} picture-cover` : 'picture-cover'}
        style={{ aspectRatio: `${width} / ${height}` }}
        loading={loading}
        decoding="async"
        fetchPriority={priority ? 'high' : undefined}
      />
    </picture>
  )
}
