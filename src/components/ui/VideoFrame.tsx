import type { CSSProperties } from 'react'

export interface VideoFrameProps {
  src: string
  poster: string
  /** Accessible description; decorative videos pass an empty string and are hidden from AT. */
  label: string
  /** Classes for the frame (size, position); the video fills it. */
  className?: string
  width: number
  height: number
}

/**
 * Context-free markup of a faded-in video, shared by the server `Video` and by islands (which
 * cannot read the render state). The frame shows the poster as its background and reserves the
 * aspect ratio, so nothing shifts and the poster stays visible while the video is still
 * transparent. src/client/enhance.ts plays `.fade-video` elements in view and marks them loaded.
 */
export function VideoFrame({ src, poster, label, className = '', width, height }: VideoFrameProps) {
  const style = { '--ratio': `${width} / ${height}`, backgroundImage: `url("${poster}")` } as CSSProperties
  return (
    <span className={`video-frame ${className}`} style={style}>
      <video
        className="fade-video"
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
        // enhance.ts marks the video loaded (data-loaded) before or after an island hydrates.
        suppressHydrationWarning
      />
    </span>
  )
}
