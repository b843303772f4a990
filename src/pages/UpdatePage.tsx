import { Island } from '../components/Island'
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
      <section className="mx-auto max-w-xl px-4 pt-32 pb-24 text-white">
        <div className="rounded-2xl border border-neutral-700 bg-neutral-900 p-6 shadow-lg sm:p-8">
          <h1 className="mb-6 text-2xl font-bold">Update 3D Viewer URL</h1>
          {outcome ? (
            <div
              role={outcome.ok ? 'status' : 'alert'}
              className={`mb-6 rounded-lg border p-4 ${outcome.ok ? 'border-emerald-500 bg-emerald-950' : 'border-red-500 bg-red-950'}`}
            >
              <p className="font-semibold">{outcome.title}</p>
              <p className="text-sm">{outcome.text}</p>
            </div>
          ) : null}
          <Island name="UpdateForm" props={{ view3dUrl: storedUrl }} hydrate="load" />
          {storedUrl ? null : (
            <p className="mt-4 text-sm break-all text-neutral-400">
              No address is stored yet, so the site links to the default: {external.defaultViewerUrl}
            </p>
          )}
        </div>
      </section>
    ),
  }
}
