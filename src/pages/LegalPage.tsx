import { BackToHome } from '../components/pages/BackToHome'
import { Prose } from '../components/pages/Prose'
import { pageStyles } from '../components/pages/styles'
import type { LegalDocument } from '../schemas/pages'
import type { PageModule } from '../schemas/page-module'

/** One legal page (privacy, terms, cancellation, refund, shipping) from its typed copy. */
export function legalPage(document: LegalDocument): PageModule {
  function Legal() {
    return (
      <article className={pageStyles.readingColumn}>
        <BackToHome />
        <header className="mt-6">
          <h1 className={pageStyles.h1}>{document.title}</h1>
          <p className="mt-3 text-slate-300">
            Effective date: <time dateTime="2025-04-04">{document.effectiveDate}</time>
          </p>
        </header>
        {document.intro.map((paragraph) => (
          <p key={paragraph} className={`mt-6 ${pageStyles.body}`}>
            {paragraph}
          </p>
        ))}
        <Prose sections={document.sections} />
      </article>
    )
  }
  return { meta: document.meta, Page: Legal }
}
