import { home } from '../../content/home'
import { Island } from '../Island'
import { CheckIcon } from '../ui/icons'
import { SectionHeading } from '../ui/SectionHeading'

/** 10. "Why Choose Us?": six points and the testimonial slider (an island). */
export function WhyChooseUsSection() {
  const { why } = home
  return (
    <section className="section section-tint" aria-labelledby="why-title">
      <div className="container why-layout">
        <div>
          <SectionHeading id="why-title" title={why.title} intro={why.intro} align="start" />
          <ul className="why-list">
            {why.points.map((point) => (
              <li key={point.title}>
                <span className="why-icon">
                  <CheckIcon />
                </span>
                <span>
                  <strong>{point.title}</strong>
                  <span>{point.description}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <Island
          name="Testimonials"
          hydrate="visible"
          props={{ title: why.testimonialsTitle, items: why.testimonials }}
        />
      </div>
    </section>
  )
}
