import { BackToHome } from '../components/pages/BackToHome'
import { tryPage as copy } from '../content/pages/try'
import type { PageModule } from '../schemas/page-module'

function Try() {
  return (
    <div className="page">
      <BackToHome />
      <h1 className="page-title">{copy.heading}</h1>
      <p className="page-lead">{copy.lead}</p>
      <section aria-labelledby="how-it-works" className="page-section">
        <h2 id="how-it-works" className="page-heading">
          How the demo works
        </h2>
        <ol className="panel-grid panel-grid-3">
          {copy.steps.map((step, index) => (
            <li key={step.title} className="panel figure-card">
              <p aria-hidden="true" className="figure">
                {index + 1}
              </p>
              <h3 className="panel-title">{step.title}</h3>
              <p className="page-text">{step.description}</p>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="try-cta" className="page-section callout callout-banner">
        <h2 id="try-cta" className="callout-title">
          {copy.cta.text}
        </h2>
        <a href={copy.cta.href} className="btn btn-primary">
          {copy.cta.label}
        </a>
      </section>
      <section aria-labelledby="try-related" className="page-section">
        <h2 id="try-related" className="page-heading">
          Open to try now
        </h2>
        <ul className="panel-grid panel-grid-2">
          {copy.related.map((link) => (
            <li key={link.href} className="panel link-card">
              <a href={link.href} className="text-link">
                {link.label}
              </a>
              <p className="page-text">{link.description}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

export const tryPage: PageModule = { meta: copy.meta, Page: Try }
