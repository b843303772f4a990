import { PageIntro } from '../components/templates/PageParts'
import { notFoundCopy as copy } from '../content/pages/not-found'
import type { PageModule } from '../schemas/page-module'

function NotFound() {
  return (
    <section className="page not-found">
      <p aria-hidden="true" className="not-found-code">
        404
      </p>
      <PageIntro heading={copy.heading} lead={copy.message} />
      <p className="not-found-action">
        <a href="/" className="btn btn-primary">
          {copy.homeLabel}
        </a>
      </p>
    </section>
  )
}

/** Rendered by worker.ts for any unknown path, with status 404 (the path is logged there). */
export const notFoundPage: PageModule = { meta: { ...copy.meta, noindex: true }, Page: NotFound }
