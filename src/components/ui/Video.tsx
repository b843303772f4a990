import { useRenderState } from '../RenderContext'
import { VideoFrame, type VideoFrameProps } from './VideoFrame'

/**
 * Muted looping video behind its poster. Nothing downloads until it comes into view: then
 * src/client/enhance.ts starts it and fades it in over 0.5 s once it has data. Without
 * JavaScript the poster shows (no download at all). `className` sizes the frame around it.
 */
export function Video(props: VideoFrameProps) {
  useRenderState().needs.add('enhance')
  return <VideoFrame {...props} />
}
