/**
 * The viewer URL's change history in D1 (table settings_history, migrations/0001): who changed
 * it, when, from what to what, and through which door. All SQL for the table is here.
 */
import type { Result } from '../../../lib/result'
import type { ChangeSource, ViewerUrlChange } from '../../../schemas/admin-records'
import { attempt } from '../../platform'

export type { ChangeSource, ViewerUrlChange } from '../../../schemas/admin-records'

interface Row {
  id: number
  changed_at: string
  changed_by: string
  source: ChangeSource
  old_value: string
  new_value: string
}

const fromRow = (row: Row): ViewerUrlChange => ({
  id: row.id,
  changedAt: row.changed_at,
  changedBy: row.changed_by,
  source: row.source,
  oldValue: row.old_value,
  newValue: row.new_value,
})

export class SettingsHistory {
  constructor(private readonly db: D1Database) {}

  async record(change: Omit<ViewerUrlChange, 'id'>): Promise<Result<void>> {
    return attempt('history not recorded', async () => {
      await this.db
        .prepare(
          'INSERT INTO settings_history (changed_at, changed_by, source, old_value, new_value) VALUES (?, ?, ?, ?, ?)',
        )
        .bind(change.changedAt, change.changedBy, change.source, change.oldValue, change.newValue)
        .run()
    })
  }

  /** The newest changes first. */
  async latest(limit = 50): Promise<Result<ViewerUrlChange[]>> {
    return attempt('history not read', async () => {
      const { results } = await this.db
        .prepare('SELECT * FROM settings_history ORDER BY changed_at DESC, id DESC LIMIT ?')
        .bind(limit)
        .all<Row>()
      return results.map(fromRow)
    })
  }

  async get(id: number): Promise<Result<ViewerUrlChange | null>> {
    return attempt('history not read', async () => {
      const row = await this.db.prepare('SELECT * FROM settings_history WHERE id = ?').bind(id).first<Row>()
      return row ? fromRow(row) : null
    })
  }
}
