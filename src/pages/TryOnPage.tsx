import { FigureCard, PageIntro, PageSection, ShowcaseList } from '../components/templates/PageParts'
import type { PageModule } from '../schemas/page-module'
import type { TryOnPageCopy } from '../schemas/pages'
import type { SiteContent } from '../schemas/site-copy'
import { useChrome } from './locale-content'

function TryOn({ copy }: { copy: TryOnPageCopy }) {
  const { ui } = useChrome()
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

/** /try-on, from the site's copy (the studio's edition, else the repository's). */
export const tryOnPage = ({ copy }: SiteContent): PageModule => ({
  meta: copy.tryOn.meta,
  Page: () => <TryOn copy={copy.tryOn} />,
})
