/**
 * Trusted browsers (table admin_devices, migrations/0013): the id inside a device cookie, and the
 * admin who signed in with it. The cookie's signature proves we issued it; this row proves it
 * still counts (people/middleware/console-session.ts).
 */
import type { Result } from '../../../lib/result'
import type { DeviceRecord } from '../../../schemas/admin-records'
import { attempt, changedOne, type KeyRing } from '../../platform'

/** Each admin keeps at most this many: signing in on an eleventh browser forgets the least recent. */
export const DEVICES_PER_ADMIN = 10

const COLUMNS = 'id, admin_id AS adminId, created_at AS createdAt, last_used_at AS lastUsedAt'

/** The name of the key device cookies are signed with, among the worker's own keys (platform/storage/app-keys.ts). */
const DEVICE_KEY = 'admin-device'

export class DeviceStore {
  constructor(
    private readonly db: D1Database,
    private readonly keys: KeyRing,
  ) {}

  /** The key this worker signs device cookies with. */
  signingKey(): Promise<Result<string>> {
    return this.keys.get(DEVICE_KEY)
  }

  /** Whose device this is, or null when it is not (or no longer) trusted. */
  owner(id: string): Promise<Result<string | null>> {
    return attempt('device not read', () =>
      this.db.prepare('SELECT admin_id AS adminId FROM admin_devices WHERE id = ?').bind(id).first('adminId'),
    )
  }

  /** Trusts `id` for `adminId` as of `now`, and forgets that admin's devices past the newest ten. */
  remember(id: string, adminId: string, now: string): Promise<Result<void>> {
    return attempt('device not stored', async () => {
      await this.db.batch([
        this.db
          .prepare(
            `INSERT INTO admin_devices (id, admin_id, created_at, last_used_at) VALUES (?1, ?2, ?3, ?3)
             ON CONFLICT (id) DO UPDATE SET last_used_at = ?3 WHERE admin_id = ?2`,
          )
          .bind(id, adminId, now),
        this.db
          .prepare(
            `DELETE FROM admin_devices WHERE admin_id = ?1 AND id NOT IN
               (SELECT id FROM admin_devices WHERE admin_id = ?1 ORDER BY last_used_at DESC, rowid DESC LIMIT ?2)`,
          )
          .bind(adminId, DEVICES_PER_ADMIN),
      ])
    })
  }

  /** One admin's devices, the most recently used first. */
  listFor(adminId: string): Promise<Result<DeviceRecord[]>> {
    return attempt('devices not read', async () => {
      const { results } = await this.db
        .prepare(`SELECT ${COLUMNS} FROM admin_devices WHERE admin_id = ? ORDER BY last_used_at DESC`)
        .bind(adminId)
        .all<DeviceRecord>()
      return results
    })
  }

  /** Forgets one of `adminId`'s devices; false when they had no such device. */
  forget(adminId: string, id: string): Promise<Result<boolean>> {
    return changedOne('device not forgotten', () =>
      this.db.prepare('DELETE FROM admin_devices WHERE id = ? AND admin_id = ?').bind(id, adminId),
    )
  }
}
