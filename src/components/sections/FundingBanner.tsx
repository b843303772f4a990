import { useId } from 'react'
import type { Cta } from '../../schemas/content'
import { ButtonLink } from '../ui/SmartLink'

interface FundingBannerProps {
  /** Optional on a landing page's call-to-action band. */
  eyebrow?: string
  title: string
  text: string
  cta: Cta
}

/** 12. Funding banner, leading to the contact form; a landing page's call-to-action band too. */
export function FundingBanner({ eyebrow, title, text, cta }: FundingBannerProps) {
  const headingId = useId()
  return (
    <section className="section" aria-labelledby={headingId}>
      <div className="container">
        <div className="funding-banner">
          <div>
            {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
            <h2 id={headingId}>{title}</h2>
            <p>{text}</p>
          </div>
          <ButtonLink cta={cta} variant="light" />
        </div>
      </div>
    </section>
  )
}
