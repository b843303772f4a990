import { useRenderState } from '../components/RenderContext'
import { ReadingPage } from '../components/templates/ReadingPage'
import { legalFrame } from '../content/pages/legal'
import { site } from '../content/site'
import { ui } from '../content/ui'
import type { PageModule } from '../schemas/page-module'
import type { LegalDocument } from '../schemas/posts'

/** The privacy page's words on experiments, as the site owner set them: a cookie or none. */
function ExperimentsNote() {
  const { experimentCookie } = useRenderState()
  const words = legalFrame.experiments
  return (
    <section className="prose">
      <h2>{words.title}</h2>
      <p>{experimentCookie ? words.on : words.off}</p>
    </section>
  )
}

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
  const Legal = () => (
    <ReadingPage backLabel={ui.backToHome} header={header} html={document.html}>
      {document.slug === 'privacy-policy' ? <ExperimentsNote /> : null}
    </ReadingPage>
  )
  return {
    meta: { title: `${document.title} — ${site.name}`, description: document.description },
    Page: Legal,
  }
}
