import { pageStyles } from '../components/pages/styles'
import { notFoundCopy as copy } from '../content/pages/not-found'
import type { PageModule } from '../schemas/page-module'

function NotFound() {
  return (
    <section
      className={`${pageStyles.container} flex min-h-[60vh] flex-col items-center justify-center text-center`}
    >
      <p aria-hidden="true" className="text-7xl font-bold text-indigo-300">
        404
      </p>
      <h1 className={`mt-4 ${pageStyles.h1}`}>{copy.heading}</h1>
      <p className={pageStyles.lead}>{copy.message}</p>
      <p className="mt-8">
        <a href="/" className={pageStyles.primaryButton}>
          {copy.homeLabel}
        </a>
      </p>
    </section>
  )
}

/** Rendered by worker.ts for any unknown path, with status 404 (the path is logged there). */
export const notFoundPage: PageModule = { meta: { ...copy.meta, noindex: true }, Page: NotFound }
