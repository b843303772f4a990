/**
 * Form tokens already spent on a post (migrations/0007, 0008): one row per token, with who spent
 * it, until it would have expired anyway. The insert decides a race between two clients posting
 * one token: the first wins.
 */
import type { Result } from '../../lib/result'
import { changed, changedOne } from './attempt'

export class SpentFormTokens {
  constructor(private readonly db: D1Database) {}

  /**
   * Spends `token` for `client` (a hash, services/form-token.ts): true the first time, and again
   * when the same client posts it; false when another client already spent it. The upsert's
   * no-op update counts as a change only for the same client.
   */
  async spend(token: string, expiresAt: Date, client: string): Promise<Result<boolean>> {
    return changedOne('form token not recorded', () =>
      this.db
        .prepare(
          `INSERT INTO spent_form_tokens (token, expires_at, client) VALUES (?, ?, ?)
           ON CONFLICT (token) DO UPDATE SET token = excluded.token WHERE client = excluded.client`,
        )
        .bind(token, expiresAt.toISOString(), client),
    )
  }

  /** Gives a token back when its post could not be stored, so the sender's retry is not spam. */
  release(token: string): Promise<Result<number>> {
    return changed('form token not released', () =>
      this.db.prepare('DELETE FROM spent_form_tokens WHERE token = ?').bind(token),
    )
  }

  /** Forgets tokens that have expired by `now`: they could not carry a post anyway. */
  deleteExpired(now: Date): Promise<Result<number>> {
    return changed('spent form tokens not deleted', () =>
      this.db.prepare('DELETE FROM spent_form_tokens WHERE expires_at <= ?').bind(now.toISOString()),
    )
  }
}
