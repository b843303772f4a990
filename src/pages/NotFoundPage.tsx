import { PageIntro } from '../components/templates/PageParts'
import { goneCopy, notFoundCopy, reviewGoneCopy } from '../content/pages/not-found'
import type { PageModule } from '../schemas/page-module'
import type { LocaleNotFoundCopy } from '../schemas/pages'

function Missing({ code, copy, home = '/' }: { code: 404 | 410; copy: LocaleNotFoundCopy; home?: string }) {
  return (
    <section className="page not-found">
      <p aria-hidden="true" className="not-found-code">
        {code}
      </p>
      <PageIntro heading={copy.heading} lead={copy.message} />
      <p className="not-found-action">
        <a href={home} className="btn btn-primary">
          {copy.homeLabel}
        </a>
      </p>
    </section>
  )
}

/** The 404 page in a locale's words (English's by default), for any unknown path (site/not-found.ts). */
export const notFoundPageIn = (copy: LocaleNotFoundCopy = notFoundCopy, home = '/'): PageModule => ({
  meta: { ...copy.meta, noindex: true },
  Page: () => <Missing code={404} copy={copy} home={home} />,
})

export const notFoundPage: PageModule = notFoundPageIn()

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
