/**
 * A document's history: each publish's revision with what it changed, field by field, against
 * the revision before it (or the repository's copy, for the first), and Restore, which makes a
 * revision's edition live again as a new revision.
 */
import { differences, type FieldChange } from '../../../lib/edition'
import { ok, refuse, type Result } from '../../../lib/result'
import type { ContentRevisions, RevisionRow } from '../storage/content-revisions'
import type { MediaStore } from '../storage/media'
import type { ContentService } from './content'

/** The media library's pictures an edition shows, by id. */
export const libraryIdsOf = (edition: unknown): Set<string> =>
  new Set([...JSON.stringify(edition).matchAll(/\/media\/library\/([0-9a-f]{16})/g)].map((m) => m[1]!))

export type { FieldChange } from '../../../lib/edition'

export interface RevisionView extends RevisionRow {
  changes: FieldChange[]
}

export class ContentHistory {
  constructor(
    private readonly revisions: ContentRevisions,
    private readonly content: ContentService,
    private readonly pictures: Pick<MediaStore, 'get'>,
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
        const changes = values(row).flatMap(([root, after]) => differences(before.get(root), after, root))
        return { ...row, changes }
      }),
    )
  }

  /** One revision (the live one's, for the editor's status line). */
  revision(id: number): Promise<Result<RevisionRow | null>> {
    return this.revisions.revision(id)
  }

  /** Whether the document has a copy in the repository (a part of the copy, a repository post or landing page). */
  hasRepositoryCopy(doc: string): boolean {
    const defaults = this.content.defaultsOf(doc)
    return Boolean(defaults) && Object.values(defaults!).every((value) => value !== undefined)
  }

  /** The repository's copy live again (an empty edition), where there is one; false where not. */
  async restoreRepository(doc: string, by: string): Promise<Result<boolean, 'stale'>> {
    if (!this.hasRepositoryCopy(doc)) return ok(false)
    return this.content.goLive({ doc, edition: {}, by, at: new Date().toISOString(), note: 'reverted' })
  }

  /** Makes a revision's edition live again; false for a revision of another document. */
  async restore(doc: string, id: number, by: string): Promise<Result<boolean, 'stale' | 'picture-gone'>> {
    const row = await this.revisions.revision(id)
    if (!row.ok) return row
    if (!row.value || row.value.doc !== doc) return ok(false)
    // A picture deleted since would leave the page an address with nothing behind it (review T15).
    for (const picture of libraryIdsOf(row.value.edition)) {
      const found = await this.pictures.get(picture)
      if (!found.ok) return found
      if (!found.value) return refuse('picture-gone')
    }
    return this.content.goLive({
      doc,
      edition: row.value.edition,
      by,
      at: new Date().toISOString(),
      note: `restored revision ${id}`,
    })
  }
}
