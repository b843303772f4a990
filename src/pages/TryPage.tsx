import { BackToHome } from '../components/templates/BackToHome'
import { FigureCard, PageIntro, PageSection } from '../components/templates/PageParts'
import type { PageModule } from '../schemas/page-module'
import type { TryPageCopy } from '../schemas/pages'
import type { SiteContent } from '../schemas/site-copy'
import { useRenderState } from '../components/RenderContext'
import { useChrome } from './locale-content'

function Try({ copy }: { copy: TryPageCopy }) {
  const { ui } = useChrome()
  const { localHref } = useRenderState()
  return (
    <div className="page">
      <BackToHome label={ui.backToHome} />
      <PageIntro heading={copy.heading} lead={copy.lead} />
      <PageSection id="how-it-works" heading={copy.stepsHeading} className="page-section">
        <ol className="panel-grid panel-grid-3">
          {copy.steps.map((step, index) => (
            <FigureCard key={step.title} figure={index + 1} title={step.title} text={step.description} />
          ))}
        </ol>
      </PageSection>
      <section aria-labelledby="try-cta" className="page-section callout callout-banner">
        <h2 id="try-cta" className="callout-title">
          {copy.cta.text}
        </h2>
        <a href={localHref(copy.cta.href)} className="btn btn-primary">
          {copy.cta.label}
        </a>
      </section>
      <PageSection id="try-related" heading={copy.relatedHeading} className="page-section">
        <ul className="panel-grid panel-grid-2">
          {copy.related.map((link) => (
            <li key={link.href} className="panel link-card">
              <a href={localHref(link.href)} className="text-link">
                {link.label}
              </a>
              <p className="page-text">{link.description}</p>
            </li>
          ))}
        </ul>
      </PageSection>
    </div>
  )
}

/** /try, from the site's copy. */
export const tryPage = ({ copy }: SiteContent): PageModule => ({
  meta: copy.try.meta,
  Page: () => <Try copy={copy.try} />,
})
