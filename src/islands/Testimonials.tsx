import { useId } from 'react'
import { SliderControls } from '../components/ui/SliderControls'
import { TitledLine } from '../components/ui/TitledLine'
import { fillTemplate } from '../lib/template'
import type { SliderCopy } from '../schemas/copy'
import type { Testimonial } from '../schemas/home'
import { useSlider } from './use-slider'

export interface TestimonialsProps {
  title: string
  items: Testimonial[]
  /** Names the scrollable list of every review shown before hydration. */
  allReviews: string
  /** Names the box once it shows one review at a time. */
  currentReview: string
  /** "(1/4) reviews": {current} and {total} are filled in. */
  counter: string
  controls: SliderCopy
}

/**
 * Testimonial slider: one review at a time in a 280 px box (a longer quote scrolls inside it, and
 * the box takes keyboard focus), Previous/Next wrap round, and a "(1/4) reviews" counter. Before hydration (or without JavaScript) all reviews are listed in
 * the same box, scrollable, so none is out of reach.
 */
export default function Testimonials(props: TestimonialsProps) {
  const { title, items, allReviews, currentReview, counter, controls } = props
  const n = items.length
  const slider = useSlider(n)
  const { active, ready } = slider
  const headingId = useId()

  return (
    <section className="testimonials" aria-labelledby={headingId}>
      <h3 id={headingId} className="testimonials-title">
        {title}
      </h3>
      <div
        className={ready ? 'testimonial-box' : 'testimonial-box is-static'}
        role="region"
        aria-label={ready ? currentReview : allReviews}
        tabIndex={0}
      >
        <ul className="testimonial-list">
          {items.map((t, i) => (
            <li key={t.id} className="testimonial" hidden={ready && i !== active}>
              <figure>
                <blockquote>
                  <p>“{t.text}”</p>
                </blockquote>
                <figcaption>
                  <img src={t.avatar} alt="" width={48} height={48} loading="lazy" decoding="async" />
                  <TitledLine title={t.name} line={t.position} />
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
      <SliderControls labels={controls} slider={slider} statusClassName="testimonial-counter">
        {fillTemplate(counter, { current: active + 1, total: n })}
      </SliderControls>
    </section>
  )
}
