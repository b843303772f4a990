/**
 * How sure an experiment's result is (issue 46; docs/experiments.md names the methods):
 * - the verdict is a mixture sequential probability ratio test (mSPRT) on the difference of two
 *   lead rates, whose p-value and interval stay valid however often they are read;
 * - the split is checked by a chi-square test of the visitors per arm against the weights;
 * - each arm's own rate has a Wilson interval;
 * - before the start, the visitors a test needs come from the two-proportion sample-size formula.
 */
import { chiSquareSurvival, normalQuantile, type ArmTally } from './experiment-stats'

/** Below this p-value the split is broken (a sample-ratio mismatch) and no verdict is shown. */
export const SRM_ALARM_P = 0.001
/** The verdict's false-positive rate, however often it is read. */
export const VERDICT_ALPHA = 0.05
/** Fewer leads than this in an arm, and the normal approximation is not trusted: no verdict yet. */
export const MIN_LEADS_PER_ARM = 5

const rate = ({ visitors, leads }: ArmTally) => (visitors > 0 ? leads / visitors : 0)

/** The p-value of the chi-square test that visitors were split by `weights`. */
export function sampleRatioPValue(visitors: readonly number[], weights: readonly number[]): number {
  const total = visitors.reduce((sum, n) => sum + n, 0)
  const weightSum = weights.reduce((sum, w) => sum + w, 0)
  if (total === 0 || visitors.length < 2) return 1
  const statistic = visitors.reduce((sum, observed, arm) => {
    const expected = (total * (weights[arm] ?? 0)) / weightSum
    return expected > 0 ? sum + (observed - expected) ** 2 / expected : sum
  }, 0)
  return chiSquareSurvival(statistic, visitors.length - 1)
}

/** A rate's Wilson score interval at the given confidence. */
export function wilsonInterval({ visitors, leads }: ArmTally, confidence = 0.95): [number, number] {
  if (visitors === 0) return [0, 1]
  const z = normalQuantile(1 - (1 - confidence) / 2)
  const p = leads / visitors
  const spread = z * Math.sqrt((p * (1 - p)) / visitors + (z * z) / (4 * visitors * visitors))
  const centre = p + (z * z) / (2 * visitors)
  const scale = 1 + (z * z) / visitors
  return [Math.max(0, (centre - spread) / scale), Math.min(1, (centre + spread) / scale)]
}

/** One reading of an arm against the control: the difference of rates and its variance. */
function difference(control: ArmTally, arm: ArmTally) {
  const [a, b] = [rate(control), rate(arm)]
  const variance = (a * (1 - a)) / control.visitors + (b * (1 - b)) / arm.visitors
  return { theta: b - a, variance }
}

/**
 * The mixture likelihood ratio of "the rates differ" against "they are equal", with a normal
 * mixture of variance tau² over the difference (Johari et al. 2017, eq. 11).
 */
function mixtureRatio(control: ArmTally, arm: ArmTally, tau2: number): number {
  if (Math.min(control.leads, arm.leads) < MIN_LEADS_PER_ARM) return 1
  const { theta, variance } = difference(control, arm)
  if (!(variance > 0)) return 1
  const sum = variance + tau2
  return Math.sqrt(variance / sum) * Math.exp((tau2 * theta * theta) / (2 * variance * sum))
}

/**
 * The mixing variance: the squared difference the owner cares about, from the lead rate the site
 * had before the start and the smallest relative lift worth knowing. Fixed at the start.
 */
export const mixingVariance = (baselineRate: number, smallestLift: number) =>
  (baselineRate * smallestLift) ** 2

export interface Verdict {
  /** Always-valid p-value: the smallest over every reading so far. */
  pValue: number
  /** Arm rate minus control rate, now. */
  difference: number
  /** An always-valid interval around that difference (1 − VERDICT_ALPHA). */
  interval: [number, number]
  /** 'better' or 'worse' once pValue ≤ VERDICT_ALPHA; 'unsure' until then. */
  call: 'better' | 'worse' | 'unsure'
}

/**
 * The verdict of an arm against the control from its readings (the cumulative tallies at each
 * moment the result was computed, oldest first, the last being now).
 */
export function verdictOf(readings: readonly { control: ArmTally; arm: ArmTally }[], tau2: number): Verdict {
  const last = readings.at(-1)
  if (!last) return { pValue: 1, difference: 0, interval: [-1, 1], call: 'unsure' }
  const largest = Math.max(...readings.map(({ control, arm }) => mixtureRatio(control, arm, tau2)))
  const pValue = Math.min(1, 1 / largest)
  const { theta, variance } = difference(last.control, last.arm)
  const enough = Math.min(last.control.leads, last.arm.leads) >= MIN_LEADS_PER_ARM && variance > 0
  const halfWidth = enough
    ? Math.sqrt(
        ((variance * (variance + tau2)) / tau2) *
          (Math.log((variance + tau2) / variance) - 2 * Math.log(VERDICT_ALPHA)),
      )
    : Infinity
  const call = pValue <= VERDICT_ALPHA ? (theta > 0 ? 'better' : 'worse') : 'unsure'
  return {
    pValue,
    difference: theta,
    interval: [Math.max(-1, theta - halfWidth), Math.min(1, theta + halfWidth)],
    call,
  }
}

/**
 * Visitors each arm needs for a fixed-horizon two-sided test to tell `smallestLift` (relative)
 * from the `baselineRate` with the given power; an always-valid test needs somewhat more. Null when
 * no such number exists: a rate outside (0, 1), a lift that takes it to 100 % or more, or no lift.
 */
export function visitorsPerArm(
  baselineRate: number,
  smallestLift: number,
  alpha = 0.05,
  power = 0.8,
): number | null {
  const p1 = baselineRate
  const p2 = baselineRate * (1 + smallestLift)
  if (!(p1 > 0 && p1 < 1 && p2 > 0 && p2 < 1 && p2 !== p1)) return null
  const mean = (p1 + p2) / 2
  const zAlpha = normalQuantile(1 - alpha / 2)
  const zPower = normalQuantile(power)
  const spread = zAlpha * Math.sqrt(2 * mean * (1 - mean)) + zPower * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))
  const visitors = Math.ceil((spread * spread) / ((p2 - p1) * (p2 - p1)))
  return Number.isFinite(visitors) && visitors > 0 ? visitors : null
}

export interface TestPlanInput {
  /** Leads per visitor on the site; may be anything the counts give (0, over 1, Infinity). */
  rate: number
  /** Visitors a day on the document's pages. */
  dailyVisitors: number
  /** The smallest relative lift worth knowing (0.25 is 25 %). */
  minLift: number
  /** The share of visitors in the experiment, 0–1. */
  share: number
  /** Each arm's weight in the split. */
  weights: readonly number[]
}

/**
 * How long a test needs, or null for each figure that cannot be said: the page never shows NaN or
 * Infinity, it says there is not enough traffic yet to estimate.
 */
export function testPlan(input: TestPlanInput): { visitorsPerArm: number | null; weeks: number | null } {
  const perArm = visitorsPerArm(input.rate, input.minLift)
  const weights = input.weights.filter((w) => Number.isFinite(w) && w > 0)
  const total = weights.reduce((n, w) => n + w, 0)
  // The arm with the smallest weight fills last.
  const perDayInSmallest =
    weights.length > 0 ? (input.dailyVisitors * input.share * Math.min(...weights)) / total : 0
  const weeks =
    perArm !== null && Number.isFinite(perDayInSmallest) && perDayInSmallest > 0
      ? Math.ceil(perArm / perDayInSmallest / 7)
      : null
  return { visitorsPerArm: perArm, weeks: weeks !== null && Number.isFinite(weeks) ? weeks : null }
}
