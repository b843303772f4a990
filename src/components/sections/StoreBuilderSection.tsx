import { home } from '../../content/home'
import { CheckIcon } from '../ui/icons'
import { Picture } from '../ui/Picture'
import { ButtonLink } from '../ui/SmartLink'

/** 5. The no-code store builder (anchor store-builder-section). */
export function StoreBuilderSection() {
  const s = home.storeBuilder
  return (
    <section id={s.id} className="section" aria-labelledby="store-builder-title">
      <div className="container split">
        <div className="split-text">
          <p className="eyebrow">{s.eyebrow}</p>
          <h2 id="store-builder-title">{s.title}</h2>
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
            <ButtonLink target={s.primary.target} context=": store builder">
              {s.primary.label}
            </ButtonLink>
            <ButtonLink target={s.secondary.target} variant="secondary">
              {s.secondary.label}
            </ButtonLink>
          </div>
        </div>
        <Picture {...s.image} className="split-media" />
      </div>
    </section>
  )
}
