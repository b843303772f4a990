/**
 * The console's redirects (issue 47): the isolate's table of every rule, read again when the
 * content stamp moves (a change here bumps it, so it is live within the studio's freshness: at
 * once here, within 1 s at this location, 30 s at a far one, with no deploy), and the checks a new
 * rule must pass. A rule answers only a path the site would answer 404 (src/worker.ts), so it can
 * never hide a page; taking a served address is refused all the same, since it would do nothing.
 */
import {
  isPattern,
  localPath,
  nearestOf,
  type MissedAddress,
  RedirectTable,
  ruleOf,
  withoutSlash,
  type RedirectRule,
  type SavedRedirect,
} from '../../../lib/redirect-rules'
import { log } from '../../../lib/log'
import { ok, type Result } from '../../../lib/result'
import type { RedirectRefusal } from '../../../schemas/admin-outcomes'
import type { RedirectStore } from '../storage/redirects'
import { type TrafficStore, FROM_SEPARATOR } from '../../traffic'
import { StampedCache } from '../../platform'
import type { ContentService } from './content'
import { checkAgainst } from './redirect-checks'

/** This isolate's rules, as the table each 404 asks, and the stamp they were read at. */
export class RedirectCache extends StampedCache<RedirectTable<SavedRedirect>> {}

export { WORKER_ADDRESSES } from './redirect-checks'

/** How many 404 addresses the inbox shows, most hits first. */
export const INBOX_SIZE = 50

/** What a new rule comes to: saved (and which older rules now send where it does), or refused. */
export type RedirectVerdict =
  | { saved: true; rule: RedirectRule; repointed: string[] }
  | { saved: false; code: RedirectRefusal; offer?: RedirectRule; other?: string }

export class RedirectService {
  constructor(
    private readonly store: RedirectStore,
    private readonly content: ContentService,
    private readonly cache: RedirectCache,
  ) {}

  /** Where `path` is sent, if a rule takes it. Never fails: without D1 it uses the last rules known. */
  async lookup(path: string): Promise<{ location: string; status: number } | null> {
    const found = (await this.table()).match(path)
    return found && { location: found.location, status: found.rule.status }
  }

  /** A page of the console's list: by old address, after `after`, starting with `prefix`. */
  page(after: string, limit: number, prefix: string) {
    return this.store.page(after, limit, prefix)
  }

  count() {
    return this.store.count()
  }

  /** Every rule, by old address (the CSV export). */
  async all(): Promise<Result<SavedRedirect[]>> {
    const all = await this.store.all()
    return all.ok ? ok(all.value.rules.sort((a, b) => (a.from < b.from ? -1 : 1))) : all
  }

  /**
   * Saves a rule typed in the console, or says why not. `served` is every address the site shows
   * now (its pages and posts). A rule whose old address others send to makes them send to its
   * target instead, so no chain is left.
   */
  async add(
    input: { from: string; to: string; status: string },
    served: string[],
    by: string,
  ): Promise<Result<RedirectVerdict>> {
    const rule = ruleOf(input)
    if (typeof rule === 'string') return ok({ saved: false, code: rule })
    const all = await this.store.all()
    if (!all.ok) return all
    const others = all.value.rules.filter((other) => other.from !== rule.from)
    const refusal = checkAgainst(rule, others, served)
    if (refusal) return ok({ saved: false, ...refusal })
    const feeding = isPattern(rule.from) ? [] : others.filter((other) => localPath(other.to) === rule.from)
    const repointed = feeding.map((other) => ({ ...other, to: rule.to }))
    const saved = await this.store.save([rule, ...repointed], by, new Date().toISOString())
    if (!saved.ok) return saved
    await this.content.stampChanged()
    return ok({ saved: true, rule, repointed: repointed.map((other) => other.from) })
  }

  /**
   * The 404 inbox: the addresses visitors hit over 30 days that still answer 404 (no rule takes
   * them, no page has come to serve them, nobody chose Ignore), most hits first, each with the
   * served address nearest it. From the traffic counter's 404 paths, so the same per-client bounds
   * keep a scanner's guesses out of it as out of traffic.
   */
  async inbox(traffic: TrafficStore, served: string[], now = Date.now()): Promise<Result<MissedAddress[]>> {
    const day = (daysAgo: number) => new Date(now - daysAgo * 86_400_000).toISOString().slice(0, 10)
    const [read, ignored, table] = await Promise.all([
      traffic.rows(day(29), day(0), ['not-found', 'not-found-from']),
      this.store.ignored(),
      this.table(),
    ])
    if (!read.ok) return read
    if (!ignored.ok) return ignored
    const rows = read.value.filter((row) => row.dimension === 'not-found')
    const sources = read.value.filter((row) => row.dimension === 'not-found-from')
    const weekFrom = day(6)
    const hits = new Map<string, { week: number; month: number }>()
    for (const row of rows) {
      const seen = hits.get(row.value) ?? { week: 0, month: 0 }
      seen.month += row.views
      if (row.day >= weekFrom) seen.week += row.views
      hits.set(row.value, seen)
    }
    // Each path's linking page with the most hits over the 30 days (views summed across days).
    const perSource = new Map<string, number>()
    for (const row of sources) perSource.set(row.value, (perSource.get(row.value) ?? 0) + row.views)
    const topReferrers = new Map<string, { page: string; views: number }>()
    for (const [value, views] of perSource) {
      const [path = '', page = ''] = value.split(FROM_SEPARATOR)
      const top = topReferrers.get(path)
      if (!top || views > top.views || (views === top.views && page < top.page))
        topReferrers.set(path, { page, views })
    }
    const open = [...hits].filter(
      ([path]) => !ignored.value.has(path) && !served.includes(withoutSlash(path)) && !table.match(path),
    )
    return ok(
      open
        .sort(([a, x], [b, y]) => y.month - x.month || y.week - x.week || (a < b ? -1 : 1))
        .slice(0, INBOX_SIZE)
        .map(([path, { week, month }]) => ({
          path,
          week,
          month,
          from: topReferrers.get(path)?.page ?? null,
          nearest: nearestOf(path, served),
        })),
    )
  }

  /** Leaves a 404 address out of the inbox. */
  ignore(path: string, by: string) {
    return this.store.ignore(path, by, new Date().toISOString())
  }

  /** Saves rules already checked (an import's plan), in one batch with the stamp. */
  async saveMany(rules: RedirectRule[], by: string): Promise<Result<void>> {
    if (!rules.length) return ok(undefined)
    const saved = await this.store.save(rules, by, new Date().toISOString())
    if (saved.ok) await this.content.stampChanged()
    return saved
  }

  /** Deletes the rule for an old address: whether there was one. */
  async remove(from: string): Promise<Result<boolean>> {
    const removed = await this.store.remove(from)
    if (removed.ok && removed.value) await this.content.stampChanged()
    return removed
  }

  /** The table for the stamp this location knows; the last one known if D1 cannot be read. */
  private async table(): Promise<RedirectTable<SavedRedirect>> {
    return this.cache.current(
      await this.content.knownStamp(),
      async () => {
        const all = await this.store.all()
        return all.ok ? ok({ stamp: all.value.stamp, value: new RedirectTable(all.value.rules) }) : all
      },
      (reason, known) => {
        log.error('redirects', 'redirects not read', { reason })
        return known ?? new RedirectTable([])
      },
    )
  }
}
