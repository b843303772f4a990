import type { ExperimentResults } from '../../schemas/experiments'

interface ExperimentChartProps {
  perDay: ExperimentResults['perDay']
  /** The versions' names, in order (A first). */
  arms: string[]
  copy: { title: string; description: string }
}

const WIDTH = 720
const HEIGHT = 220
const PAD = { top: 12, right: 12, bottom: 24, left: 48 }
/** One line style per version: colour and dash, so the lines differ without colour too. */
const STYLES = ['experiment-arm-0', 'experiment-arm-1', 'experiment-arm-2', 'experiment-arm-3']

const percent = (rate: number) => `${(rate * 100).toFixed(rate < 0.1 ? 1 : 0)} %`

/**
 * Each version's leads per visitor so far, at the end of each day, as server-rendered SVG (no
 * script). It scales to its width; the exact figures are in the results table above it.
 */
export function ExperimentChart({ perDay, arms, copy }: ExperimentChartProps) {
  const max = Math.max(0.001, ...perDay.flatMap((d) => d.rates.map((rate) => rate ?? 0)))
  const plotWidth = WIDTH - PAD.left - PAD.right
  const plotHeight = HEIGHT - PAD.top - PAD.bottom
  const step = plotWidth / Math.max(1, perDay.length - 1)
  const x = (i: number) => PAD.left + (perDay.length === 1 ? plotWidth / 2 : i * step)
  const y = (rate: number) => PAD.top + plotHeight - (rate / max) * plotHeight
  const line = (arm: number) =>
    perDay
      .map((d, i) => [i, d.rates[arm]] as const)
      .filter(([, rate]) => rate != null)
      .map(([i, rate], n) => `${n ? 'L' : 'M'}${x(i).toFixed(1)},${y(rate!).toFixed(1)}`)
      .join(' ')
  const labelEvery = Math.ceil(perDay.length / 6)
  const anchorOf = (i: number) =>
    perDay.length === 1 ? 'middle' : i === 0 ? 'start' : i === perDay.length - 1 ? 'end' : 'middle'
  return (
    <figure className="traffic-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby="experiment-chart-title experiment-chart-desc"
      >
        <title id="experiment-chart-title">{copy.title}</title>
        <desc id="experiment-chart-desc">{copy.description}</desc>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(max * f)}
              y2={y(max * f)}
              className="traffic-grid"
            />
            <text x={PAD.left - 6} y={y(max * f) + 4} textAnchor="end" className="traffic-axis">
              {percent(max * f)}
            </text>
          </g>
        ))}
        {arms.map((name, arm) => (
          <path key={name} d={line(arm)} className={STYLES[arm]} fill="none" />
        ))}
        {perDay.map((d, i) =>
          i % labelEvery === 0 || i === perDay.length - 1 ? (
            <text key={d.day} x={x(i)} y={HEIGHT - 6} textAnchor={anchorOf(i)} className="traffic-axis">
              {d.day.slice(5)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="traffic-legend">
        {arms.map((name, arm) => (
          <span key={name}>
            <span className={`traffic-swatch ${STYLES[arm]}`} aria-hidden="true" /> {name}
          </span>
        ))}
      </figcaption>
    </figure>
  )
}
