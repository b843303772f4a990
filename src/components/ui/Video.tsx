import { type PortraitSource, rasterImageFor } from '../../lib/media'
import { usePageState } from '../RenderContext'
import { Picture } from './Picture'
import { VideoFrame, type VideoFrameProps } from './VideoFrame'

interface VideoProps extends VideoFrameProps {
  poster: string
  /** How wide a built raster poster is shown (`sizes`); the frame's width by default. */
  posterSizes?: string
  /** A built cover poster's portrait crop for phones (the hero's), with where it applies. */
  posterPortrait?: PortraitSource
  /** The poster is the page's largest paint (the hero): eager and fetched first. */
  priority?: boolean
}

/**
 * Muted looping video behind its poster. Nothing downloads until it comes into view: then
 * src/client/enhance.ts starts it and fades it in over 0.5 s once it has data. Without
 * JavaScript the poster shows (no video download at all). A raster poster (src/media) is a
 * responsive <picture> under the video instead of one fixed file. `className` sizes the frame.
 */
export function Video({ posterSizes, posterPortrait, priority, ...props }: VideoProps) {
  usePageState().needs.add('enhance')
  if (!rasterImageFor(props.poster)) return <VideoFrame {...props} />
  return (
    <VideoFrame {...props} poster={undefined}>
      <Picture
        src={props.poster}
        alt=""
        width={props.width}
        height={props.height}
        className="video-poster"
        sizes={posterSizes ?? `(min-width: ${props.width}px) ${props.width}px, 100vw`}
        portrait={posterPortrait}
        eager={priority}
        priority={priority}
      />
    </VideoFrame>
  )
}
