/**
 * The studio's documents in D1 (migrations/0010): each one's draft, live edition and scheduled
 * publish, its revisions, and the content stamp. A save names the draft version it started from
 * and is refused (null) when another save came first; a publish writes the edition, its revision
 * and a new stamp in one batch, so every isolate that sees the stamp sees the edition.
 */
import { sharingAddress } from '../../../lib/document-kinds'
import { localeOfDocument } from '../../../lib/locale-documents'
import type { Edition } from '../../../lib/edition'
import type { Result } from '../../../lib/result'
import type { DocumentState } from '../../../schemas/studio-records'
import { attempt, bumpStamp, changedOne, readLocaleBumps, readStamp, stampOf } from '../../platform'
import {
  DOCUMENT_COLUMNS,
  documentOf,
  parsed,
  type DocumentRow,
  type LiveContent,
  type Publish,
  type Raw,
} from './content-rows'

export { parsed, type DocumentRow, type LiveContent, type Publish, type Raw } from './content-rows'

/** Whether a publish is scheduled for `doc` (?1) as saved at version ?2. */
const SCHEDULED_AT =
  'SELECT publish_at IS NOT NULL AS scheduled FROM content_documents WHERE doc = ?1 AND draft_version = ?2'
/**
 * Saves a draft over version ?3 (or makes the row), and ends any scheduled publish. A new row is
 * made only while no document of another kind (?6, a JSON list: lib/document-kinds.ts
 * `sharingAddress`) has its address, in the same statement, so two saves at once cannot both take
 * it (review U7); a document that has a row already is saved as before.
 */
const SAVE_DRAFT = `INSERT INTO content_documents (doc, draft, draft_version, draft_by, draft_at)
  SELECT ?1, ?2, 1, ?4, ?5
  WHERE EXISTS (SELECT 1 FROM content_documents WHERE doc = ?1)
    OR NOT EXISTS (SELECT 1 FROM content_documents WHERE doc IN (SELECT value FROM json_each(?6)))
  ON CONFLICT (doc) DO UPDATE SET draft = ?2, draft_version = draft_version + 1, draft_by = ?4, draft_at = ?5,
    publish_at = NULL, publish_by = NULL WHERE draft_version = ?3
  RETURNING draft_version AS version`

/** A saved draft's version, and whether saving it ended a scheduled publish. */
export type SavedDraft = { version: number; unscheduled: boolean }

export class ContentStore {
  constructor(private readonly db: D1Database) {}

  stamp(): Promise<Result<number>> {
    return attempt('content stamp not read', async () => {
      const row = await readStamp(this.db).first<{ stamp: number }>()
      return row?.stamp ?? 0
    })
  }

  /**
   * Every live edition, and the posts taken off the site, with the stamp they belong to (one
   * batch: a consistent pair).
   */
  live(): Promise<Result<LiveContent>> {
    return attempt('content not read', async () => {
      const [stamp, rows, localeBumps] = await this.db.batch([
        readStamp(this.db),
        this.db.prepare(
          `SELECT doc, published, unpublished,
            (SELECT published_at FROM content_revisions WHERE id = revision) AS at
          FROM content_documents WHERE published IS NOT NULL`,
        ),
        readLocaleBumps(this.db),
      ])
      const live = rows!.results as {
        doc: string
        published: string
        unpublished: number
        at: string | null
      }[]
      const shown = live.filter((row) => !row.unpublished)
      return {
        stamp: stampOf(stamp!),
        localeBumps: stampOf(localeBumps!),
        editions: new Map(shown.map((row) => [row.doc, parsed(row.published)!])),
        hidden: new Set(live.filter((row) => row.unpublished).map((row) => row.doc)),
        publishedAt: new Map(shown.flatMap((row) => (row.at ? [[row.doc, row.at] as const] : []))),
      }
    })
  }

  /**
   * Replaces a live edition by a smaller one that shows the same page, unless it was published
   * again meanwhile (compared as stored). No stamp: what visitors see does not change.
   */
  trimEdition(doc: string, from: Edition, to: Edition): Promise<Result<boolean>> {
    return changedOne('edition not trimmed', () =>
      this.db
        .prepare('UPDATE content_documents SET published = ?3 WHERE doc = ?1 AND published = ?2')
        .bind(doc, JSON.stringify(from), JSON.stringify(to)),
    )
  }

  document(doc: string): Promise<Result<DocumentRow | null>> {
    return attempt('document not read', async () => {
      const row = await this.db
        .prepare(`SELECT ${DOCUMENT_COLUMNS} FROM content_documents WHERE doc = ?`)
        .bind(doc)
        .first<Raw<DocumentRow>>()
      return row ? documentOf(row) : null
    })
  }

  /** Every document whose name starts with `prefix` (`post:` for the posts; '' for all). */
  documents(prefix = ''): Promise<Result<DocumentRow[]>> {
    return attempt('documents not read', async () => {
      const { results } = await this.db
        .prepare(
          `SELECT ${DOCUMENT_COLUMNS} FROM content_documents WHERE doc >= ?1 AND doc < ?1 || char(1114111)`,
        )
        .bind(prefix)
        .all<Raw<DocumentRow>>()
      return results.map(documentOf)
    })
  }

  /** Saves a draft over version `from`; its new version, or null when another save came first. */
  saveDraft(
    doc: string,
    draft: Edition,
    from: number,
    by: string,
    at: string,
  ): Promise<Result<SavedDraft | null>> {
    return attempt('draft not saved', async () => {
      // One transaction: was a publish scheduled, then the save, which ends it; a later draft is
      // never published in the scheduled one's place unseen (review T5).
      const [before, saved] = await this.db.batch<{ scheduled?: number; version?: number }>([
        this.db.prepare(SCHEDULED_AT).bind(doc, from),
        this.db
          .prepare(SAVE_DRAFT)
          .bind(doc, JSON.stringify(draft), from, by, at, JSON.stringify(sharingAddress(doc))),
      ])
      const version = saved?.results[0]?.version
      // A new row starts at 1 whatever `from` said: only a first save may create it.
      if (version === undefined || (from !== 0 && version !== from + 1)) return null
      return { version, unscheduled: before?.results[0]?.scheduled === 1 }
    })
  }

  /**
   * Makes an edition live: its revision, the document, and a new stamp, in one batch. False when
   * the draft was saved again after the version the publisher saw.
   */
  publish(publish: Publish): Promise<Result<boolean>> {
    const { doc, edition, by, at, note = null, draftVersion } = publish
    return attempt('not published', async () => {
      const results = await this.db.batch([
        this.db
          .prepare(
            `INSERT INTO content_revisions (doc, edition, published_at, published_by, note)
             SELECT ?1, ?2, ?4, ?5, ?6 WHERE NOT EXISTS
               (SELECT 1 FROM content_documents WHERE doc = ?1 AND ?3 IS NOT NULL AND draft_version <> ?3)`,
          )
          .bind(doc, JSON.stringify(edition), draftVersion ?? null, at, by, note),
        this.db
          .prepare(
            `INSERT INTO content_documents (doc, published, revision) VALUES (?1, ?2, last_insert_rowid())
             ON CONFLICT (doc) DO UPDATE SET published = ?2, revision = last_insert_rowid(), draft = NULL,
               publish_at = NULL, publish_by = NULL, unpublished = 0
             WHERE changes() = 1 AND (?3 IS NULL OR draft_version = ?3)`,
          )
          .bind(doc, JSON.stringify(edition), draftVersion ?? null),
        bumpStamp(this.db, 'changes() = 1', localeOfDocument(doc) !== undefined),
      ])
      return results[2]!.meta.changes === 1
    })
  }

  /** Takes a post off the site (its edition is kept, to publish again). */
  unpublish(doc: string, by: string, at: string): Promise<Result<boolean>> {
    return attempt('not unpublished', async () => {
      const results = await this.db.batch([
        this.db
          .prepare(
            `UPDATE content_documents SET unpublished = 1, publish_at = NULL WHERE doc = ? AND published IS NOT NULL
               AND unpublished = 0`,
          )
          .bind(doc),
        this.db
          .prepare(
            `INSERT INTO content_revisions (doc, edition, published_at, published_by, note)
             SELECT doc, published, ?2, ?3, 'unpublished' FROM content_documents WHERE doc = ?1 AND changes() = 1`,
          )
          .bind(doc, at, by),
        bumpStamp(this.db, 'changes() = 1'),
      ])
      return results[0]!.meta.changes === 1
    })
  }

  /** Schedules the draft (as saved at `draftVersion`) to go live at `at`; false when it was saved since. */
  schedule(doc: string, at: string, by: string, draftVersion: number): Promise<Result<boolean>> {
    return changedOne('publish not scheduled', () =>
      this.db
        .prepare(
          'UPDATE content_documents SET publish_at = ?, publish_by = ? WHERE doc = ? AND draft IS NOT NULL AND draft_version = ?',
        )
        .bind(at, by, doc, draftVersion),
    )
  }

  cancelSchedule(doc: string): Promise<Result<boolean>> {
    return changedOne('schedule not cancelled', () =>
      this.db
        .prepare(
          'UPDATE content_documents SET publish_at = NULL, publish_by = NULL WHERE doc = ? AND publish_at IS NOT NULL',
        )
        .bind(doc),
    )
  }

  /** Scheduled publishes due by `now`, oldest first (at most `limit`). */
  due(now: string, limit = 50): Promise<Result<DocumentRow[]>> {
    return attempt('scheduled publishes not read', async () => {
      const { results } = await this.db
        .prepare(
          `SELECT ${DOCUMENT_COLUMNS} FROM content_documents WHERE publish_at IS NOT NULL AND publish_at <= ?
           ORDER BY publish_at LIMIT ?`,
        )
        .bind(now, limit)
        .all<Raw<DocumentRow>>()
      return results.map(documentOf)
    })
  }
}

/** A document's row as the studio's pages show where it stands (without its editions). */
export function stateOf(row: DocumentRow | null): DocumentState | null {
  if (!row) return null
  const { draft, published, doc: _doc, revision: _revision, ...dates } = row
  return { ...dates, hasDraft: draft !== null, live: published !== null }
}
