import { AdminSection } from '../../components/admin/AdminShell'
import { DataTable } from '../../components/admin/DataTable'
import { UtcTime } from '../../components/admin/UtcTime'
import { adminCopy } from '../../content/admin'
import { EDITABLE_DOCUMENTS } from '../../content/documents'
import { documentHref, utcText } from '../../lib/admin-links'
import { fillTemplate } from '../../lib/template'
import type { PageModule } from '../../schemas/page-module'
import { studioStatusOf, type DocumentState } from '../../schemas/studio-records'
import { adminPage, readable, type AdminFrame } from './AdminFrame'

export interface ContentListData extends AdminFrame {
  /** Where each document with a row stands; null when they could not be read. */
  states: Map<string, DocumentState> | null
  /** The documents of other kinds listed here after the copy's own (studio/kinds/ `listed`), by title. */
  more?: { doc: string; title: string; state: DocumentState }[]
}

const copy = adminCopy.studio

/** A document's status in words ("Scheduled for …" names the time). */
export function statusText(state: DocumentState | null): string {
  const status = studioStatusOf(state)
  return status === 'scheduled'
    ? fillTemplate(copy.status.scheduled, { at: utcText(state!.publishAt!) })
    : copy.status[status]
}

/** /admin/content: every part of the site the studio edits, where it stands, and who published it last. */
export function contentListPage({ states, more = [], ...frame }: ContentListData): PageModule {
  const l = copy.list
  return adminPage(
    'content',
    l,
    frame,
    <AdminSection title={l.heading}>
      <p>{l.intro}</p>
      {readable(states, (known) => (
        <DataTable
          caption={l.caption}
          columns={[l.document, l.status, l.published]}
          rowHeader={0}
          stack
          rows={[
            ...EDITABLE_DOCUMENTS.map(({ id }) => ({
              id,
              state: known.get(id) ?? null,
              ...copy.documents[id]!,
            })),
            ...more.map(({ doc, title, state }) => ({ id: doc, state, title, description: undefined })),
          ].map(({ id, state, title, description }) => {
            return {
              key: id,
              cells: [
                <>
                  <a href={documentHref(id)}>{title}</a>
                  {description ? <span className="data-table-note">{description}</span> : null}
                </>,
                statusText(state),
                state?.publishedAt ? (
                  <>
                    <UtcTime iso={state.publishedAt} /> {l.by} {state.publishedBy}
                  </>
                ) : (
                  adminCopy.empty
                ),
              ],
            }
          })}
        />
      ))}
    </AdminSection>,
  )
}
