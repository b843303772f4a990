/**
 * People of each role, for the role tests: a named admin row with the role, and a fresh console
 * session (its cookie) each time one is asked for, so an action that ends sessions (Sign out
 * everywhere) cannot spoil the next request.
 */
import { sha256Hex } from '../../../src/lib/hex'
import type { Role } from '../../../src/schemas/roles'
import { passwordSessionTag } from '../../../src/server/people/services/access'
import { ADMIN, env } from './app'

export const PEOPLE: Record<Role, { id: string; name: string }> = {
  admin: { id: 'test-admin', name: 'admin' },
  editor: { id: 'role-editor', name: 'Eddie Editor' },
  sales: { id: 'role-sales', name: 'Sally Sales' },
  translator: { id: 'role-translator', name: 'Tilda Translator' },
}

/** A browser signed in as someone with `role` (the admin is the password admin of every test). */
export function sessionAs(role: Role): Promise<string> {
  const { id, name } = PEOPLE[role]
  return sessionOf(id, name, role)
}

/** An admin other than the password admin, signed in (no passkey): one who acts while the password is unset. */
export const OTHER_ADMIN = { id: 'other-admin', name: 'Olive Other' }
export const otherAdminSession = () => sessionOf(OTHER_ADMIN.id, OTHER_ADMIN.name, 'admin')

async function sessionOf(id: string, name: string, role: Role): Promise<string> {
  // The password admin's session carries the tag of the password it was opened under.
  const tag = name === ADMIN.username ? await passwordSessionTag(ADMIN.password) : null
  const now = new Date()
  const token = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('')
  await env.DB.batch([
    // A translator translates German (migrations/0051 locales).
    env.DB.prepare(
      'INSERT OR IGNORE INTO admins (id, name, role, created_at, locales) VALUES (?, ?, ?, ?, ?)',
    ).bind(id, name, role, now.toISOString(), role === 'translator' ? 'de' : null),
    env.DB.prepare(
      'INSERT INTO admin_sessions (token_hash, admin_id, created_at, last_seen_at, expires_at, password_tag) VALUES (?, ?, ?, ?, ?, ?)',
    ).bind(
      await sha256Hex(token),
      id,
      now.toISOString(),
      now.toISOString(),
      new Date(now.getTime() + 86_400_000).toISOString(),
      tag,
    ),
  ])
  return `__Host-admin_session=${token}`
}
