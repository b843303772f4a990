/**
 * Experiments as plain records (issue 46): the storage reads and writes them, the edge assigns
 * from them, the console's pages render them. An arm is an edition of the tested document; the
 * first arm is the control, the live edition (`edition: null`).
 */
import { z } from 'zod'

export const EXPERIMENT_STATUSES = ['draft', 'running', 'stopped'] as const
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number]

/** 2 to 4 arms: more would split the traffic too thin to decide anything in weeks. */
export const MIN_ARMS = 2
export const MAX_ARMS = 4

export const experimentArmSchema = z.strictObject({
  name: z.string().min(1).max(60),
  /** Its share of the visitors in the experiment, relative to the other arms' weights. */
  weight: z.number().positive().max(100),
  /** The fields it changes (lib/edition.ts); null for the control, which shows the live edition. */
  edition: z.record(z.string(), z.unknown()).nullable(),
})
export type ExperimentArm = z.infer<typeof experimentArmSchema>

/** The arms as stored (JSON in `experiments.arms`), checked when read back. */
export const experimentArmsSchema = z.array(experimentArmSchema).min(MIN_ARMS).max(MAX_ARMS)

export interface Experiment {
  id: string
  name: string
  /** The studio document it tests (lib/document-kinds.ts). */
  doc: string
  arms: ExperimentArm[]
  /** The share of visitors in the experiment at all (0–1); the rest see the live edition. */
  share: number
  /** The smallest relative lift the owner cares about (0.25: +25 %). */
  minLift: number
  /** The site's lead rate when it started. */
  baseRate: number | null
  status: ExperimentStatus
  by: string
  at: string
  startedAt: string | null
  stoppedAt: string | null
  /** The arm made live when it stopped, if one was. */
  promoted: number | null
}

/** One day's count for one arm: visitors exposed, and leads credited that count (not spam or erased). */
export interface ArmDay {
  day: string
  arm: number
  visitors: number
  /** Visitors who started the tested page's form that day (issue 63). */
  starts: number
  leads: number
}

/** An arm's figures on the results page. */
export interface ArmResult {
  name: string
  weight: number
  visitors: number
  /** Its visitors who started the form: null where no start is measured (a test of no landing page). */
  starts: number | null
  leads: number
  /** Leads per visitor, and its 95 % Wilson interval. */
  rate: number
  interval: [number, number]
  /** Against the control (none for the control itself): the always-valid verdict on the difference. */
  versus: {
    /** Relative lift of the rate (0.1: +10 %); null while the control has no lead. */
    lift: number | null
    difference: number
    interval: [number, number]
    pValue: number
    call: 'better' | 'worse' | 'unsure'
  } | null
}

export interface ExperimentResults {
  arms: ArmResult[]
  /** The chi-square p-value of the split; under SRM_ALARM_P the verdict is not to be read. */
  splitP: number
  alarm: boolean
  /** Cumulative leads per visitor of each arm at the end of each day, for the chart. */
  perDay: { day: string; rates: (number | null)[] }[]
  days: ArmDay[]
}

/** Before the start: what the site's own traffic says a test of this page needs. */
export interface ExperimentPlan {
  /** Leads per visitor over the last 30 days, site-wide. */
  rate: number
  /** Visitors a day at the tested page over the last 30 days. */
  dailyVisitors: number
  visitorsPerArm: number | null
  /** null when the page had no visitor to go by. */
  weeks: number | null
}
