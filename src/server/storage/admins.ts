/**
 * The console's people (tables admins and passkeys, migrations/0005): who may sign in, and the
 * public keys of their passkeys with the counters their authenticators report.
 */
import type { Result } from '../../lib/result'
import type { Role } from '../../schemas/roles'
import { attempt, changedOne } from './attempt'

export interface AdminRecord {
  id: string
  name: string
  role: Role
  createdAt: string
  invitedBy: string | null
  lastSignInAt: string | null
}

export interface PasskeyRecord {
  /** The credential id, base64url. */
  id: string
  adminId: string
  label: string
  /** The COSE public key, base64url. */
  publicKey: string
  counter: number
  transports: string[]
  createdAt: string
  lastUsedAt: string | null
}

const ADMIN_COLUMNS =
  'id, name, role, created_at AS createdAt, invited_by AS invitedBy, last_sign_in_at AS lastSignInAt'
const PASSKEY_COLUMNS = `id, admin_id AS adminId, label, public_key AS publicKey, counter, transports,
  created_at AS createdAt, last_used_at AS lastUsedAt`

type PasskeyRow = Omit<PasskeyRecord, 'transports'> & { transports: string | null }
const passkeyOf = (row: PasskeyRow): PasskeyRecord => ({
  ...row,
  transports: row.transports ? row.transports.split(',') : [],
})

export class AdminStore {
  constructor(private readonly db: D1Database) {}

  /** The admin called `name`, made now (an admin) if there is none (the password admin's first sign-in). */
  ensure(name: string, now: string): Promise<Result<AdminRecord>> {
    return attempt('admin not stored', async () => {
      const [, row] = await this.db.batch<AdminRecord>([
        this.db
          .prepare("INSERT OR IGNORE INTO admins (id, name, role, created_at) VALUES (?, ?, 'admin', ?)")
          .bind(crypto.randomUUID(), name, now),
        this.db.prepare(`SELECT ${ADMIN_COLUMNS} FROM admins WHERE name = ?`).bind(name),
      ])
      return row!.results[0]!
    })
  }

  /** A new admin from an invitation, with its role; null when the name is taken meanwhile. */
  add(
    admin: Pick<AdminRecord, 'id' | 'name' | 'role' | 'invitedBy'>,
    now: string,
  ): Promise<Result<AdminRecord | null>> {
    return attempt('admin not stored', async () => {
      const added = await this.db
        .prepare(
          'INSERT OR IGNORE INTO admins (id, name, role, created_at, invited_by) VALUES (?, ?, ?, ?, ?)',
        )
        .bind(admin.id, admin.name, admin.role, now, admin.invitedBy)
        .run()
      return added.meta.changes === 1 ? { ...admin, createdAt: now, lastSignInAt: null } : null
    })
  }

  /** Gives an admin another role; false when there is no such admin. */
  setRole(id: string, role: Role): Promise<Result<boolean>> {
    return changedOne('role not changed', () =>
      this.db.prepare('UPDATE admins SET role = ? WHERE id = ?').bind(role, id),
    )
  }

  get(id: string): Promise<Result<AdminRecord | null>> {
    return attempt('admin not read', () =>
      this.db.prepare(`SELECT ${ADMIN_COLUMNS} FROM admins WHERE id = ?`).bind(id).first<AdminRecord>(),
    )
  }

  byName(name: string): Promise<Result<AdminRecord | null>> {
    return attempt('admin not read', () =>
      this.db.prepare(`SELECT ${ADMIN_COLUMNS} FROM admins WHERE name = ?`).bind(name).first<AdminRecord>(),
    )
  }

  /** Whether an admin's name is `name` in any case ("grace hopper" is Grace Hopper's). */
  nameTaken(name: string): Promise<Result<boolean>> {
    return attempt('admin not read', async () =>
      Boolean(await this.db.prepare('SELECT 1 FROM admins WHERE name = ? COLLATE NOCASE').bind(name).first()),
    )
  }

  /** Every admin, oldest first, with their passkeys. */
  list(): Promise<Result<(AdminRecord & { passkeys: PasskeyRecord[] })[]>> {
    return attempt('admins not read', async () => {
      const [admins, passkeys] = await this.db.batch([
        this.db.prepare(`SELECT ${ADMIN_COLUMNS} FROM admins ORDER BY created_at, name`),
        this.db.prepare(`SELECT ${PASSKEY_COLUMNS} FROM passkeys ORDER BY created_at`),
      ])
      const keys = (passkeys!.results as PasskeyRow[]).map(passkeyOf)
      return (admins!.results as AdminRecord[]).map((admin) => ({
        ...admin,
        passkeys: keys.filter((key) => key.adminId === admin.id),
      }))
    })
  }

  /** Removes an admin with their passkeys, sessions and devices; false when there was no such admin. */
  remove(id: string): Promise<Result<boolean>> {
    return attempt('admin not removed', async () => {
      const results = await this.db.batch([
        this.db.prepare('DELETE FROM admin_sessions WHERE admin_id = ?').bind(id),
        this.db.prepare('DELETE FROM passkeys WHERE admin_id = ?').bind(id),
        this.db.prepare('DELETE FROM admin_devices WHERE admin_id = ?').bind(id),
        this.db.prepare('DELETE FROM admins WHERE id = ?').bind(id),
      ])
      return results[3]!.meta.changes === 1
    })
  }

  recordSignIn(id: string, now: string): Promise<Result<void>> {
    return attempt('sign-in not recorded', async () => {
      await this.db.prepare('UPDATE admins SET last_sign_in_at = ? WHERE id = ?').bind(now, id).run()
    })
  }

  addPasskey(key: Omit<PasskeyRecord, 'lastUsedAt'>): Promise<Result<void>> {
    return attempt('passkey not stored', async () => {
      await this.db
        .prepare(
          `INSERT INTO passkeys (id, admin_id, label, public_key, counter, transports, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          key.id,
          key.adminId,
          key.label,
          key.publicKey,
          key.counter,
          key.transports.join(','),
          key.createdAt,
        )
        .run()
    })
  }

  passkey(id: string): Promise<Result<PasskeyRecord | null>> {
    return attempt('passkey not read', async () => {
      const row = await this.db
        .prepare(`SELECT ${PASSKEY_COLUMNS} FROM passkeys WHERE id = ?`)
        .bind(id)
        .first<PasskeyRow>()
      return row ? passkeyOf(row) : null
    })
  }

  passkeysOf(adminId: string): Promise<Result<PasskeyRecord[]>> {
    return attempt('passkeys not read', async () => {
      const { results } = await this.db
        .prepare(`SELECT ${PASSKEY_COLUMNS} FROM passkeys WHERE admin_id = ? ORDER BY created_at`)
        .bind(adminId)
        .all<PasskeyRow>()
      return results.map(passkeyOf)
    })
  }

  /** Records a sign-in with the passkey and the counter its authenticator reported. */
  usePasskey(id: string, counter: number, now: string): Promise<Result<void>> {
    return attempt('passkey use not recorded', async () => {
      await this.db
        .prepare('UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ?')
        .bind(counter, now, id)
        .run()
    })
  }

  /** Removes one of an admin's passkeys; false when they have no such passkey. */
  removePasskey(adminId: string, id: string): Promise<Result<boolean>> {
    return changedOne('passkey not removed', () =>
      this.db.prepare('DELETE FROM passkeys WHERE id = ? AND admin_id = ?').bind(id, adminId),
    )
  }
}
