import { AdminSection } from '../../components/admin/AdminShell'
import { ChangesTable } from '../../components/admin/ChangesTable'
import { humanize, pathLabel } from '../../components/admin/SchemaFields'
import { UtcTime } from '../../components/admin/UtcTime'
import { adminCopy } from '../../content/admin'
import { documentHref, restoreHref, utcText } from '../../lib/admin-links'
import type { PageModule } from '../../schemas/page-module'
import type { RevisionEntry } from '../../schemas/studio-records'
import { partOf } from '../../lib/document-kinds'
import { adminPage, readable, type AdminFrame } from './AdminFrame'

export interface HistoryData extends AdminFrame {
  doc: string
  /** The document's name. */
  title: string
  /** Its parts' labels, for the fields' paths in words. */
  roots: Record<string, string>
  /** Newest first; null when the history could not be read. */
  revisions: RevisionEntry[] | null
  /** Whether the document has a repository copy, which the history begins with (with Restore). */
  repository: boolean
}

const copy = adminCopy.studio
/** A field's key inside a value, in the editor's words for it. */
const keyWords = (key: string) => copy.fields[key] ?? humanize(key)
const h = copy.history

/** What a revision's note says, in words: a schedule, a restore, a post taken off the site. */
function noteText(note: string | null): string | null {
  if (!note) return null
  if (note === 'scheduled') return h.scheduled
  if (note === 'unpublished') return h.unpublished
  if (note === 'reverted') return h.reverted
  if (note.startsWith('restored')) return h.restored
  return null
}

/** /admin/…/<doc>/history: every publish, what it changed field by field, and Restore. */
export function documentHistoryPage({
  doc,
  title,
  roots,
  revisions,
  repository,
  ...frame
}: HistoryData): PageModule {
  const label = (path: string) => pathLabel(path, roots, copy)
  return adminPage(
    partOf(doc),
    { meta: h.meta, heading: `${title}: ${h.heading}` },
    frame,
    <>
      <p className="studio-links">
        <a href={documentHref(doc)} className="text-link">
          {copy.preview.back}
        </a>
      </p>
      {readable(revisions, (list) =>
        list.length ? (
          [
            ...list.map((revision, i) => (
              <AdminSection
                key={revision.id}
                title={`${utcText(revision.publishedAt)} · ${revision.publishedBy}`}
              >
                <p>
                  {h.who}: {revision.publishedBy} · {h.when}: <UtcTime iso={revision.publishedAt} />
                  {noteText(revision.note) ? ` · ${noteText(revision.note)}` : null}
                </p>
                <ChangesTable
                  caption={`${h.what}: ${utcText(revision.publishedAt)}`}
                  columns={[h.what, h.before, h.after]}
                  changes={revision.changes}
                  label={label}
                  keyWords={keyWords}
                  empty={h.empty}
                  none={h.nothing}
                />
                {i > 0 ? (
                  <form method="post" action={restoreHref(doc, revision.id)} className="studio-inline">
                    <p className="field-hint">{h.restoreNote}</p>
                    <button type="submit" className="btn btn-secondary btn-sm">
                      {h.restore}
                    </button>
                  </form>
                ) : null}
              </AdminSection>
            )),
            // The start of the history: the copy the site shipped with, restorable like any version.
            repository ? (
              <AdminSection key="repository" title={h.repository}>
                <form method="post" action={restoreHref(doc, 'repository')} className="studio-inline">
                  <p className="field-hint">{h.repositoryNote}</p>
                  <button type="submit" className="btn btn-secondary btn-sm">
                    {h.restore}
                  </button>
                </form>
              </AdminSection>
            ) : null,
          ]
        ) : (
          <p>{h.none}</p>
        ),
      )}
    </>,
  )
}
