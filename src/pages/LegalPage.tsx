import { ReadingPage } from '../components/templates/ReadingPage'
import { legalFrame } from '../content/pages/legal'
import { site } from '../content/site'
import { ui } from '../content/ui'
import type { PageModule } from '../schemas/page-module'
import type { LegalDocument } from '../schemas/posts'

/** One legal page (privacy, terms, cancellation, refund, shipping) from its Markdown file. */
export function legalPage(document: LegalDocument): PageModule {
  const header = (
    <>
      <h1 className="page-title">{document.title}</h1>
      <p className="legal-date">
        {legalFrame.effectiveDateLabel} <time dateTime="2025-04-04">{document.effectiveDate}</time>
      </p>
    </>
  )
  const Legal = () => <ReadingPage backLabel={ui.backToHome} header={header} html={document.html} />
  return {
    meta: { title: `${document.title} — ${site.name}`, description: document.description },
    Page: Legal,
  }
}
