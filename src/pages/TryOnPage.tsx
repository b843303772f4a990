import { FigureCard, PageIntro, PageSection, ShowcaseList } from '../components/templates/PageParts'
import { tryOnPage as copy } from '../content/pages/try-on'
import { ui } from '../content/ui'
import type { PageModule } from '../schemas/page-module'

function TryOn() {
  return (
    <div className="page">
      <PageIntro heading={copy.heading} lead={copy.lead} />
      <ShowcaseList items={copy.items} labels={ui.showcase} />
      <PageSection id="try-on-benefits" heading={copy.benefitsHeading} className="benefits-section">
        <ul className="panel-grid panel-grid-sm-2 panel-grid-lg-3">
          {copy.benefits.map((benefit) => (
            <FigureCard
              key={benefit.title}
              figure={benefit.value}
              title={benefit.title}
              text={benefit.description}
            />
          ))}
        </ul>
      </PageSection>
    </div>
  )
}

export const tryOnPage: PageModule = { meta: copy.meta, Page: TryOn }
