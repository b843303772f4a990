/**
 * What `npm run db:export` dumps (scripts/lib/export-tables.ts), over every table the migrations
 * make: the rows worth restoring, and none of the keys, sessions, challenges or salts that would
 * let the holder of a dump sign in as someone or unmask a visitor (review T14).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { tablesToExport } from '../../scripts/lib/export-tables'

const MIGRATIONS = new URL('../../src/server/migrations/', import.meta.url)
const tables = [
  ...new Set(
    readdirSync(MIGRATIONS)
      .map((name) => readFileSync(new URL(name, MIGRATIONS), 'utf8'))
      .flatMap((sql) =>
        [...sql.matchAll(/CREATE (?:VIRTUAL )?TABLE (?:IF NOT EXISTS )?(\w+)/g)].map((m) => m[1]!),
      ),
  ),
]

describe('the tables db:export dumps', () => {
  const exported = tablesToExport([...tables, 'd1_migrations', 'sqlite_sequence', '_cf_KV'])

  it('leave out the signing keys, sessions, devices, challenges and traffic salts', () => {
    for (const secret of [
      'app_keys',
      'admin_sessions',
      'admin_devices',
      'webauthn_challenges',
      'traffic_salts',
    ])
      expect(exported).not.toContain(secret)
  })

  it('keep the leads, their history, the team, the studio and the counts', () => {
    for (const kept of [
      'leads',
      'lead_attempts',
      'admins',
      'passkeys',
      'invitations',
      'activity',
      'content_documents',
      'content_revisions',
      'media',
      'redirects',
      'settings_history',
      'traffic_daily',
      'traffic_monthly',
    ])
      expect(exported).toContain(kept)
  })

  it('leave out what the migrations and triggers rebuild', () => {
    for (const derived of [
      'lead_search',
      'lead_day_counts',
      'lead_totals',
      'lead_source_totals',
      'content_stamp',
      'd1_migrations',
      'sqlite_sequence',
    ])
      expect(exported).not.toContain(derived)
  })
})
