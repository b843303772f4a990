/**
 * Console sessions: a random token in the browser's cookie, its SHA-256 in D1
 * (people/storage/admin-sessions.ts). A session ends 12 hours after it was last used, 7 days after it
 * began, on Sign out, or with Sign out everywhere.
 */
import { randomHex, sha256Hex } from '../../../lib/hex'
import { ok, type Result } from '../../../lib/result'
import type { AdminRecord, AdminStore } from '../storage/admins'
import type { SessionRecord, SessionStore } from '../storage/admin-sessions'

export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000
/** Last-seen is written at most this often per session, not on every page. */
const TOUCH_EVERY_MS = 60 * 1000

const iso = (ms: number) => new Date(ms).toISOString()

export class AdminSessions {
  constructor(
    private readonly store: SessionStore,
    private readonly admins: AdminStore,
  ) {}

  /**
   * Signs `admin` in: a new session (the password admin's tagged with the password it was opened
   * under), and their last sign-in recorded. Returns the cookie's token.
   */
  async start(
    admin: AdminRecord,
    passwordTag: string | null = null,
    now = Date.now(),
  ): Promise<Result<string>> {
    const token = randomHex(32)
    const created = await this.store.create(
      await sha256Hex(token),
      admin.id,
      iso(now),
      iso(now + SESSION_MAX_MS),
      passwordTag,
    )
    if (!created.ok) return created
    await this.admins.recordSignIn(admin.id, iso(now))
    return ok(token)
  }

  /** The open session a cookie's token names, or null (unknown, idle too long, or too old). */
  async resume(token: string, now = Date.now()): Promise<Result<SessionRecord | null>> {
    const hash = await sha256Hex(token)
    const session = await this.store.open(hash, iso(now), iso(now - SESSION_IDLE_MS))
    if (!session.ok || !session.value) return session
    if (now - Date.parse(session.value.lastSeenAt) >= TOUCH_EVERY_MS) await this.store.touch(hash, iso(now))
    return session
  }

  async end(token: string): Promise<Result<number>> {
    return this.store.end(await sha256Hex(token))
  }

  /** Sign out everywhere: every session of the admin, this one included. */
  endAll(adminId: string): Promise<Result<number>> {
    return this.store.endAll(adminId)
  }

  /** The daily maintenance: rows of sessions that can no longer be used. */
  deleteEnded(now = Date.now()): Promise<Result<number>> {
    return this.store.deleteEnded(iso(now), iso(now - SESSION_IDLE_MS))
  }
}
