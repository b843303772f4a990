import { useState, type CSSProperties } from 'react'
import { ArrowLeftIcon, ArrowRightIcon } from '../components/ui/icons'
import { VideoFrame } from '../components/ui/VideoFrame'
import { ringOffset, wrapIndex } from '../lib/carousel'
import { useHydrated } from './use-hydrated'

export interface CarouselItem {
  title: string
  url: string
  video: { src: string; poster: string; width: number; height: number }
}

export interface CarouselProps {
  /** Accessible name of the widget (distinguishes its Previous/Next from other widgets'). */
  label: string
  items: CarouselItem[]
}

/** Each step away from the centre: scale -0.15, opacity -0.3 (spec section 9). */
const SCALE_STEP = 0.15
const FADE_STEP = 0.3

/**
 * "Explore our store": all items visible, the centre one active, the others scaled and faded by
 * distance; Previous/Next cycle round. The server render is the complete list of links, so it
 * works without JavaScript; the buttons are enabled once hydrated.
 */
export default function Carousel({ label, items }: CarouselProps) {
  const [active, setActive] = useState(0)
  const ready = useHydrated()
  const n = items.length
  const step = (by: number) => setActive((i) => wrapIndex(i, by, n))
  const current = items[active]

  return (
    <div className="carousel" role="region" aria-roledescription="carousel" aria-label={label}>
      <ul className="carousel-track">
        {items.map((item, i) => {
          const offset = ringOffset(i, active, n)
          const distance = Math.abs(offset)
          const style = {
            '--offset': offset,
            '--scale': 1 - SCALE_STEP * distance,
            opacity: 1 - FADE_STEP * distance,
            zIndex: n - distance,
          } as CSSProperties
          return (
            <li
              key={item.url}
              className="carousel-item"
              style={style}
              aria-current={offset === 0 ? 'true' : undefined}
            >
              <a className="carousel-link" href={item.url} target="_blank" rel="noopener noreferrer">
                <VideoFrame
                  className="carousel-video"
                  src={item.video.src}
                  poster={item.video.poster}
                  width={item.video.width}
                  height={item.video.height}
                  label=""
                />
                <span className="carousel-title">{item.title}</span>
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          )
        })}
      </ul>
      <div className="slider-controls needs-js">
        <button type="button" className="slider-button" onClick={() => step(-1)} disabled={!ready}>
          <ArrowLeftIcon />
          <span className="sr-only">Previous</span>
        </button>
        <p className="sr-only" aria-live="polite">
          {current ? `${current.title}, ${active + 1} of ${n}` : ''}
        </p>
        <button type="button" className="slider-button" onClick={() => step(1)} disabled={!ready}>
          <ArrowRightIcon />
          <span className="sr-only">Next</span>
        </button>
      </div>
    </div>
  )
}
