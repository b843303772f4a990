/**
 * The console's redirects (migrations/0027): read whole for the isolate's table, a page at a time
 * by their old address for the console's list; and the 404 addresses its inbox leaves out (0028). Every change bumps the content stamp in the same
 * batch, so every isolate that sees the new stamp reads the rules again (studio/services/redirects.ts).
 */
import type { RedirectRule, SavedRedirect } from '../../../lib/redirect-rules'
import type { Result } from '../../../lib/result'
import { attempt, bumpStamp, readStamp, stampOf } from '../../platform'

const COLUMNS = 'from_path AS "from", to_target AS "to", status, made_by AS by, made_at AS at'

export class RedirectStore {
  constructor(private readonly db: D1Database) {}

  /** Every rule, with the stamp it belongs to (one batch: a consistent pair). */
  all(): Promise<Result<{ stamp: number; rules: SavedRedirect[] }>> {
    return attempt('redirects not read', async () => {
      const [stamp, rows] = await this.db.batch([
        readStamp(this.db),
        this.db.prepare(`SELECT ${COLUMNS} FROM redirects`),
      ])
      return {
        stamp: stampOf(stamp!),
        rules: rows!.results as SavedRedirect[],
      }
    })
  }

  /** Up to `limit` rules by old address, after `after`, whose old address starts with `prefix`. */
  page(after: string, limit: number, prefix = ''): Promise<Result<SavedRedirect[]>> {
    return attempt('redirects not read', async () => {
      const { results } = await this.db
        .prepare(
          `SELECT ${COLUMNS} FROM redirects WHERE from_path > ?1 AND from_path >= ?2 AND from_path < ?2 || char(1114111)
           ORDER BY from_path LIMIT ?3`,
        )
        .bind(after, prefix, limit)
        .all<SavedRedirect>()
      return results
    })
  }

  count(): Promise<Result<number>> {
    return attempt('redirects not counted', async () => {
      const row = await this.db.prepare('SELECT COUNT(*) AS n FROM redirects').first<{ n: number }>()
      return row?.n ?? 0
    })
  }

  /** Saves rules (a new one, or a changed target for an old address), and bumps the stamp. */
  save(rules: RedirectRule[], by: string, at: string): Promise<Result<void>> {
    return attempt('redirect not saved', async () => {
      await this.db.batch([
        ...rules.map((rule) =>
          this.db
            .prepare(
              `INSERT INTO redirects (from_path, to_target, status, made_by, made_at) VALUES (?, ?, ?, ?, ?)
               ON CONFLICT (from_path) DO UPDATE SET to_target = excluded.to_target, status = excluded.status,
                 made_by = excluded.made_by, made_at = excluded.made_at`,
            )
            .bind(rule.from, rule.to, rule.status, by, at),
        ),
        bumpStamp(this.db),
      ])
    })
  }

  /** Deletes the rule for an old address: whether there was one. */
  remove(from: string): Promise<Result<boolean>> {
    return attempt('redirect not deleted', async () => {
      const [deleted] = await this.db.batch([
        this.db.prepare('DELETE FROM redirects WHERE from_path = ?').bind(from),
        bumpStamp(this.db, 'changes() = 1'),
      ])
      return deleted!.meta.changes === 1
    })
  }

  /** The 404 addresses a person chose to leave out of the inbox. */
  ignored(): Promise<Result<Set<string>>> {
    return attempt('ignored addresses not read', async () => {
      const { results } = await this.db.prepare('SELECT path FROM ignored_misses').all<{ path: string }>()
      return new Set(results.map((row) => row.path))
    })
  }

  ignore(path: string, by: string, at: string): Promise<Result<void>> {
    return attempt('address not ignored', async () => {
      await this.db
        .prepare('INSERT OR IGNORE INTO ignored_misses (path, ignored_by, ignored_at) VALUES (?, ?, ?)')
        .bind(path, by, at)
        .run()
    })
  }
}
