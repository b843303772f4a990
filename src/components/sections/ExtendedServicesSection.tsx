import { home } from '../../content/home'
import { ArrowRightIcon } from '../ui/icons'
import { Picture } from '../ui/Picture'
import { SectionHeading } from '../ui/SectionHeading'
import { SmartLink } from '../ui/SmartLink'

/** 13. Extended Services: three cards whose Learn More links scroll to the contact form. */
export function ExtendedServicesSection() {
  const { services } = home
  return (
    <section className="section section-tint" aria-labelledby="services-title">
      <div className="container">
        <SectionHeading id="services-title" title={services.title} intro={services.intro} />
        <ul className="card-grid card-grid-3">
          {services.cards.map((card) => (
            <li key={card.title} id={'id' in card ? card.id : undefined} className="card media-card">
              <Picture {...card.image} className="card-media" />
              <div className="card-body">
                <h3>{card.title}</h3>
                <p>{card.description}</p>
                <SmartLink target={card.cta.target} className="text-link" context={` about ${card.title}`}>
                  {card.cta.label}
                  <ArrowRightIcon />
                </SmartLink>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
