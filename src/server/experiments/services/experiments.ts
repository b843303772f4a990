/**
 * Experiments at the edge (issue 46): which arm of each running experiment a visitor sees, decided
 * inside the render before the first byte, with no cookie and no script. The arm is a hash of the
 * experiment and the day's visitor hash the traffic counter computes (traffic/services/traffic.ts), so a
 * visitor keeps it for the UTC day, and the contact door finds the same arm again from the same
 * request headers. Bots see the live site; prerenders and previews are never counted.
 *
 * The running experiments are read again when the content stamp moves (a start or stop bumps it),
 * as redirects are: live at once here, within the studio's freshness everywhere.
 */
import { EDITABLE_DOCUMENTS } from '../../../content/documents'
import { slugOf } from '../../../lib/document-kinds'
import type { Edition } from '../../../lib/edition'
import { localeOfDocument } from '../../../lib/locale-documents'
import { DEFAULT_LOCALE, localePath } from '../../../lib/locales'
import { cookieValue, rememberedArms, signedCookieValue } from '../../../lib/experiment-cookie'
import { armOf } from '../../../lib/experiment-stats'
import { log } from '../../../lib/log'
import { ok } from '../../../lib/result'
import type { Experiment } from '../../../schemas/experiments'
import type { SiteContent } from '../../../schemas/site-copy'
import type { ExperimentStore, Exposure } from '../storage/experiments'
import { StampedCache, type KeyRing, type WaitUntil } from '../../platform'
import type { ContentService } from '../../studio'
import { BOT_AGENT, notAView, type TrafficCounter, type ViewRequest } from '../../traffic'

/** This isolate's running experiments for the stamp they were read at, and exposures it wrote today. */
export class ExperimentCache {
  readonly running = new StampedCache<Experiment[]>()
  /** Exposures written by this isolate (`experiment day visitor`): a reload writes nothing. */
  readonly written = new Set<string>()
  day = ''
  /** The site with each set of arms in place, by stamp and arms: built once per stamp here. */
  readonly sites = new Map<string, SiteContent>()
  /** Whether the site owner turned the cookie on (read with the running experiments). */
  cookie = false
}

const WRITTEN_KEPT = 20_000

/** A visitor's arms today: each running experiment they are in, and the arm shown. */
export interface Assignment {
  day: string
  visitor: string
  client: string
  /** The day's salted hash of the visitor's network (address or IPv6 /48): exposures are bounded by it. */
  network: string
  arms: { experiment: Experiment; arm: number }[]
  /** The cookie to set (signed) when it is on and the visitor's does not hold these arms yet. */
  cookie: string | null
}

/** The locale a document's words are shown in: a locale edition's (`home-hero@de`), else the default. */
const localeOfTested = (doc: string) => localeOfDocument(doc)?.code ?? DEFAULT_LOCALE

/** The addresses where a document is seen (a locale edition's under its locale): where its exposures are counted. */
export function exposurePaths(doc: string): readonly string[] {
  const source = localeOfDocument(doc)?.source ?? doc
  const slug = slugOf(source)
  const paths =
    slug !== undefined
      ? [`/${slug}`]
      : EDITABLE_DOCUMENTS.filter((document) => document.id === source).map((document) => document.page)
  return paths.map((path) => localePath(localeOfTested(doc), path))
}

const toPairs = (arms: Map<string, number>) => [...arms].map(([id, arm]) => ({ id, arm }))

/**
 * The arms that change a page in `locale`: those of experiments on that locale's documents only, so
 * an experiment on the English hero never touches /de/, nor one on its German edition the English page.
 */
const shownIn = (assignment: Assignment, locale: string) =>
  assignment.arms.filter(
    ({ experiment, arm }) =>
      experiment.arms[arm]?.edition != null && localeOfTested(experiment.doc) === locale,
  )

export class Experiments {
  constructor(
    private readonly store: ExperimentStore,
    private readonly content: ContentService,
    /** The counter whose visitor hash assigns arms; without one, everyone sees the live site. */
    private readonly traffic: TrafficCounter | null,
    private readonly cache: ExperimentCache,
    /** Where the cookie's signing key is (made once in D1, as the form token's). */
    private readonly keys: KeyRing,
    private readonly now: () => number = Date.now,
  ) {}

  /** The keys a cookie may be signed with, the one to sign with first (this isolate's own while D1 cannot give it). */
  private async cookieKeys(): Promise<string[]> {
    const shared = await this.keys.get('experiment-cookie')
    if (!shared.ok) log.warn('experiments', `cookie signed with this isolate's key: ${shared.error.message}`)
    return shared.ok ? [shared.value, this.keys.fallback()] : [this.keys.fallback()]
  }

  /** The running experiments for the stamp this location knows; the last ones known if D1 cannot be read. */
  async running(): Promise<Experiment[]> {
    const { cache } = this
    return cache.running.current(
      await this.content.knownStamp(),
      async () => {
        const read = await this.store.running()
        if (!read.ok) return read
        cache.cookie = read.value.cookie
        return ok({ stamp: read.value.stamp, value: read.value.experiments })
      },
      (reason, known) => {
        log.error('experiments', 'running experiments not read', { reason })
        return known ?? []
      },
    )
  }

  /** The versions this request's visitor is shown on the page at `path` (a field speed beacon's). */
  async shownOn(headers: Headers, url: URL, path: string): Promise<{ experiment: string; arm: number }[]> {
    const assignment = await this.assign(headers, url)
    return (assignment?.arms ?? [])
      .filter(({ experiment }) => exposurePaths(experiment.doc).includes(path))
      .map(({ experiment, arm }) => ({ experiment: experiment.id, arm }))
  }

  /** Whether versions are remembered in a cookie (the privacy page says which). */
  async cookieOn(): Promise<boolean> {
    await this.running()
    return this.cache.cookie
  }

  /** The arms this request's visitor sees; null when no experiment runs or for a bot. */
  async assign(headers: Headers, url: URL): Promise<Assignment | null> {
    const running = await this.running()
    if (running.length === 0 || !this.traffic) return null
    if (BOT_AGENT.test(headers.get('User-Agent') ?? '')) return null
    const visitor = await this.traffic.visitorOf(headers, url)
    if (!visitor.ok) return null
    // With the cookie on, a version it remembers wins over the day's hash, when this site signed it.
    const keys = this.cache.cookie ? await this.cookieKeys() : []
    const remembered = this.cache.cookie
      ? await rememberedArms(headers.get('Cookie'), keys, this.now())
      : new Map<string, number>()
    const arms: Assignment['arms'] = []
    for (const experiment of running) {
      const weights = experiment.arms.map((arm) => arm.weight)
      const kept = remembered.get(experiment.id)
      const arm =
        kept !== undefined && kept < experiment.arms.length
          ? kept
          : armOf(experiment.id, visitor.value.visitor, weights, experiment.share)
      if (arm !== null) arms.push({ experiment, arm })
    }
    const value = cookieValue(arms.map(({ experiment, arm }) => ({ id: experiment.id, arm })))
    const cookie =
      this.cache.cookie && value && value !== cookieValue(toPairs(remembered))
        ? await signedCookieValue(value, keys[0]!, this.now())
        : null
    return { ...visitor.value, arms, cookie }
  }

  /**
   * The site as this visitor sees it on a page in `locale`, when an arm changes it, with the arms'
   * key (the page cache's key part); null for the live site (or D1 unread).
   */
  async contentFor(
    assignment: Assignment | null,
    locale = DEFAULT_LOCALE,
  ): Promise<{ site: SiteContent; key: string } | null> {
    const arms = assignment ? shownIn(assignment, locale) : []
    if (arms.length === 0) return null
    const key = arms.map(({ experiment, arm }) => `${experiment.id}:${arm}`).join(',')
    const { sites } = this.cache
    // Kept under the stamp this location knows, which the next view asks with (the site may have
    // been read at a newer one: it is then built once more when the location catches up).
    const known = `${(await this.content.current()).stamp} `
    const found = sites.get(known + key)
    if (found) return { site: found, key }
    const editions = new Map<string, Edition>()
    for (const shown of arms) editions.set(shown.experiment.doc, shown.experiment.arms[shown.arm]!.edition!)
    const built = await this.content.liveWith(editions)
    if (!built.ok) return null
    for (const cached of sites.keys()) if (!cached.startsWith(known)) sites.delete(cached)
    sites.set(known + key, built.value)
    return { site: built.value, key }
  }

  /**
   * Counts a person's view of a page that shows a tested document as an exposure of its arm, after
   * the response, as a view is counted: never a bot, a prerender or a tool (traffic/services/traffic.ts),
   * and only when the view counter counted the view (`counted`: VIEW_LIMITER's per-client bound, the
   * same for exposures as for views). D1 then bounds the visitors per network (VISITORS_PER_NETWORK).
   */
  expose(request: ViewRequest, ctx: WaitUntil, counted: Promise<boolean>, shown?: Assignment | null): void {
    if (!this.traffic || shown === null || this.cache.running.last?.length === 0 || notAView(request)) return
    ctx.waitUntil(this.exposeNow(request, counted, shown))
  }

  /** `shown`: the arms the render chose for this request, else found again (an activated prerender's beacon). */
  private async exposeNow(
    request: ViewRequest,
    counted: Promise<boolean>,
    shown?: Assignment,
  ): Promise<void> {
    if (!(await counted)) return
    const url = new URL(request.url)
    const path = request.page ?? url.pathname
    const assignment = shown ?? (await this.assign(request.headers, url))
    if (!assignment) return
    const { day, visitor, network } = assignment
    const { cache } = this
    if (cache.day !== day) {
      cache.day = day
      cache.written.clear()
    }
    const fresh: Exposure[] = assignment.arms
      .filter(({ experiment }) => exposurePaths(experiment.doc).includes(path))
      .map(({ experiment, arm }) => ({ experiment: experiment.id, day, visitor, arm, network }))
      .filter((exposure) => !cache.written.has(`${exposure.experiment} ${day} ${visitor}`))
    if (fresh.length === 0) return
    if (cache.written.size >= WRITTEN_KEPT) cache.written.clear()
    for (const exposure of fresh) cache.written.add(`${exposure.experiment} ${day} ${visitor}`)
    const written = await this.store.expose(fresh)
    if (!written.ok) {
      for (const exposure of fresh) cache.written.delete(`${exposure.experiment} ${day} ${visitor}`)
      log.error('experiments', 'exposures not counted', { reason: written.error.message })
    }
  }

  /**
   * A counted form start on the page at `path` (issue 63), after the answer: the visitor's first
   * start of the day in each running experiment showing that page, for the arm exposed to them.
   * Only a visitor already exposed can start, and only once (experiments/storage/experiments.ts start).
   */
  started(headers: Headers, url: URL, path: string, ctx: WaitUntil, counted: Promise<boolean>): void {
    if (!this.traffic || this.cache.running.last?.length === 0) return
    ctx.waitUntil(this.startNow(headers, url, path, counted))
  }

  private async startNow(headers: Headers, url: URL, path: string, counted: Promise<boolean>) {
    if (!(await counted) || !this.traffic) return
    const ids = (await this.running())
      .filter((experiment) => exposurePaths(experiment.doc).includes(path))
      .map((experiment) => experiment.id)
    if (ids.length === 0) return
    const visitor = await this.traffic.visitorOf(headers, url)
    if (!visitor.ok) return
    const done = await this.store.start(ids, visitor.value.day, visitor.value.visitor)
    if (!done.ok) log.error('experiments', 'form start not counted', { reason: done.error.message })
  }

  /**
   * Credits a lead to the arm each running experiment showed its visitor today (found again from
   * the request, as the render found it). A lead whose visitor saw no tested page is credited to none.
   */
  async credit(leadId: string, headers: Headers, url: URL): Promise<void> {
    const running = await this.running()
    if (running.length === 0 || !this.traffic) return
    const visitor = await this.traffic.visitorOf(headers, url)
    if (!visitor.ok) return
    const ids = running.map((experiment) => experiment.id)
    const credited = await this.store.credit(leadId, ids, visitor.value.day, visitor.value.visitor)
    if (!credited.ok)
      log.error('experiments', 'lead not credited', { leadId, reason: credited.error.message })
    else if (credited.value) log.info('experiments', 'lead credited', { leadId, experiments: credited.value })
  }

  /** The 10-minute sweep: yesterday's exposures go (their counts stay). */
  async foldPastDays(now: Date): Promise<void> {
    const folded = await this.store.fold(now.toISOString().slice(0, 10))
    if (!folded.ok) log.error('experiments', 'exposures not folded', { reason: folded.error.message })
  }
}
