import type { ArmResult } from '../../schemas/experiments'
import type { SpeedPair } from '../../schemas/speed'
import { DataTable } from './DataTable'
import { SpeedCell } from './SpeedRating'

interface ExperimentResultsTableProps {
  arms: ArmResult[]
  /** Whether the split is broken: then no verdict is shown. */
  alarm: boolean
  copy: {
    caption: string
    columns: {
      arm: string
      visitors: string
      starts: string
      leads: string
      rate: string
      lift: string
      verdict: string
      loading: string
      response: string
    }
    calls: { better: string; worse: string; unsure: string; control: string; waiting: string }
    liftRange: string
  }
  empty: string
  /** Each version's p75 loading and response from real visitors (in the versions' order), when read. */
  speed?: SpeedPair[]
  /** The speed figures' words: the ratings, "not enough data", the views. */
  speedWords?: { ratings: Record<string, string>; notEnough: string; views: string }
}

const MIN_LEADS = 5
const percent = (rate: number) => `${(rate * 100).toFixed(2)} %`
const signed = (value: number) =>
  `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value * 100).toFixed(1)} %`
const points = (value: number) =>
  `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value * 100).toFixed(2)}`

/** Each version's visitors, form starts (a landing page's), leads, leads per visitor with its range, change against A and verdict. */
export function ExperimentResultsTable({
  arms,
  alarm,
  copy,
  empty,
  speed,
  speedWords,
}: ExperimentResultsTableProps) {
  const control = arms[0]
  const callOf = (arm: ArmResult) => {
    if (!arm.versus) return copy.calls.control
    if (alarm) return empty
    if (arm.versus.call !== 'unsure') return copy.calls[arm.versus.call]
    return Math.min(arm.leads, control?.leads ?? 0) < MIN_LEADS ? copy.calls.waiting : copy.calls.unsure
  }
  const liftOf = (arm: ArmResult) => {
    if (!arm.versus || arm.versus.lift === null) return empty
    const [low, high] = arm.versus.interval
    const finite = Number.isFinite(low) && Number.isFinite(high) && high - low < 2
    // The range is of the difference in leads per visitor, in percentage points.
    return finite
      ? copy.liftRange
          .replace('{lift}', signed(arm.versus.lift))
          .replace('{low}', `${points(low)} pt`)
          .replace('{high}', `${points(high)} pt`)
      : signed(arm.versus.lift)
  }
  // A test of a landing page shows its form's starts beside the visitors (issue 63).
  const starts = arms.some((arm) => arm.starts !== null)
  return (
    <DataTable
      caption={copy.caption}
      columns={[
        copy.columns.arm,
        copy.columns.visitors,
        ...(starts ? [copy.columns.starts] : []),
        copy.columns.leads,
        copy.columns.rate,
        copy.columns.lift,
        copy.columns.verdict,
        ...(speed && speedWords ? [copy.columns.loading, copy.columns.response] : []),
      ]}
      rowHeader={0}
      stack
      rows={arms.map((arm, index) => ({
        key: arm.name,
        cells: [
          arm.name,
          arm.visitors.toLocaleString('en-US'),
          ...(starts ? [(arm.starts ?? 0).toLocaleString('en-US')] : []),
          arm.leads.toLocaleString('en-US'),
          arm.visitors
            ? `${percent(arm.rate)} (${percent(arm.interval[0])}–${percent(arm.interval[1])})`
            : empty,
          liftOf(arm),
          callOf(arm),
          ...(speed && speedWords
            ? (['LCP', 'INP'] as const).map((metric) => {
                const figure = speed[index]?.[metric]
                return figure ? (
                  <SpeedCell key={metric} metric={metric} figure={figure} words={speedWords} />
                ) : (
                  empty
                )
              })
            : []),
        ],
      }))}
    />
  )
}
