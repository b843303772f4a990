/**
 * A console post (issue 47) or landing page (issue 57) moved to a new address: its document and its
 * whole history under the new key with the slug inside each edition changed (a page's share links
 * and a post's editions in other locales, with their histories and statuses, go with it), a 301 from the old address when it was ever
 * published (rules that sent visitors to the old one re-pointed, a rule from the new one dropped,
 * since a page serves it now), and the content stamp, in one batch: no isolate sees the post at
 * both addresses or at neither. The move itself is refused while a document of any kind has the new
 * address, in its own statement, so a page made at the same moment cannot share it (review U7).
 */
import { sharingAddress } from '../../../lib/document-kinds'
import type { Result } from '../../../lib/result'
import { attempt, bumpStamp } from '../../platform'

export interface PostMove {
  /** The documents' keys, `post:<slug>` (or `page:<slug>`). */
  fromDoc: string
  toDoc: string
  /** The new slug, written into every edition's `post.slug` (a page's: `page.slug`). */
  slug: string
  /** Which kind of document moves: its editions' root. A post when not said. */
  root?: 'post' | 'page'
  /** Whether its share links go with it (a landing page's). */
  shareLinks?: boolean
  /** The rule that keeps the old address working, when the post was ever on the site. */
  redirect: { from: string; to: string } | null
  by: string
  at: string
}

/** Every statement after the first runs only if the first moved the document. */
const MOVED = `EXISTS (SELECT 1 FROM content_documents WHERE doc = ?2)
  AND NOT EXISTS (SELECT 1 FROM content_documents WHERE doc = ?1)`

/** The JSON path of the slug in an edition of a post or a page (a fixed word: never from input). */
const slugPath = (root: 'post' | 'page') => `$.${root}.slug`

/** A locale edition of the moved document (`post:<slug>@de`: lib/locale-documents.ts), by its name's start. */
const EDITION_OF_FROM = `substr(doc, 1, length(?1) + 1) = ?1 || '@'`
/** That edition's name under the new address (its locale's part kept). */
const EDITION_AT_TO = `?2 || substr(doc, length(?1) + 1)`

const withSlug = (column: string, root: 'post' | 'page') =>
  `CASE WHEN ${column} IS NULL THEN NULL ELSE json_set(${column}, '${slugPath(root)}', ?3) END`

export class PostAddresses {
  constructor(private readonly db: D1Database) {}

  /** Whether the post moved: false when the old one is gone or the new address is taken. */
  move(move: PostMove): Promise<Result<boolean>> {
    return attempt('post not moved', async () => {
      const keys = [move.fromDoc, move.toDoc, move.slug]
      const root = move.root ?? 'post'
      const shareLinks = move.shareLinks
        ? [
            this.db
              .prepare(`UPDATE share_links SET doc = ?2 WHERE doc = ?1 AND ${MOVED}`)
              .bind(move.fromDoc, move.toDoc),
          ]
        : []
      const redirect = move.redirect
        ? [
            this.db
              .prepare(
                `INSERT INTO redirects (from_path, to_target, status, made_by, made_at)
                 SELECT ?4, ?5, 301, ?6, ?7 WHERE ${MOVED}
                 ON CONFLICT (from_path) DO UPDATE SET to_target = excluded.to_target, status = 301,
                   made_by = excluded.made_by, made_at = excluded.made_at`,
              )
              .bind(...keys, move.redirect.from, move.redirect.to, move.by, move.at),
            this.db
              .prepare(
                `UPDATE redirects SET to_target = ?5 WHERE to_target = ?4 AND from_path <> ?4 AND ${MOVED}`,
              )
              .bind(...keys, move.redirect.from, move.redirect.to),
            this.db
              .prepare(`DELETE FROM redirects WHERE from_path = ?4 AND ${MOVED}`)
              .bind(...keys, move.redirect.to),
          ]
        : []
      const [moved] = await this.db.batch([
        this.db
          .prepare(
            `UPDATE content_documents SET doc = ?2, draft = ${withSlug('draft', root)}, published = ${withSlug('published', root)}
             WHERE doc = ?1 AND NOT EXISTS (SELECT 1 FROM content_documents
               WHERE doc = ?2 OR doc IN (SELECT value FROM json_each(?4)))`,
          )
          .bind(...keys, JSON.stringify(sharingAddress(move.toDoc))),
        this.db
          .prepare(
            `UPDATE content_revisions SET doc = ?2, edition = json_set(edition, '${slugPath(root)}', ?3)
             WHERE doc = ?1 AND ${MOVED}`,
          )
          .bind(...keys),
        // Its editions in other locales go with it, their histories and their fields' statuses too.
        this.db
          .prepare(
            `UPDATE content_documents SET doc = ${EDITION_AT_TO} WHERE ${EDITION_OF_FROM} AND ${MOVED}`,
          )
          .bind(move.fromDoc, move.toDoc),
        this.db
          .prepare(
            `UPDATE content_revisions SET doc = ${EDITION_AT_TO} WHERE ${EDITION_OF_FROM} AND ${MOVED}`,
          )
          .bind(move.fromDoc, move.toDoc),
        this.db
          .prepare(`UPDATE content_translations SET doc = ?2 WHERE doc = ?1 AND ${MOVED}`)
          .bind(move.fromDoc, move.toDoc),
        ...redirect,
        ...shareLinks,
        bumpStamp(this.db, MOVED).bind(move.fromDoc, move.toDoc),
      ])
      return moved!.meta.changes === 1
    })
  }
}
