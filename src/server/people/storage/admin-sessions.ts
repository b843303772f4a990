/**
 * Console sessions (table admin_sessions, migrations/0005): one row per signed-in browser, keyed
 * by the SHA-256 of the token only that browser holds, so a copy of the table signs nobody in.
 */
import type { Result } from '../../../lib/result'
import type { Role } from '../../../schemas/roles'
import { attempt, changed } from '../../platform'

export interface SessionRecord {
  adminId: string
  name: string
  /** The admin's role as it is now: read on every request, so a change counts at once. */
  role: Role
  /** A translator's locales, comma-separated (null for every other role). */
  locales: string | null
  createdAt: string
  lastSeenAt: string
  expiresAt: string
  /** The password admin's: which ADMIN_PASSWORD it was opened under (null for everyone else). */
  passwordTag: string | null
}

export class SessionStore {
  constructor(private readonly db: D1Database) {}

  create(
    tokenHash: string,
    adminId: string,
    now: string,
    expiresAt: string,
    passwordTag: string | null = null,
  ): Promise<Result<void>> {
    return attempt('session not stored', async () => {
      await this.db
        .prepare(
          `INSERT INTO admin_sessions (token_hash, admin_id, created_at, last_seen_at, expires_at, password_tag)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .bind(tokenHash, adminId, now, now, expiresAt, passwordTag)
        .run()
    })
  }

  /** The session with this hash, if it is still open: seen since `idleSince` and not past its expiry. */
  open(tokenHash: string, now: string, idleSince: string): Promise<Result<SessionRecord | null>> {
    return attempt('session not read', () =>
      this.db
        .prepare(
          `SELECT s.admin_id AS adminId, a.name, a.role, a.locales, s.created_at AS createdAt, s.last_seen_at AS lastSeenAt,
             s.expires_at AS expiresAt, s.password_tag AS passwordTag
           FROM admin_sessions s JOIN admins a ON a.id = s.admin_id
           WHERE s.token_hash = ?1 AND s.expires_at > ?2 AND s.last_seen_at > ?3`,
        )
        .bind(tokenHash, now, idleSince)
        .first<SessionRecord>(),
    )
  }

  touch(tokenHash: string, now: string): Promise<Result<void>> {
    return attempt('session not touched', async () => {
      await this.db
        .prepare('UPDATE admin_sessions SET last_seen_at = ? WHERE token_hash = ?')
        .bind(now, tokenHash)
        .run()
    })
  }

  /** Ends one session; how many ended (0 when it had ended already). */
  end(tokenHash: string): Promise<Result<number>> {
    return changed('session not ended', () =>
      this.db.prepare('DELETE FROM admin_sessions WHERE token_hash = ?').bind(tokenHash),
    )
  }

  /** Ends every session of an admin; how many there were. */
  endAll(adminId: string): Promise<Result<number>> {
    return changed('sessions not ended', () =>
      this.db.prepare('DELETE FROM admin_sessions WHERE admin_id = ?').bind(adminId),
    )
  }

  /** Forgets sessions that can no longer be used (the daily maintenance). */
  deleteEnded(now: string, idleSince: string): Promise<Result<number>> {
    return changed('ended sessions not deleted', () =>
      this.db
        .prepare('DELETE FROM admin_sessions WHERE expires_at <= ? OR last_seen_at <= ?')
        .bind(now, idleSince),
    )
  }
}
