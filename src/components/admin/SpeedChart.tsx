import { THRESHOLDS, type Rating, type SpeedMetric, type SpeedReport } from '../../schemas/speed'
import { ChartFrame, chartScale } from './ChartFrame'
import { speedValue } from './SpeedRating'

interface SpeedChartProps {
  metric: SpeedMetric
  perDay: SpeedReport['perDay']
  copy: { title: string; description: string; line: string; ratings: Record<Rating, string> }
}

const HEIGHT = 200
const LEFT = 56

/**
 * One metric's 7-day p75 on each day as server-rendered SVG, over bands for Google's good, needs
 * improvement and poor (ChartFrame: the grid, the days, the legend); a day with too few views is a gap.
 */
export function SpeedChart({ metric, perDay, copy }: SpeedChartProps) {
  const [good, poor] = THRESHOLDS[metric]
  const values = perDay.map((d) => d.figures[metric].p75)
  const max = Math.max(poor * 1.25, ...values.map((v) => v ?? 0))
  const scale = chartScale(perDay.length, max, HEIGHT, LEFT)
  let path = ''
  let drawing = false
  for (const [i, value] of values.entries()) {
    if (value === null) {
      drawing = false
      continue
    }
    path += `${drawing ? 'L' : 'M'}${scale.x(i).toFixed(1)},${scale.y(value).toFixed(1)} `
    drawing = true
  }
  const points = values.flatMap((value, i) =>
    value === null
      ? []
      : [<circle key={i} cx={scale.x(i)} cy={scale.y(value)} r={3} className="speed-line" />],
  )
  const left = scale.x(0) - 6
  const width = scale.x(perDay.length - 1) - left + 12
  const band = (from: number, to: number, className: string) => (
    <rect x={left} width={width} y={scale.y(to)} height={scale.y(from) - scale.y(to)} className={className} />
  )
  const legend = (
    <>
      <span>
        <span className="traffic-swatch speed-swatch-line" aria-hidden="true" /> {copy.line}
      </span>
      {(['good', 'needs-improvement', 'poor'] as const).map((rating) => (
        <span key={rating}>
          <span className={`traffic-swatch speed-band-${rating}`} aria-hidden="true" /> {copy.ratings[rating]}
        </span>
      ))}
    </>
  )
  return (
    <ChartFrame
      id={`speed-chart-${metric.toLowerCase()}`}
      title={copy.title}
      description={copy.description}
      height={HEIGHT}
      left={LEFT}
      max={max}
      days={perDay.map((d) => d.day)}
      scale={scale}
      label={(value) => speedValue(metric, value)}
      legend={legend}
    >
      {band(0, good, 'speed-band-good')}
      {band(good, poor, 'speed-band-needs-improvement')}
      {band(poor, max, 'speed-band-poor')}
      <path d={path.trim()} className="speed-line" fill="none" />
      {points}
    </ChartFrame>
  )
}
