/**
 * A studio document's row as D1 stores it and as the store reads it (studio/storage/content.ts), and
 * what a publish writes; the revisions read the same JSON (studio/storage/content-revisions.ts).
 */
import type { Edition } from '../../../lib/edition'

export interface DocumentRow {
  doc: string
  draft: Edition | null
  draftVersion: number
  draftBy: string | null
  draftAt: string | null
  /** The live edition, or null: the repository's copy (or, for a console post, not published). */
  published: Edition | null
  revision: number | null
  /** When and by whom the live revision was published. */
  publishedAt: string | null
  publishedBy: string | null
  publishAt: string | null
  publishBy: string | null
  /** A post taken off the site (its edition kept). */
  unpublished: boolean
}

export type Raw<T> = { [K in keyof T]: T[K] extends Edition | null ? string | null : T[K] }

export const DOCUMENT_COLUMNS = `doc, draft, draft_version AS draftVersion, draft_by AS draftBy, draft_at AS draftAt,
  published, revision, publish_at AS publishAt, publish_by AS publishBy, unpublished,
  (SELECT published_at FROM content_revisions WHERE id = revision) AS publishedAt,
  (SELECT published_by FROM content_revisions WHERE id = revision) AS publishedBy`

export const parsed = (json: string | null): Edition | null =>
  json === null ? null : (JSON.parse(json) as Edition)
export const documentOf = (row: Raw<DocumentRow>): DocumentRow => ({
  ...row,
  draft: parsed(row.draft),
  published: parsed(row.published),
  unpublished: Boolean(row.unpublished),
})

/** What a publish writes: the edition that goes live, who, when, and a note for the history. */
export interface Publish {
  doc: string
  edition: Edition
  by: string
  at: string
  note?: string
  /** The draft version the publisher saw; a publish of a draft saved since is refused. */
  draftVersion?: number
}

/** Every live edition, the documents taken off the site, and the stamp they belong to. */
export interface LiveContent {
  stamp: number
  /** How many of the stamp's bumps were a locale edition's publish (migrations/0051). */
  localeBumps: number
  editions: Map<string, Edition>
  hidden: Set<string>
  /** When each shown edition was published. */
  publishedAt: Map<string, string>
}
