import type { TrafficReport } from '../../schemas/admin-records'
import { ChartFrame, chartScale } from './ChartFrame'

interface TrafficChartProps {
  perDay: TrafficReport['perDay']
  copy: { title: string; description: string; views: string; visitors: string; leads: string }
}

const HEIGHT = 240
const LEFT = 40
const SERIES = [
  ['views', 'traffic-views'],
  ['visitors', 'traffic-visitors'],
  ['leads', 'traffic-leads'],
] as const

/**
 * Views, visitors and leads per day as server-rendered SVG: lines for views and visitors, bars
 * for leads, on one scale (ChartFrame: the grid, the days, the legend).
 */
export function TrafficChart({ perDay, copy }: TrafficChartProps) {
  const max = Math.max(1, ...perDay.map((d) => Math.max(d.views, d.visitors, d.leads)))
  const scale = chartScale(perDay.length, max, HEIGHT, LEFT)
  const line = (key: 'views' | 'visitors') =>
    perDay.map((d, i) => `${i ? 'L' : 'M'}${scale.x(i).toFixed(1)},${scale.y(d[key]).toFixed(1)}`).join(' ')
  const barWidth = Math.max(2, Math.min(12, scale.step * 0.5))
  const legend = SERIES.map(([key, className]) => (
    <span key={key}>
      <span className={`traffic-swatch ${className}`} aria-hidden="true" /> {copy[key]}
    </span>
  ))
  return (
    <ChartFrame
      id="traffic-chart"
      title={copy.title}
      description={copy.description}
      height={HEIGHT}
      left={LEFT}
      max={max}
      days={perDay.map((d) => d.day)}
      scale={scale}
      label={(value) => String(Math.round(value))}
      legend={legend}
    >
      {perDay.map((d, i) =>
        d.leads ? (
          <rect
            key={d.day}
            x={scale.x(i) - barWidth / 2}
            y={scale.y(d.leads)}
            width={barWidth}
            height={scale.base - scale.y(d.leads)}
            className="traffic-leads"
          />
        ) : null,
      )}
      <path d={line('views')} className="traffic-views" fill="none" />
      <path d={line('visitors')} className="traffic-visitors" fill="none" />
    </ChartFrame>
  )
}
