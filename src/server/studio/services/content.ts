/**
 * The studio's content service: what the site shows (current), a draft in place of the live
 * edition (preview), and the studio's verbs: open, check, save, publish, schedule, restore.
 *
 * Freshness at no cost to a cached page: every publish bumps a stamp in D1; each isolate keeps the
 * stamp 1 s in memory and its location shares it 30 s through the Cache API (a SharedValue), and
 * keeps the site built for that stamp. Cached pages are keyed by the stamp (platform/render/page-cache.ts),
 * so once a location knows the new stamp it never serves a page of the old edition; a page view
 * that hits the cache reads no database. The isolate that publishes, and its location, know it at
 * once; a far location within 30 s.
 */
import type { Edition } from '../../../lib/edition'
import { log } from '../../../lib/log'
import { ok, refuse, type Result } from '../../../lib/result'
import { pagePaths } from '../../../pages/page-table'
import type { DocumentState } from '../../../schemas/studio-records'
import { stateOf, type ContentStore, type DocumentRow, type SavedDraft } from '../storage/content'
import { StampedCache, type Alerts, type SharedValue, type Stamped } from '../../platform'
import type { PageWeigher } from './composed-pages'
import { kindModule } from '../kinds'
import { buildSite, type CompileMemo, type ContentDefaults, type SiteContent } from './content-build'
import { saveProblems } from './content-check'
import { defaultsOf, editionOf, lendLocale, valuesOf } from './document-values'

export type { SiteContent } from './content-build'

/** A draft as a save wrote it: its edition, version, and whether it ended a scheduled publish. */
export type WrittenDraft = SavedDraft & { edition: Edition }

/** The stamp is trusted 1 s from memory, 30 s from the location's shared entry. */
export const STAMP_TTL = { memoryMs: 1_000, edgeSeconds: 30 }

/** This isolate's share of the content: the stamp, the site built for it, compiled posts. */
export class ContentCache {
  readonly site = new StampedCache<SiteContent>()
  readonly compiled: CompileMemo = new Map()
  /** Documents whose unfitting edition was alerted, per stamp: one alert each. */
  readonly alerted = new Set<string>()
  constructor(readonly stamp: SharedValue) {}
}

/** A document as the studio opens it. */
export interface DocumentView {
  doc: string
  /** Each root's value: the draft, else the live edition, over the repository's copy. */
  value: Record<string, unknown>
  /** The draft version a save or publish starts from (0: never saved). */
  version: number
  row: DocumentRow | null
  state: DocumentState | null
}

export class ContentService {
  constructor(
    private readonly store: ContentStore,
    private readonly defaults: ContentDefaults,
    private readonly cache: ContentCache,
    private readonly alerts: Alerts,
  ) {}

  /** The site as visitors see it now. Never fails: without D1 it is the last known, or the defaults. */
  async current(): Promise<SiteContent> {
    const { copy, posts } = this.defaults
    return this.cache.site.current(
      await this.knownStamp(),
      () => this.built(),
      (reason, known) => {
        log.error('content', 'live editions not read', { reason })
        return known ?? { stamp: 0, copy, posts, pages: [], gonePages: [] }
      },
    )
  }

  /** The site built from the live editions, at their stamp: an edition that no longer fits is left out, and alerted once. */
  private async built(): Promise<Result<Stamped<SiteContent>>> {
    const live = await this.store.live()
    if (!live.ok) return live
    const { site, rejected } = await buildSite(
      this.defaults,
      live.value,
      live.value.stamp,
      this.cache.compiled,
    )
    for (const { doc, fields } of rejected) {
      const key = `${site.stamp} ${doc}`
      if (this.cache.alerted.has(key)) continue
      this.cache.alerted.add(key)
      log.warn('content', 'published edition left out: it no longer fits', { doc, fields })
      await this.alerts.send({ event: 'content.invalid', reason: `${doc}: ${fields.join(', ')}` })
    }
    return ok({ stamp: site.stamp, value: site })
  }

  /**
   * The site with one document's draft in place of its live edition: what Preview shows; with
   * `value`, that value as the draft (a save not made yet: what the publish gate weighs).
   */
  async preview(doc: string, value?: Record<string, unknown>): Promise<Result<SiteContent>> {
    const live = this.store.live() // read beside the row
    const row = await this.store.document(doc)
    if (!row.ok) return row
    const draft = value ? editionOf(this.defaults, doc, value) : (row.value?.draft ?? row.value?.published)
    return this.liveWith(new Map(draft ? [[doc, draft]] : []), doc, live)
  }

  /**
   * The live site with `editions` in place of their documents' live ones (what a visitor in an
   * experiment's arms sees, experiments/services/experiments.ts), at the stamp it was read at; with `preview`,
   * that document shown even if it was taken off, at stamp -1 (never cached).
   */
  async liveWith(editions: ReadonlyMap<string, Edition>, preview?: string, reading = this.store.live()) {
    const live = await reading
    if (!live.ok) return live
    const hidden = new Set([...live.value.hidden].filter((doc) => doc !== preview))
    const all = { ...live.value, editions: new Map([...live.value.editions, ...editions]), hidden }
    return ok(
      (await buildSite(this.defaults, all, preview ? -1 : live.value.stamp, this.cache.compiled)).site,
    )
  }

  /** Where each document that has a row stands, by name. */
  async states(): Promise<Result<Map<string, DocumentState>>> {
    const rows = await this.store.documents()
    if (!rows.ok) return rows
    return ok(new Map(rows.value.map((row) => [row.doc, stateOf(row)!])))
  }

  /** A document as the editor starts from it; null for a post or a page that does not exist. */
  async open(doc: string): Promise<Result<DocumentView | null>> {
    const row = await this.store.document(doc)
    if (!row.ok) return row
    const base = this.defaultsOf(doc)
    if (!base) return ok(null)
    const edition = row.value?.draft ?? row.value?.published ?? {}
    if (!row.value && !kindModule(doc).opens(base)) return ok(null)
    return ok({
      doc,
      value: this.valuesOf(doc, edition)!,
      version: row.value?.draftVersion ?? 0,
      row: row.value,
      state: stateOf(row.value),
    })
  }

  /** Why these values cannot be saved, by field path (empty: they can): content-check.ts saveProblems. */
  check(doc: string, value: Record<string, unknown>, weigh?: PageWeigher): Promise<Record<string, string>> {
    const served = async () => pagePaths(await this.current())
    // The defaults carry what the console lent them: a landing page's English, for its translation.
    const site = { served, defaults: this.defaults, preview: () => this.preview(doc, value) }
    return saveProblems(doc, value, site, weigh)
  }

  /**
   * Checks the values once (with `weigh`, as `check`) and saves them as a draft over `version`:
   * what it wrote, its new version, and whether that ended a scheduled publish (a schedule publishes
   * the version scheduled, never a later one). Refused as invalid with the problems by field, or
   * as stale when another save came first.
   */
  async save(
    doc: string,
    value: Record<string, unknown>,
    version: number,
    by: string,
    weigh?: PageWeigher,
  ): Promise<Result<WrittenDraft, 'stale' | 'invalid'>> {
    const edition = editionOf(this.defaults, doc, value)
    const fields = await this.check(doc, value, weigh)
    if (Object.keys(fields).length) return refuse('invalid', { fields })
    if (!edition) return refuse('invalid')
    const saved = await this.store.saveDraft(doc, edition, version, by, new Date().toISOString())
    if (!saved.ok) return saved
    return saved.value === null ? refuse('stale') : ok({ ...saved.value, edition })
  }

  /** Makes a draft live as its save wrote it, read from no row; stale when it was saved again since. */
  publishSaved(doc: string, saved: WrittenDraft, by: string): Promise<Result<boolean, 'stale'>> {
    return this.goLive({ doc, edition: saved.edition, by, at: now(), draftVersion: saved.version })
  }

  /** Makes the draft saved at `version` live. */
  async publish(doc: string, version: number, by: string): Promise<Result<boolean, 'stale'>> {
    const row = await this.store.document(doc)
    if (!row.ok) return row
    if (!row.value?.draft) return ok(false)
    if (row.value.draftVersion !== version) return refuse('stale')
    return this.goLive({ doc, edition: row.value.draft, by, at: now(), draftVersion: version })
  }

  /** Makes an edition live as it is (a restore, a scheduled publish, a revert). */
  async goLive(publish: Parameters<ContentStore['publish']>[0]): Promise<Result<boolean, 'stale'>> {
    const published = await this.store.publish(publish)
    if (!published.ok) return published
    if (!published.value) return refuse('stale')
    await this.stampChanged()
    return ok(true)
  }

  /** Publishes every scheduled draft that is due (the Cron Trigger, every minute). */
  async publishDue(at: Date): Promise<Result<number>> {
    const due = await this.store.due(at.toISOString())
    if (!due.ok) return due
    let published = 0
    for (const row of due.value) {
      if (!row.draft) continue
      const done = await this.goLive({
        doc: row.doc,
        edition: row.draft,
        by: row.publishBy ?? 'schedule',
        at: now(),
        note: 'scheduled',
      })
      if (done.ok && done.value) published++
    }
    return ok(published)
  }

  schedule(doc: string, at: Date, version: number, by: string) {
    return this.store.schedule(doc, at.toISOString(), by, version)
  }

  cancelSchedule(doc: string) {
    return this.store.cancelSchedule(doc)
  }

  async unpublish(doc: string, by: string): Promise<Result<boolean>> {
    const done = await this.store.unpublish(doc, by, now())
    if (done.ok && done.value) await this.stampChanged()
    return done
  }

  /**
   * The documents whose live edition or draft (scheduled or not) holds `needle` (a library
   * picture's address): what a delete must not break, nor a publish later (review U6; the arms of
   * running experiments are the experiment desk's `showing`). Read from D1 itself, not this isolate's copy of the
   * site, which may not know yet of a publish at another location (review T15). The repository's
   * copy holds no library picture. History does not hold a picture: Restore refuses a revision
   * that shows one deleted since (studio/services/content-history.ts).
   */
  async showing(needle: string): Promise<Result<string[]>> {
    const rows = await this.store.documents()
    if (!rows.ok) return rows
    const shows = (value: unknown) => JSON.stringify(value ?? null).includes(needle)
    const places = rows.value.filter((row) => (!row.unpublished && shows(row.published)) || shows(row.draft))
    return ok([...new Set(places.map((row) => row.doc))])
  }

  /** Lends the defaults what a locale edition applies to (document-values.ts lendLocale). */
  lendLocale(doc: string): Promise<void> {
    return lendLocale(this.defaults, doc, (source) => this.store.document(source))
  }

  /** The repository's copy of each root of a document, or undefined for none (studio/services/document-values.ts). */
  defaultsOf(doc: string): Record<string, unknown> | undefined {
    return defaultsOf(this.defaults, doc)
  }

  /** Each root's value under an edition; undefined for an unknown document. */
  valuesOf(doc: string, edition: Edition): Record<string, unknown> | undefined {
    return valuesOf(this.defaults, doc, edition)
  }

  /** The stamp as this location knows it: memory, else the shared entry, else D1 (redirects follow it too). */
  async knownStamp(): Promise<number | undefined> {
    const shared = this.cache.stamp
    const known = shared.fresh() ?? (await shared.fromEdge())
    if (known !== undefined) return Number(known)
    const read = await shared.refresh(async () => {
      const stamp = await this.store.stamp()
      return stamp.ok ? ok(String(stamp.value)) : stamp
    })
    return read.ok ? Number(read.value) : undefined
  }

  /** After a publish or a redirect saved here: this isolate and its location know the new stamp at once. */
  async stampChanged(): Promise<void> {
    const stamp = await this.store.stamp()
    if (stamp.ok) await this.cache.stamp.saved(String(stamp.value))
  }
}

const now = () => new Date().toISOString()
