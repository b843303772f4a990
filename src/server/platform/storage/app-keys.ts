/**
 * Keys the worker makes for itself (table app_keys, migrations/0001): created on first use and
 * then the same for every isolate and location, so nobody has to generate or set a secret.
 * INSERT OR IGNORE settles a race between two isolates on whichever key was written first.
 */
import { randomHex } from '../../../lib/hex'
import { fail, ok, type Result } from '../../../lib/result'
import { attempt } from './attempt'

async function appKey(db: D1Database, name: string): Promise<Result<string>> {
  const read = await attempt(`app key ${name} unavailable`, async () => {
    const [, selected] = await db.batch<{ value: string }>([
      db
        .prepare('INSERT OR IGNORE INTO app_keys (name, value, created_at) VALUES (?, ?, ?)')
        .bind(name, randomHex(32), new Date().toISOString()),
      db.prepare('SELECT value FROM app_keys WHERE name = ?').bind(name),
    ])
    return selected?.results[0]?.value
  })
  if (!read.ok) return read
  return read.value ? ok(read.value) : fail(`app key ${name} was not stored`, true)
}

/** This isolate's copy of the keys it has read (they never change once made). */
export class AppKeys {
  private readonly known = new Map<string, string>()
  private stopGap?: string

  /**
   * A random key of this isolate's own, for when D1 cannot give the shared one: what it signs
   * can be read back only here (the next request of the same visitor usually is).
   */
  fallback(): string {
    return (this.stopGap ??= randomHex(32))
  }

  async get(db: D1Database, name: string): Promise<Result<string>> {
    const cached = this.known.get(name)
    if (cached) return ok(cached)
    const key = await appKey(db, name)
    if (key.ok) this.known.set(name, key.value)
    return key
  }
}

/** The keys of one database, through this isolate's copy: what a request signs with. */
export class KeyRing {
  constructor(
    private readonly db: D1Database,
    private readonly keys: AppKeys,
  ) {}

  get(name: string): Promise<Result<string>> {
    return this.keys.get(this.db, name)
  }

  fallback(): string {
    return this.keys.fallback()
  }
}
