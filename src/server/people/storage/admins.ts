/**
 * The console's people (tables admins and passkeys, migrations/0005): who may sign in, and the
 * public keys of their passkeys with the counters their authenticators report.
 */
import type { Result } from '../../../lib/result'
import type { Role } from '../../../schemas/roles'
import { attempt, changedOne } from '../../platform'

export interface AdminRecord {
  id: string
  name: string
  role: Role
  /** A translator's locales, comma-separated (null for every other role: migrations/0051). */
  locales?: string | null
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
  'id, name, role, locales, created_at AS createdAt, invited_by AS invitedBy, last_sign_in_at AS lastSignInAt'
const PASSKEY_COLUMNS = `id, admin_id AS adminId, label, public_key AS publicKey, counter, transports,
  created_at AS createdAt, last_used_at AS lastUsedAt`

type PasskeyRow = Omit<PasskeyRecord, 'transports'> & { transports: string | null }
const passkeyOf = (row: PasskeyRow): PasskeyRecord => ({
  ...row,
  transports: row.transports ? row.transports.split(',') : [],
})

/**
 * SQL, true when someone other than ?1 is an admin who can sign in: the password admin (?3, NULL
 * while password sign-in is off; an admin whether or not they have a row), or an admin with a
 * passkey. It is part of the very statement that demotes, removes or takes a passkey, so two
 * changes at once cannot both pass the service's check and leave nobody (review T16).
 */
const ANOTHER_ADMIN_REMAINS = `((?3 IS NOT NULL AND (SELECT name FROM admins WHERE id = ?1) IS NOT ?3)
  OR EXISTS (SELECT 1 FROM admins o WHERE o.id <> ?1 AND o.role = 'admin'
    AND EXISTS (SELECT 1 FROM passkeys k WHERE k.admin_id = o.id)))`

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
    admin: Pick<AdminRecord, 'id' | 'name' | 'role' | 'invitedBy' | 'locales'>,
    now: string,
  ): Promise<Result<AdminRecord | null>> {
    return attempt('admin not stored', async () => {
      const added = await this.db
        .prepare(
          'INSERT OR IGNORE INTO admins (id, name, role, created_at, invited_by, locales) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .bind(admin.id, admin.name, admin.role, now, admin.invitedBy, admin.locales ?? null)
        .run()
      return added.meta.changes === 1 ? { ...admin, createdAt: now, lastSignInAt: null } : null
    })
  }

  /** Gives an admin another role; false when there is no such admin. */
  /** Gives `id` another role, unless that would leave no admin who can sign in (ANOTHER_ADMIN_REMAINS). */
  setRole(
    id: string,
    role: Role,
    passwordAdmin: string | undefined,
    locales: string | null = null,
  ): Promise<Result<boolean>> {
    return changedOne('role not changed', () =>
      this.db
        .prepare(
          `UPDATE admins SET role = ?2, locales = ?4 WHERE id = ?1 AND (?2 = 'admin' OR ${ANOTHER_ADMIN_REMAINS})`,
        )
        .bind(id, role, passwordAdmin ?? null, locales),
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
  /** Removes `id` with their sessions, passkeys and devices, unless no admin who can sign in would remain. */
  remove(id: string, passwordAdmin: string | undefined): Promise<Result<boolean>> {
    return attempt('admin not removed', async () => {
      const gone = 'NOT EXISTS (SELECT 1 FROM admins WHERE id = ?1)'
      const results = await this.db.batch([
        this.db
          .prepare(`DELETE FROM admins WHERE id = ?1 AND ${ANOTHER_ADMIN_REMAINS}`)
          .bind(id, null, passwordAdmin ?? null),
        ...['admin_sessions', 'passkeys', 'admin_devices'].map((table) =>
          this.db.prepare(`DELETE FROM ${table} WHERE admin_id = ?1 AND ${gone}`).bind(id),
        ),
      ])
      // D1 counts the rows the foreign keys' cascade deleted too (the passkeys): any is a removal.
      return results[0]!.meta.changes > 0
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
  /**
   * Removes one of `adminId`'s passkeys, unless no admin could sign in without it: someone else
   * remains, or `adminId` does (the password admin, or an admin with another passkey).
   */
  removePasskey(adminId: string, id: string, passwordAdmin: string | undefined): Promise<Result<boolean>> {
    const stillSignsIn = `EXISTS (SELECT 1 FROM admins a WHERE a.id = ?1 AND (a.name = ?3 OR (a.role = 'admin'
      AND EXISTS (SELECT 1 FROM passkeys k WHERE k.admin_id = ?1 AND k.id <> ?2))))`
    return changedOne('passkey not removed', () =>
      this.db
        .prepare(
          `DELETE FROM passkeys WHERE id = ?2 AND admin_id = ?1 AND (${ANOTHER_ADMIN_REMAINS} OR ${stillSignsIn})`,
        )
        .bind(adminId, id, passwordAdmin ?? null),
    )
  }
}
