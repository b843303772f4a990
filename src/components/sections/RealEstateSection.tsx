import { home } from '../../content/home'
import { CheckIcon } from '../ui/icons'
import { Picture } from '../ui/Picture'
import { ButtonLink } from '../ui/SmartLink'

/** 9. Real-estate walkthrough (anchor real-estate-section). */
export function RealEstateSection() {
  const s = home.realEstate
  return (
    <section id={s.id} className="section" aria-labelledby="real-estate-title">
      <div className="container split split-reverse">
        <div className="split-text">
          <p className="eyebrow">{s.eyebrow}</p>
          <h2 id="real-estate-title">{s.title}</h2>
          <p className="section-intro">{s.text}</p>
          <ul className="check-list">
            {s.points.map((point) => (
              <li key={point}>
                <CheckIcon />
                {point}
              </li>
            ))}
          </ul>
          <div className="cta-row">
            <ButtonLink target={s.cta.target} context=": villa walkthrough">
              {s.cta.label}
            </ButtonLink>
          </div>
        </div>
        <Picture {...s.image} className="split-media" />
      </div>
    </section>
  )
}
