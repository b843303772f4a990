import { home } from '../../content/home'
import { ButtonLink } from '../ui/SmartLink'

/** 12. Funding banner, leading to the contact form. */
export function FundingBanner() {
  const { funding } = home
  return (
    <section className="section" aria-labelledby="funding-title">
      <div className="container">
        <div className="funding-banner">
          <div>
            <p className="eyebrow">{funding.eyebrow}</p>
            <h2 id="funding-title">{funding.title}</h2>
            <p>{funding.text}</p>
          </div>
          <ButtonLink target={funding.cta.target} variant="light">
            {funding.cta.label}
          </ButtonLink>
        </div>
      </div>
    </section>
  )
}
