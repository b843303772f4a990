import { useId } from 'react'
import type { SplitSectionContent } from '../../schemas/home'
import { CheckIcon } from '../ui/icons'
import { Picture } from '../ui/Picture'
import { CtaRow } from '../ui/SmartLink'

interface SplitSectionProps extends SplitSectionContent {
  /** Picture on the left from 56rem up (it always comes after the text on narrow screens). */
  mediaFirst?: boolean
}

/** 5 and 9. A text column beside a picture: the store builder and the real-estate walkthrough. */
export function SplitSection({
  id,
  eyebrow,
  title,
  text,
  points,
  image,
  ctas,
  mediaFirst,
}: SplitSectionProps) {
  const headingId = useId()
  return (
    <section id={id} className="section" aria-labelledby={headingId}>
      <div className={mediaFirst ? 'container split split-reverse' : 'container split'}>
        <div className="split-text">
          <p className="eyebrow">{eyebrow}</p>
          <h2 id={headingId}>{title}</h2>
          <p className="section-intro">{text}</p>
          <ul className="check-list">
            {points.map((point) => (
              <li key={point}>
                <CheckIcon />
                {point}
              </li>
            ))}
          </ul>
          <CtaRow ctas={ctas} />
        </div>
        <Picture {...image} className="split-media" sizes="(min-width: 56rem) 46vw, calc(100vw - 2rem)" />
      </div>
    </section>
  )
}
