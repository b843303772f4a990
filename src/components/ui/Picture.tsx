interface PictureProps {
  src: string
  alt: string
  width: number
  height: number
  className?: string
  /** Above-the-fold images load eagerly. */
  eager?: boolean
}

/** An image that reserves its space (width/height) and loads lazily unless it is above the fold. */
export function Picture({ src, alt, width, height, className, eager = false }: PictureProps) {
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={eager ? undefined : 'lazy'}
      decoding="async"
    />
  )
}
