import { home } from '../../content/home'
import { ArrowUpRightIcon } from '../ui/icons'
import { Picture } from '../ui/Picture'
import { SectionHeading } from '../ui/SectionHeading'
import { SmartLink } from '../ui/SmartLink'

/**
 * 6. Interactive Commerce Suite: configurator, digital twin and virtual mall showcases, each the
 * target of its header anchor.
 */
export function CommerceSuiteSection() {
  const { suite } = home
  return (
    <section className="section section-tint" aria-labelledby="suite-title">
      <div className="container">
        <SectionHeading id="suite-title" title={suite.title} intro={suite.intro} />
        <ul className="card-grid card-grid-3">
          {suite.showcases.map((showcase) => (
            <li key={showcase.id} id={showcase.id} className="card media-card">
              <Picture {...showcase.image} className="card-media" />
              <div className="card-body">
                <h3>{showcase.title}</h3>
                <p>{showcase.description}</p>
                <SmartLink target={showcase.cta.target} className="text-link" context={`: ${showcase.title}`}>
                  {showcase.cta.label}
                  <ArrowUpRightIcon />
                </SmartLink>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
