/**
 * The studio's history (table content_revisions, migrations/0010): what each publish made live,
 * who and when. Rows are written by the publishes themselves (studio/storage/content.ts) and only read here.
 */
import type { Edition } from '../../../lib/edition'
import type { Result } from '../../../lib/result'
import { attempt } from '../../platform'
import { parsed, type Raw } from './content'

export interface RevisionRow {
  id: number
  doc: string
  edition: Edition
  publishedAt: string
  publishedBy: string
  note: string | null
}

const REVISION_COLUMNS = 'id, doc, edition, published_at AS publishedAt, published_by AS publishedBy, note'
const revisionOf = (row: Raw<RevisionRow>): RevisionRow => ({ ...row, edition: parsed(row.edition)! })

export class ContentRevisions {
  constructor(private readonly db: D1Database) {}

  /** A document's revisions, newest first (the last `limit`). */
  revisions(doc: string, limit = 100): Promise<Result<RevisionRow[]>> {
    return attempt('history not read', async () => {
      const { results } = await this.db
        .prepare(`SELECT ${REVISION_COLUMNS} FROM content_revisions WHERE doc = ? ORDER BY id DESC LIMIT ?`)
        .bind(doc, limit)
        .all<Raw<RevisionRow>>()
      return results.map(revisionOf)
    })
  }

  revision(id: number): Promise<Result<RevisionRow | null>> {
    return attempt('revision not read', async () => {
      const row = await this.db
        .prepare(`SELECT ${REVISION_COLUMNS} FROM content_revisions WHERE id = ?`)
        .bind(id)
        .first<Raw<RevisionRow>>()
      return row ? revisionOf(row) : null
    })
  }
}
