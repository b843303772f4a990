import { ShowcaseCard } from '../components/pages/ShowcaseCard'
import { tryOnPage as copy } from '../content/pages/try-on'
import type { PageModule } from '../schemas/page-module'

function TryOn() {
  return (
    <div className="page">
      <h1 className="page-title">{copy.heading}</h1>
      <p className="page-lead">{copy.lead}</p>
      <div className="showcase-list">
        {copy.items.map((item, index) => (
          <ShowcaseCard key={item.id} item={item} reverse={index % 2 === 1} />
        ))}
      </div>
      <section aria-labelledby="try-on-benefits" className="benefits-section">
        <h2 id="try-on-benefits" className="page-heading">
          {copy.benefitsHeading}
        </h2>
        <ul className="panel-grid panel-grid-sm-2 panel-grid-lg-3">
          {copy.benefits.map((benefit) => (
            <li key={benefit.title} className="panel figure-card">
              {benefit.value ? (
                <p aria-hidden="true" className="figure">
                  {benefit.value}
                </p>
              ) : null}
              <h3 className="panel-title">{benefit.title}</h3>
              <p className="page-text">{benefit.description}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

export const tryOnPage: PageModule = { meta: copy.meta, Page: TryOn }
