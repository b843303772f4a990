/**
 * Share links in D1 (migrations/0029, 0032): one row per link, its token kept as a hash. Each query
 * reads one link by its hash, one document's links by the index on `doc`, or one maker's by the
 * index on `made_by`.
 */
import type { Result } from '../../../lib/result'
import type { ShareLink } from '../../../schemas/studio-records'
import { attempt, changed, changedOne } from '../../platform'

const COLUMNS = 'id, doc, made_by AS madeBy, made_at AS madeAt, expires_at AS expiresAt'

export class ShareLinkStore {
  constructor(private readonly db: D1Database) {}

  add(link: ShareLink, tokenHash: string): Promise<Result<boolean>> {
    return changedOne('share link not saved', () =>
      this.db
        .prepare(
          'INSERT INTO share_links (id, token_hash, doc, made_by, made_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .bind(link.id, tokenHash, link.doc, link.madeBy, link.madeAt, link.expiresAt),
    )
  }

  /** The link a token's hash names, while it is neither revoked nor past its end at `now`. */
  open(tokenHash: string, now: string): Promise<Result<ShareLink | null>> {
    return attempt('share link not read', () =>
      this.db
        .prepare(
          `SELECT ${COLUMNS} FROM share_links WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?`,
        )
        .bind(tokenHash, now)
        .first<ShareLink>(),
    )
  }

  /** A document's links that still open at `now`, the latest ending first. */
  active(doc: string, now: string): Promise<Result<ShareLink[]>> {
    return attempt('share links not read', async () => {
      const { results } = await this.db
        .prepare(
          `SELECT ${COLUMNS} FROM share_links WHERE doc = ? AND expires_at > ? AND revoked_at IS NULL
           ORDER BY expires_at DESC LIMIT 50`,
        )
        .bind(doc, now)
        .all<ShareLink>()
      return results
    })
  }

  /** Deletes the links that ended (past their end, or revoked) before `before`: how many. */
  deleteEnded(before: string): Promise<Result<number>> {
    return changed('ended share links not deleted', () =>
      this.db.prepare('DELETE FROM share_links WHERE expires_at < ?1 OR revoked_at < ?1').bind(before),
    )
  }

  /** Revokes every link `madeBy` made that still opens (by the index on the maker): how many. */
  revokeBy(madeBy: string, at: string): Promise<Result<number>> {
    return changed('share links not revoked', () =>
      this.db
        .prepare('UPDATE share_links SET revoked_at = ?1 WHERE made_by = ?2 AND revoked_at IS NULL')
        .bind(at, madeBy),
    )
  }

  revoke(doc: string, id: string, at: string): Promise<Result<boolean>> {
    return changedOne('share link not revoked', () =>
      this.db
        .prepare('UPDATE share_links SET revoked_at = ? WHERE id = ? AND doc = ? AND revoked_at IS NULL')
        .bind(at, id, doc),
    )
  }
}
