/**
 * Runs in every worker test file (tests/vitest.config.ts): the D1 database gets the migrations
 * of wrangler.toml, and every test starts in a fresh isolate with an empty sign-in guard, no
 * leads, alert windows or history, only the password admin signed in (support/app.ts
 * ADMIN_COOKIE), and no spies left over: no test sees another's caches,
 * lockouts, daily counts or mocks.
 */
import { applyD1Migrations, env, type D1Migration } from 'cloudflare:test'
import { afterEach, beforeEach, vi } from 'vitest'
import { sha256Hex } from '../../../src/lib/hex'
import { resetIsolate } from '../../../src/server/isolate'
import { passwordSessionTag } from '../../../src/server/people/services/access'
import { ADMIN, ADMIN_ID, ADMIN_SESSION_TOKEN, resetSignInGuard } from './app'
import { mintFormTokens } from './contact'
import './test-routes'

const { DB, TEST_MIGRATIONS } = env as unknown as { DB: D1Database; TEST_MIGRATIONS: D1Migration[] }

await applyD1Migrations(DB, TEST_MIGRATIONS)
// Cached pages are keyed by the content stamp, and the Cache API may outlive this file's database:
// each file starts at a stamp of its own, and each test moves it on (below).
await DB.prepare('UPDATE content_stamp SET stamp = ? WHERE id = 1')
  .bind(Math.floor(Math.random() * 2 ** 40))
  .run()

// The activity log refuses deletes outside its retention job (migrations/0031): each test empties
// it with that trigger lifted and put back as the migration made it, in the same batch.
const { sql: KEEP_ACTIVITY } = (await DB.prepare(
  "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'activity_kept'",
).first<{ sql: string }>())!
const ADMIN_SESSION_HASH = await sha256Hex(ADMIN_SESSION_TOKEN)
/** The fixture session is the password admin's, opened under the tests' ADMIN_PASSWORD. */
const ADMIN_PASSWORD_TAG = await passwordSessionTag(ADMIN.password)
const CONSOLE_TABLES = [
  'admin_sessions',
  'admin_devices',
  'passkeys',
  'invitations',
  'webauthn_challenges',
  'admins',
]

beforeEach(async () => {
  await mintFormTokens(300)
  await resetIsolate()
  await resetSignInGuard()
  const now = new Date()
  await DB.batch([
    // The leads' trigger deletes each lead's words from the search index; with secure-delete on
    // (migrations/0025) that rewrites a shared word's whole list for each lead, and the thousands
    // of leads sharing a word that the scale tests make took over 30 s to clear beside the browser
    // tests. Off while the table empties, then the index emptied whole and secure-delete back on.
    DB.prepare("INSERT INTO lead_search (lead_search, rank) VALUES ('secure-delete', 0)"),
    DB.prepare('DROP TRIGGER activity_kept'),
    ...[
      'leads',
      'lead_attempts',
      'delivery_channels',
      'alert_windows',
      'settings_history',
      'traffic_daily',
      'traffic_monthly',
      'traffic_seen',
      'traffic_claims',
      'traffic_salts',
      'spent_form_tokens',
      'activity',
      'content_documents',
      'content_revisions',
      'content_translations',
      'media',
      'redirects',
      'share_links',
      'experiments',
      'experiment_visitors',
      'experiment_days',
      'experiment_leads',
      'vitals_daily',
      'vitals_days',
      'vitals_arms',
      'vitals_windows',
      'vitals_windows_built',
      'vitals_day_figures',
      'crux_records',
      ...CONSOLE_TABLES,
    ].map((table) => DB.prepare(`DELETE FROM ${table}`)),
    // The speed share as no admin has chosen it (a test that saves one must not set the next one's).
    DB.prepare('UPDATE vitals_settings SET share = NULL WHERE id = 1'),
    DB.prepare(KEEP_ACTIVITY),
    DB.prepare("INSERT INTO lead_search (lead_search) VALUES ('delete-all')"),
    DB.prepare("INSERT INTO lead_search (lead_search, rank) VALUES ('secure-delete', 1)"),
    // No edition of an earlier test may show: its pages were cached under the stamp it left.
    DB.prepare('UPDATE content_stamp SET stamp = stamp + 1 WHERE id = 1'),
    // The password admin, signed in on the tests' browser (support/app.ts ADMIN_COOKIE).
    DB.prepare('INSERT INTO admins (id, name, created_at) VALUES (?, ?, ?)').bind(
      ADMIN_ID,
      ADMIN.username,
      now.toISOString(),
    ),
    DB.prepare(
      'INSERT INTO admin_sessions (token_hash, admin_id, created_at, last_seen_at, expires_at, password_tag) VALUES (?, ?, ?, ?, ?, ?)',
    ).bind(
      ADMIN_SESSION_HASH,
      ADMIN_ID,
      now.toISOString(),
      now.toISOString(),
      new Date(now.getTime() + 7 * 86_400_000).toISOString(),
      ADMIN_PASSWORD_TAG,
    ),
  ])
})

afterEach(() => {
  vi.restoreAllMocks()
})
