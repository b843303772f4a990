/**
 * The console's activity log: who did what and when, append-only, kept ACTIVITY_RETENTION_DAYS
 * (400). Recording never fails what was done: a row D1 could not take is logged instead. Reads
 * are keyset pages, newest first; the CSV streams page after page, so its memory stays bounded
 * however long the log grows. Entries hold ids, never a password, a token or a lead's field.
 */
import { log } from '../../../lib/log'
import { ok, type Result } from '../../../lib/result'
import type { ActivityAction, ActivityEntry, ActivityFilter } from '../../../schemas/activity'
import type { ActivityStore } from '../storage/activity'
import { csvField } from '../../../lib/csv'

const ACTIVITY_PAGE_SIZE = 50
const EXPORT_PAGE = 500
/** Rows the daily retention deletes per statement, and statements per run. */
const RETENTION_BATCH = 5000
const RETENTION_BATCHES = 20
const DAY_MS = 24 * 60 * 60 * 1000

/** One event as a door reports it. */
interface ActivityEvent {
  action: ActivityAction
  /** Who: a name, an Access e-mail, "api token"; empty for a failed sign-in. */
  actor: string
  actorId?: string
  subject?: string
  detail?: string
  client?: string
}

const CSV_COLUMNS: [string, (entry: ActivityEntry) => string | number | null][] = [
  ['time (UTC)', (e) => e.at],
  ['person', (e) => e.actor],
  // A name can change hands (removed, then invited again): the id tells two people apart (review T13).
  ['person id', (e) => e.actorId],
  ['action', (e) => e.action],
  ['subject', (e) => e.subject],
  ['detail', (e) => e.detail],
  ['client', (e) => e.client],
]

const csvLine = (fields: (string | number | null)[]) => fields.map(csvField).join(',') + '\r\n'

export class ActivityLog {
  constructor(
    private readonly store: ActivityStore,
    private readonly retentionDays: number,
  ) {}

  /** Records one event; its entry's id (undefined when D1 could not take it, which is logged). */
  async record(event: ActivityEvent, now = new Date()): Promise<number | undefined> {
    const appended = await this.store.append({
      at: now.toISOString(),
      actor: event.actor,
      actorId: event.actorId ?? null,
      action: event.action,
      subject: event.subject ?? null,
      detail: event.detail ?? null,
      client: event.client ?? null,
    })
    if (appended.ok) return appended.value
    log.error('activity', 'not recorded', { action: event.action, reason: appended.error.message })
    return undefined
  }

  /** A page of the filter, newest first, and the id to read on from (none: this is the last page). */
  async page(
    filter: ActivityFilter,
    beforeId?: number,
  ): Promise<Result<{ entries: ActivityEntry[]; next?: number }>> {
    const read = await this.store.page(filter, ACTIVITY_PAGE_SIZE + 1, beforeId)
    if (!read.ok) return read
    const entries = read.value.slice(0, ACTIVITY_PAGE_SIZE)
    const more = read.value.length > ACTIVITY_PAGE_SIZE
    return ok({ entries, next: more ? entries.at(-1)?.id : undefined })
  }

  /**
   * The filter's entries older than `beforeId` (the export's own entry, so the file is the log as
   * it was when asked for) as CSV: a byte-order mark, CRLF, every field quoted and
   * formula-guarded, read and sent a page at a time. A read that fails ends the file saying so.
   */
  csv(filter: ActivityFilter, beforeId?: number): ReadableStream<Uint8Array> {
    const encoder = new TextEncoder()
    let before = beforeId
    let started = false
    return new ReadableStream({
      pull: async (controller) => {
        if (!started) {
          started = true
          controller.enqueue(encoder.encode('\uFEFF' + csvLine(CSV_COLUMNS.map(([title]) => title))))
          return
        }
        const read = await this.store.page(filter, EXPORT_PAGE, before)
        if (!read.ok) {
          log.error('activity', 'export cut short', { reason: read.error.message })
          controller.enqueue(encoder.encode(csvLine(['(the rest could not be read)'])))
          return controller.close()
        }
        const lines = read.value
          .map((entry) => csvLine(CSV_COLUMNS.map(([, value]) => value(entry))))
          .join('')
        if (lines) controller.enqueue(encoder.encode(lines))
        if (read.value.length < EXPORT_PAGE) return controller.close()
        before = read.value.at(-1)!.id
      },
    })
  }

  /** The daily retention: entries older than the retention period go, in bounded batches. */
  async retain(now: Date): Promise<Result<number>> {
    const before = new Date(now.getTime() - this.retentionDays * DAY_MS).toISOString()
    let deleted = 0
    for (let batch = 0; batch < RETENTION_BATCHES; batch++) {
      const gone = await this.store.deleteBefore(before, RETENTION_BATCH)
      if (!gone.ok) return gone
      deleted += gone.value
      if (gone.value < RETENTION_BATCH) break
    }
    return ok(deleted)
  }
}
