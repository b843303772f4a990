/**
 * An experiment's results from its days' counts (experiments/storage/experiments.ts results): each version's
 * visitors, leads and rate, its always-valid verdict against the control with each day's end as
 * one reading, the split's alarm, the chart's series and the CSV. The arithmetic is
 * lib/experiment-verdict.ts's (docs/experiments.md).
 */
import type { ArmTally } from '../../../lib/experiment-stats'
import {
  mixingVariance,
  sampleRatioPValue,
  SRM_ALARM_P,
  verdictOf,
  wilsonInterval,
} from '../../../lib/experiment-verdict'
import type { ArmDay, ArmResult, Experiment, ExperimentResults } from '../../../schemas/experiments'
import { csvField } from '../../../lib/csv'
import { DOCUMENT_KINDS, kindOf } from '../../../lib/document-kinds'

/** When the site has no lead yet to go by, the plan and the verdict assume this rate (2 %: a common B2B rate). */
export const ASSUMED_RATE = 0.02

/** Each arm's figures and verdict from the days' counts; each day's end is one reading of the verdict. */
export function resultsOf(experiment: Experiment, days: ArmDay[]): ExperimentResults {
  const armCount = experiment.arms.length
  const totals: ArmTally[] = experiment.arms.map(() => ({ visitors: 0, leads: 0 }))
  const readings: ArmTally[][] = []
  const perDay: ExperimentResults['perDay'] = []
  for (const [i, entry] of days.entries()) {
    const tally = totals[entry.arm]
    if (tally)
      Object.assign(tally, { visitors: tally.visitors + entry.visitors, leads: tally.leads + entry.leads })
    if (days[i + 1]?.day === entry.day) continue
    readings.push(totals.map((tally) => ({ ...tally })))
    perDay.push({ day: entry.day, rates: totals.map((t) => (t.visitors ? t.leads / t.visitors : null)) })
  }
  const tau2 = mixingVariance(experiment.baseRate ?? ASSUMED_RATE, experiment.minLift)
  const control = totals[0]!
  const rateOf = (t: ArmTally) => (t.visitors ? t.leads / t.visitors : 0)
  // Only a landing page's form sends starts (the island of a campaign's form, issue 63).
  const measured = DOCUMENT_KINDS[kindOf(experiment.doc)].ownForm
  const starts = experiment.arms.map((_, arm) =>
    days.filter((day) => day.arm === arm).reduce((n, day) => n + day.starts, 0),
  )
  const arms: ArmResult[] = experiment.arms.map((arm, index) => {
    const tally = totals[index]!
    const verdict =
      index === 0
        ? null
        : verdictOf(
            readings.map((reading) => ({ control: reading[0]!, arm: reading[index]! })),
            tau2,
          )
    return {
      name: arm.name,
      weight: arm.weight,
      ...tally,
      starts: measured ? starts[index]! : null,
      rate: rateOf(tally),
      interval: wilsonInterval(tally),
      versus: verdict && {
        ...verdict,
        lift: rateOf(control) > 0 ? rateOf(tally) / rateOf(control) - 1 : null,
      },
    }
  })
  const splitP = sampleRatioPValue(
    totals.map((t) => t.visitors),
    experiment.arms.map((arm) => arm.weight),
  )
  return { arms, splitP, alarm: armCount > 1 && splitP < SRM_ALARM_P, perDay, days }
}

/**
 * The CSV: one row per day and version, with that day's visitors and counting leads; for a test of
 * a landing page, its form's starts too (issue 63).
 */
export function resultsCsv(experiment: Experiment, results: ExperimentResults): string {
  const starts = results.arms.some((arm) => arm.starts !== null)
  const lines = [`day,version,visitors,leads${starts ? ',starts' : ''}`]
  for (const day of results.days) {
    const name = csvField(experiment.arms[day.arm]?.name ?? String(day.arm))
    lines.push([day.day, name, day.visitors, day.leads, ...(starts ? [day.starts] : [])].join(','))
  }
  return lines.join('\r\n') + '\r\n'
}
