import type { CSSProperties } from 'react'
import { SliderControls } from '../components/ui/SliderControls'
import { VideoFrame } from '../components/ui/VideoFrame'
import { ringOffset } from '../lib/carousel'
import { newTabNote } from '../lib/links'
import { fillTemplate } from '../lib/template'
import type { SliderCopy } from '../schemas/copy'
import type { DemoStore } from '../schemas/home'
import { useSlider } from './use-slider'

export interface CarouselProps {
  /** Accessible name of the widget (distinguishes its Previous/Next from other widgets'). */
  label: string
  items: DemoStore[]
  /** Announced after each step; {title}, {current} and {total} are filled in. */
  position: string
  controls: SliderCopy
  /** What screen readers hear after each store's link, which opens a new tab ("opens in a new tab"). */
  newTab: string
}

/** Each step away from the centre: scale -0.15, opacity -0.3 (spec section 9). */
const SCALE_STEP = 0.15
const FADE_STEP = 0.3

/**
 * "Explore our store": all items visible, the centre one active, the others scaled and faded by
 * distance; Previous/Next cycle round. The server render is the complete list of links, so it
 * works without JavaScript; the buttons are enabled once hydrated.
 */
export default function Carousel({ label, items, position, controls, newTab }: CarouselProps) {
  const n = items.length
  const slider = useSlider(n)
  const { active } = slider
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
                <VideoFrame className="carousel-video" {...item.video} label="" />
                <span className="carousel-title">{item.title}</span>
                <span className="sr-only">{newTabNote(newTab)}</span>
              </a>
            </li>
          )
        })}
      </ul>
      <SliderControls labels={controls} slider={slider} statusClassName="sr-only">
        {current ? fillTemplate(position, { title: current.title, current: active + 1, total: n }) : ''}
      </SliderControls>
    </div>
  )
}
