/**
 * Form tokens already spent on a post (migrations/0007, 0008, 0011): one row per token, with who
 * spent it and how many posts it carried, until it would have expired anyway. The insert decides a race between two clients posting
 * one token: the first wins.
 */
import type { Result } from '../../../lib/result'
import { attempt, changed } from '../../platform'

export class SpentFormTokens {
  constructor(private readonly db: D1Database) {}

  /**
   * Spends `token` for `client` (a hash, leads/services/form-token.ts): how many posts it has now
   * carried from that client (1 the first time), or null when another client already spent it.
   * The upsert's update runs only for the same client, and only then returns a row.
   */
  async spend(token: string, expiresAt: Date, client: string): Promise<Result<number | null>> {
    return attempt('form token not recorded', async () => {
      const row = await this.db
        .prepare(
          `INSERT INTO spent_form_tokens (token, expires_at, client) VALUES (?, ?, ?)
           ON CONFLICT (token) DO UPDATE SET posts = posts + 1 WHERE client = excluded.client
           RETURNING posts`,
        )
        .bind(token, expiresAt.toISOString(), client)
        .first<{ posts: number }>()
      return row?.posts ?? null
    })
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
