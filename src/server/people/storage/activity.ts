/**
 * The activity log (table activity, migrations/0009; append-only in D1 itself, 0031): rows of who did what, read
 * newest first a page at a time. Every read is keyset-paged by id through an index (by person,
 * by action, or the table's own order), so no query reads more rows than it returns.
 */
import type { Result } from '../../../lib/result'
import type { ActivityEntry, ActivityFilter } from '../../../schemas/activity'
import { attempt } from '../../platform'

const COLUMNS = 'id, at, actor, actor_id AS actorId, action, subject, detail, client'

export class ActivityStore {
  constructor(private readonly db: D1Database) {}

  /** Appends an entry; its id. */
  append(entry: Omit<ActivityEntry, 'id'>): Promise<Result<number>> {
    return attempt('activity not recorded', async () => {
      const { meta } = await this.db
        .prepare(
          'INSERT INTO activity (at, actor, actor_id, action, subject, detail, client) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .bind(entry.at, entry.actor, entry.actorId, entry.action, entry.subject, entry.detail, entry.client)
        .run()
      return meta.last_row_id
    })
  }

  /** Up to `limit` entries of the filter older than `beforeId` (all when absent), newest first. */
  page(filter: ActivityFilter, limit: number, beforeId?: number): Promise<Result<ActivityEntry[]>> {
    const where: string[] = []
    const values: (string | number)[] = []
    const narrow = (clause: string, value: string | number | undefined) => {
      if (value === undefined) return
      where.push(clause)
      values.push(value)
    }
    narrow('actor = ?', filter.actor)
    narrow('action = ?', filter.action)
    narrow('id < ?', beforeId)
    const sql = `SELECT ${COLUMNS} FROM activity ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY id DESC LIMIT ?`
    return attempt('activity not read', async () => {
      const { results } = await this.db
        .prepare(sql)
        .bind(...values, limit)
        .all<ActivityEntry>()
      return results
    })
  }

  /**
   * Retention: deletes up to `batch` entries older than `before`; how many went. The database
   * refuses any other delete (migrations/0031): this batch declares its cutoff, deletes, and clears
   * the declaration, in one transaction.
   */
  deleteBefore(before: string, batch: number): Promise<Result<number>> {
    return attempt('old activity not deleted', async () => {
      const [, deleted] = await this.db.batch([
        this.db.prepare('INSERT INTO activity_retention (cutoff) VALUES (?)').bind(before),
        this.db
          .prepare(
            'DELETE FROM activity WHERE id IN (SELECT id FROM activity WHERE at < ? ORDER BY at LIMIT ?)',
          )
          .bind(before, batch),
        this.db.prepare('DELETE FROM activity_retention'),
      ])
      return deleted!.meta.changes
    })
  }
}
