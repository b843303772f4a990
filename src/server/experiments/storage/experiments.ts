/**
 * Experiments in D1 (migrations/0030): the running ones read whole with the content stamp for each
 * isolate's table, a start or stop bumping that stamp in the same batch (as redirects do), so every
 * location serves the change within the studio's freshness; today's exposures, one row per visitor
 * hash; the leads credited to an arm; and the results as days × arms, never a scan of visitors,
 * with the leads that count as the leads wing's view gives them.
 */
import type { Result } from '../../../lib/result'
import {
  experimentArmsSchema,
  type ArmDay,
  type Experiment,
  type ExperimentArm,
  type ExperimentStatus,
} from '../../../schemas/experiments'
import { attempt, bumpStamp, changedOne, readStamp, stampOf } from '../../platform'

const COLUMNS = `id, name, doc, arms, share, min_lift AS minLift, base_rate AS baseRate, status,
  made_by AS by, made_at AS at, started_at AS startedAt, stopped_at AS stoppedAt, promoted`
/** The console lists this many, newest first. */
export const LISTED = 100

type Row = Omit<Experiment, 'arms'> & { arms: string }

/** A row as the code uses it; one whose arms no longer parse is left out (and said by the caller). */
function experimentOf(row: Row): Experiment | null {
  const arms = experimentArmsSchema.safeParse(JSON.parse(row.arms))
  return arms.success ? { ...row, arms: arms.data } : null
}
const experimentsOf = (rows: Row[]) => rows.map(experimentOf).filter((e): e is Experiment => e !== null)

/** An exposure: a visitor of `day` shown `arm`, from `network` (the day-salted hash of its address or IPv6 /48). */
export interface Exposure {
  experiment: string
  day: string
  visitor: string
  arm: number
  network: string
}

/**
 * Visitors one network (an IPv4 address, or an IPv6 /48 of 65,536 /64s) may count as in an
 * experiment a day, in every isolate and location together (security review U5). Past it a view is
 * no exposure, whichever arm it shows, so the bound loses visitors and never biases the split.
 */
export const VISITORS_PER_NETWORK = 50

export class ExperimentStore {
  constructor(private readonly db: D1Database) {}

  /** The running experiments and the cookie setting, with the stamp they belong to (one batch). */
  running(): Promise<Result<{ stamp: number; experiments: Experiment[]; cookie: boolean }>> {
    return attempt('experiments not read', async () => {
      const [stamp, rows, settings] = await this.db.batch([
        readStamp(this.db),
        this.db.prepare(`SELECT ${COLUMNS} FROM experiments WHERE status = 'running'`),
        this.db.prepare('SELECT cookie FROM experiment_settings WHERE id = 1'),
      ])
      return {
        stamp: stampOf(stamp!),
        experiments: experimentsOf(rows!.results as Row[]),
        cookie: (settings!.results[0] as { cookie: number } | undefined)?.cookie === 1,
      }
    })
  }

  /** Turns the cookie on or off, with the stamp (every page's key, the privacy page's words, change). */
  setCookie(on: boolean): Promise<Result<unknown>> {
    return attempt('experiment setting not saved', () =>
      this.db.batch([
        this.db.prepare('UPDATE experiment_settings SET cookie = ? WHERE id = 1').bind(on ? 1 : 0),
        bumpStamp(this.db),
      ]),
    )
  }

  /** The newest LISTED experiments. */
  list(): Promise<Result<Experiment[]>> {
    return attempt('experiments not read', async () => {
      const { results } = await this.db
        .prepare(`SELECT ${COLUMNS} FROM experiments ORDER BY made_at DESC LIMIT ?`)
        .bind(LISTED)
        .all<Row>()
      return experimentsOf(results)
    })
  }

  find(id: string): Promise<Result<Experiment | null>> {
    return attempt('experiment not read', async () => {
      const row = await this.db
        .prepare(`SELECT ${COLUMNS} FROM experiments WHERE id = ?`)
        .bind(id)
        .first<Row>()
      return row ? experimentOf(row) : null
    })
  }

  create(experiment: Omit<Experiment, 'baseRate' | 'status' | 'startedAt' | 'stoppedAt' | 'promoted'>) {
    const { id, name, doc, arms, share, minLift, by, at } = experiment
    return changedOne('experiment not saved', () =>
      this.db
        .prepare(
          `INSERT INTO experiments (id, name, doc, arms, share, min_lift, made_by, made_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(id, name, doc, JSON.stringify(arms), share, minLift, by, at),
    )
  }

  /** Replaces a draft's arms (an arm added); false once it has started. */
  setArms(id: string, arms: ExperimentArm[]) {
    return changedOne('experiment not saved', () =>
      this.db
        .prepare(`UPDATE experiments SET arms = ? WHERE id = ? AND status = 'draft'`)
        .bind(JSON.stringify(arms), id),
    )
  }

  /**
   * Moves it from `from` to `to` (start: with the base rate; stop: with the arm made live), with the
   * stamp in the same batch; false when it was not in `from`. A start on a document another running
   * experiment holds fails on the unique index, as a failure the service reads as "busy".
   */
  move(
    id: string,
    from: ExperimentStatus,
    to: ExperimentStatus,
    at: string,
    extra: { baseRate?: number; promoted?: number } = {},
  ): Promise<Result<boolean>> {
    return attempt('experiment not changed', async () => {
      const column = to === 'running' ? 'started_at' : 'stopped_at'
      const [moved] = await this.db.batch([
        this.db
          .prepare(
            `UPDATE experiments SET status = ?1, ${column} = ?2,
               base_rate = COALESCE(?3, base_rate), promoted = COALESCE(?4, promoted)
             WHERE id = ?5 AND status = ?6`,
          )
          .bind(to, at, extra.baseRate ?? null, extra.promoted ?? null, id, from),
        bumpStamp(this.db),
      ])
      return moved!.meta.changes === 1
    })
  }

  /**
   * Today's exposures: a visitor already counted for the experiment that day adds nothing, and
   * neither does one whose network has VISITORS_PER_NETWORK visitors of it that day.
   */
  expose(exposures: Exposure[]): Promise<Result<unknown>> {
    return attempt('exposures not counted', () =>
      this.db.batch(
        exposures.map(({ experiment, day, visitor, arm, network }) =>
          this.db
            .prepare(
              `INSERT OR IGNORE INTO experiment_visitors (experiment_id, day, visitor, arm, network)
               SELECT ?1, ?2, ?3, ?4, ?5 WHERE (SELECT COUNT(*) FROM experiment_visitors
                 WHERE experiment_id = ?1 AND day = ?2 AND network = ?5) < ${VISITORS_PER_NETWORK}`,
            )
            .bind(experiment, day, visitor, arm, network),
        ),
      ),
    )
  }

  /**
   * A form start of a visitor exposed today to each of `experiments` (migrations/0053): the first
   * marks their exposure started, and the trigger counts it for their arm; any later one adds nothing.
   */
  start(experiments: string[], day: string, visitor: string): Promise<Result<unknown>> {
    const marks = experiments.map(() => '?').join(', ')
    return attempt('form start not counted', () =>
      this.db
        .prepare(
          `UPDATE experiment_visitors SET started = 1
           WHERE day = ? AND visitor = ? AND started = 0 AND experiment_id IN (${marks})`,
        )
        .bind(day, visitor, ...experiments)
        .run(),
    )
  }

  /** Credits a lead to the arm each of `experiments` showed its visitor today; how many credits. */
  credit(leadId: string, experiments: string[], day: string, visitor: string): Promise<Result<number>> {
    return attempt('lead not credited to its experiments', async () => {
      const marks = experiments.map(() => '?').join(', ')
      const done = await this.db
        .prepare(
          `INSERT OR IGNORE INTO experiment_leads (experiment_id, lead_id, arm, day)
           SELECT experiment_id, ?, arm, day FROM experiment_visitors
           WHERE day = ? AND visitor = ? AND experiment_id IN (${marks})`,
        )
        .bind(leadId, day, visitor, ...experiments)
        .run()
      return done.meta.changes
    })
  }

  /**
   * Visitors, form starts and counting leads per day and arm; which leads count (never spam, nor erased since) is
   * the leads wing's view to say (migrations/0041 leads_by_arm).
   */
  results(id: string): Promise<Result<ArmDay[]>> {
    return attempt('experiment results not read', async () => {
      const [visitors, leads] = await this.db.batch<{ day: string; arm: number; n: number; starts: number }>([
        this.db
          .prepare('SELECT day, arm, visitors AS n, starts FROM experiment_days WHERE experiment_id = ?')
          .bind(id),
        this.db.prepare('SELECT day, arm, leads AS n FROM leads_by_arm WHERE experiment_id = ?').bind(id),
      ])
      const days = new Map<string, ArmDay>()
      const at = (day: string, arm: number) => {
        const key = `${day} ${arm}`
        let found = days.get(key)
        if (!found) days.set(key, (found = { day, arm, visitors: 0, starts: 0, leads: 0 }))
        return found
      }
      for (const row of visitors!.results)
        Object.assign(at(row.day, row.arm), { visitors: row.n, starts: row.starts })
      for (const row of leads!.results) at(row.day, row.arm).leads = row.n
      return [...days.values()].sort((a, b) => a.day.localeCompare(b.day) || a.arm - b.arm)
    })
  }

  /** Deletes the exposures of every day before `today` (the day's counts stay in experiment_days). */
  fold(today: string): Promise<Result<number>> {
    return attempt('exposures not folded', async () => {
      const done = await this.db.prepare('DELETE FROM experiment_visitors WHERE day < ?').bind(today).run()
      return done.meta.changes
    })
  }
}
