import type { DocumentState } from '../../schemas/studio-records'
import { UtcTime } from './UtcTime'

/** Where the document stands, in one line, and the way to cancel a schedule. */
export function DocumentStatus({
  state,
  cancelAction,
  words: e,
}: {
  state: DocumentState | null
  cancelAction: string
  /** Each line's words; {at} and {who} are filled in. */
  words: Record<'unpublished' | 'live' | 'repository' | 'draft' | 'scheduled' | 'cancel', string>
}) {
  const line = (template: string, at: string | null, who: string | null) => {
    const [before, after] = template.split('{at}') as [string, string?]
    return (
      <>
        {before}
        {at ? <UtcTime iso={at} /> : null}
        {(after ?? '').replace('{who}', who ?? '')}
      </>
    )
  }
  return (
    <div className="studio-status">
      {/* Taken off the site: that is where it stands, not when it was last published. */}
      {state?.unpublished ? (
        <p>{e.unpublished}</p>
      ) : state?.live && state.publishedAt ? (
        <p>{line(e.live, state.publishedAt, state.publishedBy)}</p>
      ) : (
        <p>{e.repository}</p>
      )}
      {state?.hasDraft && state.draftAt ? (
        <p>{line(e.draft.replace('{who}', state.draftBy ?? ''), state.draftAt, null)}</p>
      ) : null}
      {state?.publishAt ? (
        <form method="post" action={cancelAction} className="studio-inline">
          <p>{line(e.scheduled, state.publishAt, state.publishBy)}</p>
          <button type="submit" className="btn btn-secondary btn-sm">
            {e.cancel}
          </button>
        </form>
      ) : null}
    </div>
  )
}
