import { Island } from '../components/Island'
import { Notice } from '../components/ui/Notice'
import { external } from '../content/external'
import { updatePageCopy as copy } from '../content/update'
import type { PageModule } from '../schemas/page-module'
import type { UpdateStatus } from '../schemas/settings'

export interface UpdatePageData {
  /** The stored address, read fresh for this request ("" when nothing is stored or the read failed). */
  storedUrl: string
  /** Outcome of a no-JavaScript save, from `?status=` after the redirect. */
  status?: UpdateStatus
}

/** /update: built per request, because it shows the stored address and the last outcome. Unlisted. */
export function updatePage({ storedUrl, status }: UpdatePageData): PageModule {
  const outcome = status ? copy.outcomes[status] : undefined
  return {
    meta: { ...copy.meta, noindex: true },
    Page: () => (
      <section className="admin-page">
        <div className="panel panel-roomy">
          <h1 className="admin-title">{copy.heading}</h1>
          {outcome ? <Notice ok={status === 'updated'} {...outcome} /> : null}
          <Island name="UpdateForm" props={{ view3dUrl: storedUrl, copy: copy.form }} hydrate="load" />
          {storedUrl ? null : (
            <p className="admin-note">
              {copy.defaultNote} {external.defaultViewerUrl}
            </p>
          )}
        </div>
      </section>
    ),
  }
}
