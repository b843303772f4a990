import { Island } from '../components/Island'
import { Notice } from '../components/ui/Notice'
import { external } from '../content/external'
import type { UpdateStatus } from '../schemas/settings'
import type { PageModule } from '../schemas/page-module'

export interface UpdatePageData {
  /** The stored address, read fresh for this request ("" when nothing is stored or the read failed). */
  storedUrl: string
  /** Outcome of a no-JavaScript save, from `?status=` after the redirect. */
  status?: UpdateStatus
}

/** The same words as the toasts, for visitors whose save went through the plain form post. */
const OUTCOMES: Record<UpdateStatus, { title: string; text: string; ok: boolean }> = {
  updated: {
    title: 'URL Updated',
    text: 'The 3D viewer URL has been updated successfully in Firebase.',
    ok: true,
  },
  failed: {
    title: 'Update Failed',
    text: 'There was an error updating the URL. Please try again.',
    ok: false,
  },
  invalid: {
    title: 'Update Failed',
    text: 'Enter an absolute https:// or http:// address of at most 2048 characters.',
    ok: false,
  },
}

/** /update: built per request, because it shows the stored address and the last outcome. Unlisted. */
export function updatePage({ storedUrl, status }: UpdatePageData): PageModule {
  const outcome = status ? OUTCOMES[status] : undefined
  return {
    meta: {
      title: 'Update 3D Viewer URL',
      description: 'Change the address of the 3D viewer the site links to.',
      noindex: true,
    },
    Page: () => (
      <section className="admin-page">
        <div className="panel panel-roomy">
          <h1 className="admin-title">Update 3D Viewer URL</h1>
          {outcome ? <Notice {...outcome} /> : null}
          <Island name="UpdateForm" props={{ view3dUrl: storedUrl }} hydrate="load" />
          {storedUrl ? null : (
            <p className="admin-note">
              No address is stored yet, so the site links to the default: {external.defaultViewerUrl}
            </p>
          )}
        </div>
      </section>
    ),
  }
}
