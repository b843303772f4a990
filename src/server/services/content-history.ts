/**
 * A document's history: each publish's revision with what it changed, field by field, against
 * the revision before it (or the repository's copy, for the first), and Restore, which makes a
 * revision's edition live again as a new revision.
 */
import { changedFields, valueAt } from '../../lib/edition'
import { ok, type Result } from '../../lib/result'
import type { ContentRevisions, RevisionRow } from '../storage/content-revisions'
import type { ContentService } from './content'

/** One field a revision changed: its path, and its value before and after. */
export interface FieldChange {
  path: string
  before: unknown
  after: unknown
}

export interface RevisionView extends RevisionRow {
  changes: FieldChange[]
}

export class ContentHistory {
  constructor(
    private readonly revisions: ContentRevisions,
    private readonly content: ContentService,
  ) {}

  /** The last 100 revisions of a document, newest first, each with its changes; null for an unknown document. */
  async of(doc: string): Promise<Result<RevisionView[] | null>> {
    if (!this.content.defaultsOf(doc)) return ok(null)
    const rows = await this.revisions.revisions(doc)
    if (!rows.ok) return rows
    const values = (row: RevisionRow | undefined) =>
      Object.entries(this.content.valuesOf(doc, row?.edition ?? {})!)
    return ok(
      rows.value.map((row, i) => {
        const before = new Map(values(rows.value[i + 1]))
        const changes = values(row).flatMap(([root, after]) =>
          Object.entries(changedFields(before.get(root), after, root)).map(([path, value]) => ({
            path,
            before: path === root ? before.get(root) : valueAt(before.get(root), path.slice(root.length + 1)),
            after: value,
          })),
        )
        return { ...row, changes }
      }),
    )
  }

  /** Makes a revision's edition live again; false for a revision of another document. */
  async restore(doc: string, id: number, by: string): Promise<Result<boolean, 'stale'>> {
    const row = await this.revisions.revision(id)
    if (!row.ok) return row
    if (!row.value || row.value.doc !== doc) return ok(false)
    return this.content.goLive({
      doc,
      edition: row.value.edition,
      by,
      at: new Date().toISOString(),
      note: `restored revision ${id}`,
    })
  }
}
