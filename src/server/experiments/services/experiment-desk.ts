/**
 * The console's verbs on experiments (/admin/experiments): make one from a document's saved draft,
 * add an arm, plan, start, stop, make an arm live, and the results. An arm is an edition of the
 * document, edited in the studio's own forms: arm B is the draft saved when the experiment was
 * made. The statistics are lib/experiment-verdict.ts's (docs/experiments.md).
 */
import type { Edition } from '../../../lib/edition'
import { testPlan } from '../../../lib/experiment-verdict'
import { ok, refuse, type Result } from '../../../lib/result'
import type { ExperimentRefusal } from '../../../schemas/admin-outcomes'
import {
  MAX_ARMS,
  type Experiment,
  type ExperimentPlan,
  type ExperimentResults,
} from '../../../schemas/experiments'
import type { ExperimentStore } from '../storage/experiments'
import { libraryIdsOf } from '../../studio'
import type { ContentService, MediaStore, PageDesk, PageWeigher, PostDesk } from '../../studio'
import { ASSUMED_RATE, resultsOf } from './experiment-results'
import { exposurePaths } from './experiments'
import { testableDocuments, testableNow } from './testable-editions'

type Refused<T> = Result<T, ExperimentRefusal>

/** The control's share first: 50/50, 80/20 or 90/10. */
export const SPLITS = { '50': [1, 1], '80': [4, 1], '90': [9, 1] } as const
const LETTERS = 'ABCD'

export interface NewExperiment {
  name: string
  doc: string
  split: string
  /** Percent of visitors in the experiment at all, 1–100. */
  share: number
  /** The smallest lift worth knowing, in percent, 1–500. */
  minLift: number
}

const sameEdition = (a: Edition | null, b: Edition | null) => JSON.stringify(a) === JSON.stringify(b)

export class ExperimentDesk {
  constructor(
    private readonly store: ExperimentStore,
    private readonly content: ContentService,
    /** The site's 30 days: leads per visitor, and visitors a day at a path (traffic/services/traffic-report.ts). */
    private readonly history: () => Promise<Result<{ rate: number | null; visitorsAt: Map<string, number> }>>,
    private readonly pictures: Pick<MediaStore, 'get'>,
    /** The studio's lists of posts and landing pages: documents an experiment can test, beside the copy's. */
    private readonly listings: { posts: Pick<PostDesk, 'list'>; landingPages: Pick<PageDesk, 'list'> },
  ) {}

  /**
   * The versions of running experiments that show `needle` (a library picture's address): a
   * visitor may be shown one at any moment, so a delete must not break it (review U6). A draft
   * experiment shows nobody; its start checks its versions as they stand then.
   */
  async showing(needle: string): Promise<Result<{ experiment: string; arm: string }[]>> {
    const running = await this.store.running()
    if (!running.ok) return running
    return ok(
      running.value.experiments.flatMap((experiment) =>
        experiment.arms
          .filter((arm) => arm.edition && JSON.stringify(arm.edition).includes(needle))
          .map((arm) => ({ experiment: experiment.name, arm: arm.name })),
      ),
    )
  }

  /**
   * Whether an arm passes the studio's checks as they stand now: its values (with `weigh`, a landing
   * page's publish gate too), and every library picture it shows still in the library.
   */
  private async armPasses(
    experiment: Experiment,
    edition: Edition,
    weigh?: PageWeigher,
  ): Promise<Result<boolean>> {
    await this.content.lendLocale(experiment.doc)
    const values = this.content.valuesOf(experiment.doc, edition)
    if (!values) return ok(false)
    if (Object.keys(await this.content.check(experiment.doc, values, weigh)).length) return ok(false)
    for (const id of libraryIdsOf(edition)) {
      const found = await this.pictures.get(id)
      if (!found.ok) return found
      if (!found.value) return ok(false)
    }
    return ok(true)
  }

  list() {
    return this.store.list()
  }

  /**
   * The posts and landing pages an experiment can test (the copy's documents are EDITABLE_DOCUMENTS),
   * and the editions in other locales visitors see now.
   */
  testable() {
    return testableDocuments(this.listings, this.content)
  }

  /** Turns the cookie on or off; every location follows within the studio's freshness. */
  async setCookie(on: boolean): Promise<Result<unknown>> {
    const saved = await this.store.setCookie(on)
    if (saved.ok) await this.content.stampChanged()
    return saved
  }

  find(id: string) {
    return this.store.find(id)
  }

  /**
   * The document's saved draft, which becomes the next arm; refused when it has none, and for an
   * edition in another locale that visitors do not see (a post's or a page's never published).
   */
  private async draftOf(doc: string): Promise<Refused<Edition>> {
    if (!(await testableNow(this.content, doc))) return refuse('unknown-document')
    const view = await this.content.open(doc)
    if (!view.ok) return view
    if (!view.value) return refuse('unknown-document')
    const draft = view.value.row?.draft
    return draft ? ok(draft) : refuse('no-draft')
  }

  async create(input: NewExperiment, by: string): Promise<Refused<Experiment>> {
    const name = input.name.trim()
    if (!name || name.length > 100) return refuse('bad-name')
    const weights = SPLITS[input.split as keyof typeof SPLITS]
    if (!weights) return refuse('bad-split')
    if (!(input.share >= 1 && input.share <= 100)) return refuse('bad-share')
    if (!(input.minLift >= 1 && input.minLift <= 500)) return refuse('bad-lift')
    const draft = await this.draftOf(input.doc)
    if (!draft.ok) return draft
    const experiment: Experiment = {
      id: crypto.randomUUID().slice(0, 8),
      name,
      doc: input.doc,
      arms: [
        { name: 'A', weight: weights[0], edition: null },
        { name: 'B', weight: weights[1], edition: draft.value },
      ],
      share: input.share / 100,
      minLift: input.minLift / 100,
      baseRate: null,
      status: 'draft',
      by,
      at: new Date().toISOString(),
      startedAt: null,
      stoppedAt: null,
      promoted: null,
    }
    const saved = await this.store.create(experiment)
    return saved.ok ? ok(experiment) : saved
  }

  /** Adds the document's draft as the next arm (the split becomes even); only before the start. */
  async addArm(experiment: Experiment): Promise<Refused<Experiment>> {
    if (experiment.status !== 'draft') return refuse('not-draft')
    if (experiment.arms.length >= MAX_ARMS) return refuse('too-many-arms')
    const draft = await this.draftOf(experiment.doc)
    if (!draft.ok) return draft
    if (experiment.arms.some((arm) => sameEdition(arm.edition, draft.value))) return refuse('same-as-arm')
    const arms = [
      ...experiment.arms.map((arm) => ({ ...arm, weight: 1 })),
      { name: LETTERS[experiment.arms.length]!, weight: 1, edition: draft.value },
    ]
    const saved = await this.store.setArms(experiment.id, arms)
    if (!saved.ok) return saved
    return saved.value ? ok({ ...experiment, arms }) : refuse('not-draft')
  }

  /** What a test of this document needs, from the site's last 30 days; null when they cannot be read. */
  async plan(experiment: Experiment): Promise<ExperimentPlan | null> {
    const history = await this.history()
    if (!history.ok) return null
    const rate = history.value.rate || ASSUMED_RATE
    const daily = exposurePaths(experiment.doc).reduce(
      (n, path) => n + (history.value.visitorsAt.get(path) ?? 0),
      0,
    )
    const { visitorsPerArm, weeks } = testPlan({
      rate,
      dailyVisitors: daily,
      minLift: experiment.minLift,
      share: experiment.share,
      weights: experiment.arms.map((arm) => arm.weight),
    })
    return { rate, dailyVisitors: daily, visitorsPerArm, weeks }
  }

  /**
   * Starts it when every arm passes the studio's checks (with `weigh`, a landing page's publish
   * gate too) and no other experiment holds the document.
   */
  async start(experiment: Experiment, weigh?: PageWeigher): Promise<Refused<boolean>> {
    if (experiment.status !== 'draft') return refuse('not-draft')
    for (const arm of experiment.arms) {
      if (!arm.edition) continue
      const passes = await this.armPasses(experiment, arm.edition, weigh)
      if (!passes.ok) return passes
      if (!passes.value) return refuse('arm-invalid')
    }
    const running = await this.store.running()
    if (!running.ok) return running
    if (running.value.experiments.some((other) => other.doc === experiment.doc)) return refuse('busy')
    const plan = await this.plan(experiment)
    const moved = await this.store.move(experiment.id, 'draft', 'running', new Date().toISOString(), {
      baseRate: plan?.rate ?? ASSUMED_RATE,
    })
    if (!moved.ok) return moved
    if (!moved.value) return refuse('not-draft')
    await this.content.stampChanged()
    return ok(true)
  }

  async stop(experiment: Experiment, promoted?: number): Promise<Refused<boolean>> {
    const moved = await this.store.move(experiment.id, 'running', 'stopped', new Date().toISOString(), {
      promoted,
    })
    if (!moved.ok) return moved
    if (!moved.value) return refuse('not-running')
    await this.content.stampChanged()
    return ok(true)
  }

  /**
   * Publishes an arm as the document's live edition (with history), then stops the experiment;
   * refused when the arm no longer passes the studio's checks (a picture deleted since, a link to an
   * address the site no longer serves, too heavy now): it would publish a broken page (review U6).
   */
  async promote(
    experiment: Experiment,
    arm: number,
    by: string,
    weigh?: PageWeigher,
  ): Promise<Refused<boolean>> {
    if (experiment.status !== 'running') return refuse('not-running')
    const chosen = experiment.arms[arm]
    if (!chosen) return refuse('unknown-arm')
    if (chosen.edition) {
      const passes = await this.armPasses(experiment, chosen.edition, weigh)
      if (!passes.ok) return passes
      if (!passes.value) return refuse('arm-broken')
      const note = `Experiment “${experiment.name}”: arm ${chosen.name}`
      const at = new Date().toISOString()
      const live = await this.content.goLive({ doc: experiment.doc, edition: chosen.edition, by, at, note })
      if (!live.ok) return refuse('not-running')
    }
    return this.stop(experiment, arm)
  }

  async results(experiment: Experiment): Promise<Result<ExperimentResults>> {
    const days = await this.store.results(experiment.id)
    return days.ok ? ok(resultsOf(experiment, days.value)) : days
  }
}
