/**
 * Form tokens already spent on a post (migrations/0007): one row per token until it would have
 * expired anyway. INSERT OR IGNORE decides a race between two posts of one token: the first wins.
 */
import { ok, type Result } from '../../lib/result'
import { attempt } from './attempt'

export class SpentFormTokens {
  constructor(private readonly db: D1Database) {}

  /** Spends `token`: true the first time, false when a post already spent it. */
  async spend(token: string, expiresAt: Date): Promise<Result<boolean>> {
    const spent = await attempt('form token not recorded', () =>
      this.db
        .prepare('INSERT OR IGNORE INTO spent_form_tokens (token, expires_at) VALUES (?, ?)')
        .bind(token, expiresAt.toISOString())
        .run(),
    )
    return spent.ok ? ok(spent.value.meta.changes === 1) : spent
  }

  /** Gives a token back when its post could not be stored, so the sender's retry is not spam. */
  release(token: string): Promise<Result<void>> {
    return attempt('form token not released', async () => {
      await this.db.prepare('DELETE FROM spent_form_tokens WHERE token = ?').bind(token).run()
    })
  }

  /** Forgets tokens that have expired by `now`: they could not carry a post anyway. */
  deleteExpired(now: Date): Promise<Result<number>> {
    return attempt('spent form tokens not deleted', async () => {
      const { meta } = await this.db
        .prepare('DELETE FROM spent_form_tokens WHERE expires_at <= ?')
        .bind(now.toISOString())
        .run()
      return meta.changes
    })
  }
}
