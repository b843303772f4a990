import { PageIntro } from '../components/templates/PageParts'
import { goneCopy, notFoundCopy, reviewGoneCopy } from '../content/pages/not-found'
import type { PageModule } from '../schemas/page-module'
import type { GonePageCopy } from '../schemas/pages'

function Missing({ code, copy }: { code: 404 | 410; copy: GonePageCopy }) {
  return (
    <section className="page not-found">
      <p aria-hidden="true" className="not-found-code">
        {code}
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
export const notFoundPage: PageModule = {
  meta: { ...notFoundCopy.meta, noindex: true },
  Page: () => <Missing code={404} copy={notFoundCopy} />,
}

/** Rendered by worker.ts, with status 410, at the address of a landing page taken off the site. */
export const gonePage: PageModule = {
  meta: { ...goneCopy.meta, noindex: true },
  Page: () => <Missing code={410} copy={goneCopy} />,
}

/** Rendered with status 410 for a share link that was revoked, has ended, or never was. */
export const reviewGonePage: PageModule = {
  meta: { ...reviewGoneCopy.meta, noindex: true },
  Page: () => <Missing code={410} copy={reviewGoneCopy} />,
}
