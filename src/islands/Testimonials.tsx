import { useId, useState } from 'react'
import { wrapIndex } from '../lib/carousel'
import { ArrowLeftIcon, ArrowRightIcon } from '../components/ui/icons'
import { useHydrated } from './use-hydrated'

export interface TestimonialItem {
  id: string
  text: string
  name: string
  position: string
  avatar: string
}

export interface TestimonialsProps {
  title: string
  items: TestimonialItem[]
}

/**
 * Testimonial slider: one review at a time in a 280 px box, Previous/Next wrap round, and a
 * "(1/4) reviews" counter. Before hydration (or without JavaScript) all reviews are listed in
 * the same box, scrollable, so none is out of reach.
 */
export default function Testimonials({ title, items }: TestimonialsProps) {
  const [active, setActive] = useState(0)
  const ready = useHydrated()
  const headingId = useId()
  const n = items.length
  const step = (by: number) => setActive((i) => wrapIndex(i, by, n))

  return (
    <section className="testimonials" aria-labelledby={headingId}>
      <h3 id={headingId} className="testimonials-title">
        {title}
      </h3>
      <div
        className={`testimonial-box ${ready ? '' : 'is-static'}`}
        role={ready ? undefined : 'region'}
        aria-label={ready ? undefined : 'All reviews'}
        tabIndex={ready ? undefined : 0}
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
                  <span>
                    <strong>{t.name}</strong>
                    <span>{t.position}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
      <div className="slider-controls needs-js">
        <button type="button" className="slider-button" onClick={() => step(-1)} disabled={!ready}>
          <ArrowLeftIcon />
          <span className="sr-only">Previous</span>
        </button>
        <p className="testimonial-counter" aria-live="polite">
          {`(${active + 1}/${n}) reviews`}
        </p>
        <button type="button" className="slider-button" onClick={() => step(1)} disabled={!ready}>
          <ArrowRightIcon />
          <span className="sr-only">Next</span>
        </button>
      </div>
    </section>
  )
}
