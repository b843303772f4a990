/**
 * Keys the worker makes for itself (table app_keys, migrations/0001): created on first use and
 * then the same for every isolate and location, so nobody has to generate or set a secret.
 * INSERT OR IGNORE settles a race between two isolates on whichever key was written first.
 */
import { errorText, fail, ok, type Result } from '../../lib/result'

export async function appKey(db: D1Database, name: string): Promise<Result<string>> {
  const candidate = [...crypto.getRandomValues(new Uint8Array(32))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
  try {
    const [, read] = await db.batch<{ value: string }>([
      db
        .prepare('INSERT OR IGNORE INTO app_keys (name, value, created_at) VALUES (?, ?, ?)')
        .bind(name, candidate, new Date().toISOString()),
      db.prepare('SELECT value FROM app_keys WHERE name = ?').bind(name),
    ])
    const value = read?.results[0]?.value
    return value ? ok(value) : fail(`app key ${name} was not stored`, true)
  } catch (error) {
    return fail(`app key ${name} unavailable: ${errorText(error)}`, true)
  }
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
    this.stopGap ??= [...crypto.getRandomValues(new Uint8Array(32))]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('')
    return this.stopGap
  }

  async get(db: D1Database, name: string): Promise<Result<string>> {
    const cached = this.known.get(name)
    if (cached) return ok(cached)
    const key = await appKey(db, name)
    if (key.ok) this.known.set(name, key.value)
    return key
  }
}
