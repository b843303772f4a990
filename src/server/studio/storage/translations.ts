/**
 * Each translated field's status and the English it was made from (table content_translations,
 * migrations/0051), by English document, locale and field path. Missing and outdated are never
 * stored: the desk reads them (studio/services/translation-desk.ts).
 */
import type { StoredStatus, TranslationRecord } from '../../../lib/translation-fields'
import type { Result } from '../../../lib/result'
import { attempt } from '../../platform'

/** A field's record as a save writes it. */
export interface TranslationWrite extends TranslationRecord {
  path: string
}

type Row = { doc: string; path: string; status: StoredStatus; sourceHash: string; source: string }

export class TranslationStore {
  constructor(private readonly db: D1Database) {}

  /** Every field's record in `locale`, by English document and then by path. */
  all(locale: string): Promise<Result<Map<string, Map<string, TranslationRecord>>>> {
    return attempt('translations not read', async () => {
      const { results } = await this.db
        .prepare(
          'SELECT doc, path, status, source_hash AS sourceHash, source FROM content_translations WHERE locale = ?',
        )
        .bind(locale)
        .all<Row>()
      const found = new Map<string, Map<string, TranslationRecord>>()
      for (const { doc, path, ...record } of results) {
        if (!found.has(doc)) found.set(doc, new Map())
        found.get(doc)!.set(path, record)
      }
      return found
    })
  }

  /** Writes these fields' records (each replaces the one before it). */
  write(
    doc: string,
    locale: string,
    fields: TranslationWrite[],
    by: string,
    at: string,
  ): Promise<Result<void>> {
    return attempt('translation status not saved', async () => {
      if (!fields.length) return
      await this.db.batch(
        fields.map((field) =>
          this.db
            .prepare(
              `INSERT INTO content_translations (doc, locale, path, status, source_hash, source, by, at)
               VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
               ON CONFLICT (doc, locale, path) DO UPDATE SET status = ?4, source_hash = ?5, source = ?6, by = ?7, at = ?8`,
            )
            .bind(doc, locale, field.path, field.status, field.sourceHash, field.source, by, at),
        ),
      )
    })
  }
}
