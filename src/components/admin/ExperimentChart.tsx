import type { ExperimentResults } from '../../schemas/experiments'
import { ChartFrame, chartScale } from './ChartFrame'

interface ExperimentChartProps {
  perDay: ExperimentResults['perDay']
  /** The versions' names, in order (A first). */
  arms: string[]
  copy: { title: string; description: string }
}

const HEIGHT = 220
const LEFT = 48
/** One line style per version: colour and dash, so the lines differ without colour too. */
const STYLES = ['experiment-arm-0', 'experiment-arm-1', 'experiment-arm-2', 'experiment-arm-3']

const percent = (rate: number) => `${(rate * 100).toFixed(rate < 0.1 ? 1 : 0)} %`

/** Each version's leads per visitor so far, at the end of each day (no script); the exact figures are in the results table. */
export function ExperimentChart({ perDay, arms, copy }: ExperimentChartProps) {
  const max = Math.max(0.001, ...perDay.flatMap((d) => d.rates.map((rate) => rate ?? 0)))
  const scale = chartScale(perDay.length, max, HEIGHT, LEFT)
  const line = (arm: number) =>
    perDay
      .map((d, i) => [i, d.rates[arm]] as const)
      .filter(([, rate]) => rate != null)
      .map(([i, rate], n) => `${n ? 'L' : 'M'}${scale.x(i).toFixed(1)},${scale.y(rate!).toFixed(1)}`)
      .join(' ')
  const legend = arms.map((name, arm) => (
    <span key={name}>
      <span className={`traffic-swatch ${STYLES[arm]}`} aria-hidden="true" /> {name}
    </span>
  ))
  return (
    <ChartFrame
      id="experiment-chart"
      {...copy}
      height={HEIGHT}
      left={LEFT}
      max={max}
      days={perDay.map((d) => d.day)}
      scale={scale}
      label={percent}
      legend={legend}
    >
      {arms.map((name, arm) => (
        <path key={name} d={line(arm)} className={STYLES[arm]} fill="none" />
      ))}
    </ChartFrame>
  )
}
