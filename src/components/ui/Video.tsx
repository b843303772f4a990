import { useRenderState } from '../RenderContext'

interface VideoProps {
  src: string
  poster: string
  /** Accessible description; decorative videos pass an empty string and are hidden from AT. */
  label: string
  className?: string
  width: number
  height: number
}

/**
 * Muted looping video behind its poster. Nothing downloads until it comes into view: then
 * src/client/enhance.ts starts it and fades it in over 0.5 s once it has data. Without
 * JavaScript the poster shows (no download at all).
 */
export function Video({ src, poster, label, className = '', width, height }: VideoProps) {
  useRenderState().needs.add('enhance')
  return (
    <video
      className={`fade-video ${className}`}
      src={src}
      poster={poster}
      width={width}
      height={height}
      muted
      loop
      playsInline
      preload="none"
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
    />
  )
}
