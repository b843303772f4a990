/**
 * Which D1 tables `npm run db:export` dumps: the rows worth restoring, without
 * - what the migrations make or the triggers rebuild: `wrangler d1 export` refuses a database
 *   holding an FTS5 table (the lead search index), and the counters would be counted twice on
 *   import (the content stamp, a cache key, starts afresh);
 * - what would let the holder of a dump act as someone (review T14): the signing keys, sessions,
 *   trusted devices and passkey challenges, and the traffic salts that would turn the day's
 *   visitor hashes back into addresses (with the hashes and spent form tokens, which mean nothing
 *   without them). After a restore everyone signs in again, and the worker makes new keys.
 * To restore: `npm run db:migrate` on an empty database, then `wrangler d1 execute DB --file
 * <dump>`; the triggers refill index and counters.
 */
const DERIVED =
  /^(lead_search|lead_day_counts$|lead_totals$|lead_source_totals$|content_stamp$|d1_migrations$|sqlite_|_cf_)/
export const SECRET_TABLES = [
  'app_keys',
  'admin_sessions',
  'admin_devices',
  'webauthn_challenges',
  'traffic_salts',
  'traffic_seen',
  'traffic_claims',
  'spent_form_tokens',
] as const

export function tablesToExport(tables: string[]): string[] {
  const secret: readonly string[] = SECRET_TABLES
  return tables.filter((name) => !DERIVED.test(name) && !secret.includes(name))
}
