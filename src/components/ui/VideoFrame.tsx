import type { CSSProperties, ReactNode } from 'react'

export interface VideoFrameProps {
  /** The video; without one the frame shows its poster alone. */
  src?: string
  /** Shown as the frame's background and the video's poster; none when a <picture> child shows it. */
  poster?: string
  /** Accessible description; decorative videos pass an empty string and are hidden from AT. */
  label: string
  /** Classes for the frame (size, position); the video fills it. */
  className?: string
  width: number
  height: number
  /** A built poster <picture>, under the video. */
  children?: ReactNode
}

/**
 * Context-free markup of a faded-in video, shared by the server `Video` and by islands (which
 * cannot read the render state). The frame shows the poster as its background and reserves the
 * aspect ratio, so nothing shifts and the poster stays visible while the video is still
 * transparent. src/client/enhance.ts plays `.fade-video` elements in view and marks them loaded.
 */
export function VideoFrame(props: VideoFrameProps) {
  const { src, poster, label, className = '', width, height, children } = props
  const style = { '--ratio': `${width} / ${height}` } as CSSProperties
  if (poster) style.backgroundImage = `url("${poster}")`
  return (
    <span className={`video-frame ${className}`} style={style}>
      {children}
      {src ? (
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
      ) : null}
    </span>
  )
}
