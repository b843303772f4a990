/**
 * Failed admin sign-ins, counted in one Durable Object so the count is exact whichever isolate
 * or location a request reaches (a Durable Object runs one call at a time, with its own SQLite).
 *
 * A sign-in first asks to begin(): the guard refuses a client that is locked out, or whose
 * failures plus the attempts now in flight already reach the limit, before any password is
 * compared. Fifty parallel guesses therefore get exactly LIMIT comparisons. end() then records
 * the outcome: a failure counts, a success clears the client's failures.
 *
 * The password admin's browser carries a device cookie; its attempts are counted under the
 * device (DEVICE_PREFIX + its id) with the same per-client limit, and neither meet nor feed the
 * global ceiling, so a guessing attack from everywhere else cannot lock a known admin out.
 */
import { DurableObject } from 'cloudflare:workers'
import type { GuardStatus } from '../../../schemas/admin-records'

export type { GuardStatus } from '../../../schemas/admin-records'

/** Failures per client in the window before it is locked out. */
const CLIENT_LIMIT = 5
/** Failures from all clients together in the window before every client is locked out. */
const GLOBAL_LIMIT = 50
const WINDOW_MS = 15 * 60 * 1000
/** An attempt that never reported back (its isolate died) stops counting after this. */
const PENDING_TTL_MS = 60 * 1000
/** The lockout row that stands for every client. */
const EVERYONE = '*'
/** The key of a trusted device's attempts (people/middleware/console-session.ts). */
export const DEVICE_PREFIX = 'device:'
const isDevice = (key: string) => key.startsWith(DEVICE_PREFIX)
/** Failures and attempts of unknown clients only: what the global ceiling counts. */
const UNKNOWN_CLIENTS = `WHERE client NOT LIKE '${DEVICE_PREFIX}%'`

/** The one guard of the console (a stub belongs to the request that made it: ask for one per request). */
export const signInGuardOf = (namespace: DurableObjectNamespace<SignInGuard>) =>
  namespace.get(namespace.idFromName('admin-sign-in'))

type Begin = { allowed: true; ticket: string } | { allowed: false; retryAfterSeconds: number }
export type Outcome = 'succeeded' | 'failed' | 'no credentials'

export class SignInGuard extends DurableObject {
  private readonly sql: SqlStorage

  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env as never)
    this.sql = ctx.storage.sql
    this.sql.exec(`
      CREATE TABLE IF NOT EXISTS failures (client TEXT NOT NULL, at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS pending (ticket TEXT PRIMARY KEY, client TEXT NOT NULL, at INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS lockouts (client TEXT PRIMARY KEY, until INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS failures_by_client ON failures (client, at);
    `)
  }

  /**
   * May `client` (an address key, or a trusted device's key) try a password now? Counts the
   * attempt as in flight until end().
   */
  begin(client: string): Begin {
    const now = Date.now()
    this.forgetOld(now)
    const device = isDevice(client)
    const lockedUntil = this.one<number>(
      'SELECT MAX(until) AS value FROM lockouts WHERE client IN (?, ?)',
      client,
      device ? client : EVERYONE,
    )
    if (lockedUntil) return { allowed: false, retryAfterSeconds: Math.ceil((lockedUntil - now) / 1000) }
    const mine = this.count('WHERE client = ?', client)
    const everyone = device ? 0 : this.count(UNKNOWN_CLIENTS)
    if (mine >= CLIENT_LIMIT || everyone >= GLOBAL_LIMIT) {
      return { allowed: false, retryAfterSeconds: WINDOW_MS / 1000 }
    }
    const ticket = crypto.randomUUID()
    this.sql.exec('INSERT INTO pending (ticket, client, at) VALUES (?, ?, ?)', ticket, client, now)
    return { allowed: true, ticket }
  }

  /** Records how an attempt ended. Returns true when that failure locked the client (or everyone) out. */
  end(ticket: string, outcome: Outcome): boolean {
    const now = Date.now()
    const client = this.one<string>('SELECT client AS value FROM pending WHERE ticket = ?', ticket)
    this.sql.exec('DELETE FROM pending WHERE ticket = ?', ticket)
    if (client === undefined || outcome === 'no credentials') return false
    if (outcome === 'succeeded') {
      this.sql.exec('DELETE FROM failures WHERE client = ?', client)
      return false
    }
    this.sql.exec('INSERT INTO failures (client, at) VALUES (?, ?)', client, now)
    let locked = false
    const limits: [string, number, number][] = [
      [client, this.count('WHERE client = ?', client), CLIENT_LIMIT],
    ]
    if (!isDevice(client)) limits.push([EVERYONE, this.count(UNKNOWN_CLIENTS), GLOBAL_LIMIT])
    for (const [who, failures, limit] of limits) {
      if (failures < limit) continue
      this.sql.exec('INSERT OR REPLACE INTO lockouts (client, until) VALUES (?, ?)', who, now + WINDOW_MS)
      locked = true
    }
    return locked
  }

  /** What the admin overview shows. */
  status(): GuardStatus {
    const now = Date.now()
    this.forgetOld(now)
    return {
      failuresInWindow: this.one<number>('SELECT COUNT(*) AS value FROM failures') ?? 0,
      lockedClients:
        this.one<number>('SELECT COUNT(*) AS value FROM lockouts WHERE client <> ?', EVERYONE) ?? 0,
      everyoneLocked:
        this.one<number>('SELECT COUNT(*) AS value FROM lockouts WHERE client = ?', EVERYONE) === 1,
    }
  }

  /** Failures in the window plus attempts in flight, for one client (`WHERE client = ?`) or all. */
  private count(where: string, ...params: string[]): number {
    const failures = this.one<number>(`SELECT COUNT(*) AS value FROM failures ${where}`, ...params) ?? 0
    const pending = this.one<number>(`SELECT COUNT(*) AS value FROM pending ${where}`, ...params) ?? 0
    return failures + pending
  }

  private forgetOld(now: number): void {
    this.sql.exec('DELETE FROM failures WHERE at <= ?', now - WINDOW_MS)
    this.sql.exec('DELETE FROM pending WHERE at <= ?', now - PENDING_TTL_MS)
    this.sql.exec('DELETE FROM lockouts WHERE until <= ?', now)
  }

  private one<T extends string | number>(query: string, ...params: (string | number)[]): T | undefined {
    const row = this.sql.exec<{ value: T | null }>(query, ...params).toArray()[0]
    return row?.value ?? undefined
  }
}
