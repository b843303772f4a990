import { useId } from 'react'
import type { SliderCopy } from '../../schemas/copy'
import type { WhyContent } from '../../schemas/home'
import { Island } from '../Island'
import { CheckIcon } from '../ui/icons'
import { SectionHeading } from '../ui/SectionHeading'
import { TitledLine } from '../ui/TitledLine'

interface WhyChooseUsProps extends WhyContent {
  controls: SliderCopy
}

/** 10. "Why Choose Us?": six points beside the testimonial slider (an island). */
export function WhyChooseUsSection({ title, intro, points, controls, ...slider }: WhyChooseUsProps) {
  const headingId = useId()
  const { testimonialsTitle, testimonials, ...texts } = slider
  return (
    <section className="section section-tint" aria-labelledby={headingId}>
      <div className="container why-layout">
        <div>
          <SectionHeading id={headingId} title={title} intro={intro} align="start" />
          <ul className="why-list">
            {points.map((point) => (
              <li key={point.title}>
                <span className="why-icon">
                  <CheckIcon />
                </span>
                <TitledLine title={point.title} line={point.description} />
              </li>
            ))}
          </ul>
        </div>
        <Island
          name="Testimonials"
          hydrate="visible"
          props={{ title: testimonialsTitle, items: testimonials, ...texts, controls }}
        />
      </div>
    </section>
  )
}
