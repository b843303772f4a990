/**
 * The viewer address as the site uses it (spec: settings/view3dUrl). Pages read it without ever
 * waiting on the database for long:
 *   1. this isolate's memory, fresh for a few seconds;
 *   2. this location's Cache API;
 *   3. the store, one read at a time, in the background when a stale value is at hand, otherwise
 *      awaited for at most PAGE_WAIT_MS.
 * A failed, slow or invalid read never fails a page: the last known value, else the default, is
 * used, and "Error getting URL:" is logged. Writes go to the store, then refresh both caches.
 */
import { external } from '../../../content/external'
import { log } from '../../../lib/log'
import { fail, type Result } from '../../../lib/result'
import { TimeoutError, withTimeout } from '../../../lib/timeout'
import { viewerUrlProblem } from '../../../schemas/settings'
import type { ChangeSource, SettingsHistory } from '../storage/settings-history'
import type { SettingsStore } from '../storage/settings-store'
import type { WaitUntil } from '../../platform'
import type { ViewerUrlCache } from './viewer-url-cache'

/** The longest a page render waits for the viewer address. */
const PAGE_WAIT_MS = 400
/** After a failed or slow read, the last known value is served this long before asking again. */
const RETRY_AFTER_FAILURE_MS = 5_000

/** The stored address, or the default when nothing (valid) is stored. */
const withDefault = (stored: string): string => stored.trim() || external.defaultViewerUrl

export class ViewerUrlService {
  constructor(
    private readonly store: SettingsStore,
    private readonly history: SettingsHistory,
    readonly cache: ViewerUrlCache,
  ) {}

  /** The effective address for a render. Never throws; waits at most PAGE_WAIT_MS. */
  async forPage(ctx: WaitUntil): Promise<string> {
    const known = this.cache.fresh() ?? (await this.cache.fromEdge())
    if (known !== undefined) return withDefault(known)
    const reading = this.cache.refresh(() => this.readForPages())
    ctx.waitUntil(reading)
    const last = this.cache.last()
    if (last !== undefined) return withDefault(last) // stale while it revalidates
    try {
      const result = await withTimeout(PAGE_WAIT_MS, () => reading)
      return withDefault(result.ok ? result.value : '')
    } catch (error) {
      if (!(error instanceof TimeoutError)) throw error
      log.warn('settings', 'viewer URL not known in time; rendering the default', { waitedMs: PAGE_WAIT_MS })
      // Later renders use the default at once instead of waiting for the same read again.
      this.cache.remember('', RETRY_AFTER_FAILURE_MS)
      return withDefault('')
    }
  }

  /** A fresh read for the admin: the stored address, or "" (spec reader semantics). */
  async stored(): Promise<string> {
    const result = await this.readChecked()
    if (result.ok) return result.value
    log.error('settings', `Error getting URL: ${result.error.message}`)
    return ''
  }

  /** The spec's writer: stores the address, then both caches take it; a failure is logged. */
  async save(url: string): Promise<Result<void>> {
    const result = await this.store.write(url)
    if (!result.ok) {
      log.error('settings', `Error updating URL: ${result.error.message}`)
      return result
    }
    await this.cache.saved(url)
    return result
  }

  /**
   * The one save path of /update, /admin/settings and PUT /api/settings: save, then a history
   * row naming who and through which door. A failed history write is logged and never fails
   * the save; a failed save writes no history.
   */
  async change(url: string, by: { who: string; source: ChangeSource }): Promise<Result<void>> {
    const before = await this.stored()
    const saved = await this.save(url)
    if (!saved.ok) return saved
    const recorded = await this.history.record({
      changedAt: new Date().toISOString(),
      changedBy: by.who,
      source: by.source,
      oldValue: before,
      newValue: url,
    })
    if (recorded.ok) log.info('settings', 'viewer URL changed', { by: by.who, source: by.source })
    else log.error('settings', `viewer URL saved, but the ${recorded.error.message}`, { by: by.who })
    return saved
  }

  /** A store read whose value is checked again: only a valid address counts as stored. */
  private async readChecked(): Promise<Result<string>> {
    const result = await this.store.read()
    if (!result.ok || result.value === '') return result
    const problem = viewerUrlProblem(result.value)
    return problem ? fail(`the stored value is not a valid viewer URL: ${problem}`) : result
  }

  private async readForPages(): Promise<Result<string>> {
    const result = await this.readChecked()
    if (!result.ok) {
      log.error('settings', `Error getting URL: ${result.error.message}`)
      // Keep serving the last known value (or the default) instead of asking on every request.
      this.cache.remember(this.cache.last() ?? '', RETRY_AFTER_FAILURE_MS)
    }
    return result
  }
}

/** The address pages render. A settings store that cannot run logs and renders the default. */
export async function viewerUrlForPage(service: Result<ViewerUrlService>, ctx: WaitUntil): Promise<string> {
  if (service.ok) return service.value.forPage(ctx)
  log.error('settings', `Error getting URL: ${service.error.message}`)
  return withDefault('')
}
