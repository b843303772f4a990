import { BackToHome } from '../components/pages/BackToHome'
import { Prose } from '../components/pages/Prose'
import type { LegalDocument } from '../schemas/pages'
import type { PageModule } from '../schemas/page-module'

/** One legal page (privacy, terms, cancellation, refund, shipping) from its typed copy. */
export function legalPage(document: LegalDocument): PageModule {
  function Legal() {
    return (
      <article className="page-narrow">
        <BackToHome />
        <header>
          <h1 className="page-title">{document.title}</h1>
          <p className="legal-date">
            Effective date: <time dateTime="2025-04-04">{document.effectiveDate}</time>
          </p>
        </header>
        {document.intro.map((paragraph) => (
          <p key={paragraph} className="page-text legal-intro">
            {paragraph}
          </p>
        ))}
        <Prose sections={document.sections} />
      </article>
    )
  }
  return { meta: document.meta, Page: Legal }
}
