/**
 * Where the share of views whose speed is measured is kept (migrations/0046): one row, read with
 * the content stamp and saved with a bump of it, so every isolate reads it again and every cached
 * page, whose inline script carries the share, is drawn anew (platform/storage/content-stamp.ts).
 */
import type { Result } from '../../../lib/result'
import { attempt, bumpStamp, readStamp, stampOf, type Stamped } from '../../platform'

export interface VitalsSettingsStore {
  /** The share chosen (percent; null: none chosen), with the stamp it was read at. */
  read(): Promise<Result<Stamped<number | null>>>
  /** Saves the share (percent, 0 to 100) and bumps the stamp in the same batch. */
  save(share: number): Promise<Result<unknown>>
}

export class D1VitalsSettings implements VitalsSettingsStore {
  constructor(private readonly db: D1Database) {}

  read(): Promise<Result<Stamped<number | null>>> {
    return attempt('speed measurement share not read', async () => {
      const [stamp, row] = await this.db.batch([
        readStamp(this.db),
        this.db.prepare('SELECT share FROM vitals_settings WHERE id = 1'),
      ])
      const share = (row!.results[0] as { share: number | null } | undefined)?.share ?? null
      return { stamp: stampOf(stamp!), value: share }
    })
  }

  save(share: number): Promise<Result<unknown>> {
    return attempt('speed measurement share not saved', () =>
      this.db.batch([
        this.db
          .prepare(
            'INSERT INTO vitals_settings (id, share) VALUES (1, ?1) ON CONFLICT (id) DO UPDATE SET share = ?1',
          )
          .bind(share),
        bumpStamp(this.db),
      ]),
    )
  }
}
