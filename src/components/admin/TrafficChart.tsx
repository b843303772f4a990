import type { TrafficReport } from '../../schemas/admin-records'

interface TrafficChartProps {
  perDay: TrafficReport['perDay']
  copy: { title: string; description: string; views: string; visitors: string; leads: string }
}

const WIDTH = 720
const HEIGHT = 240
const PAD = { top: 12, right: 12, bottom: 24, left: 40 }
const SERIES = [
  ['views', 'traffic-views'],
  ['visitors', 'traffic-visitors'],
  ['leads', 'traffic-leads'],
] as const

/**
 * Views, visitors and leads per day as server-rendered SVG: lines for views and visitors, bars
 * for leads, on one scale. It scales to the width it is given (a 390 px screen included); its
 * figures are in the table beside it, for screen readers and exact reading.
 */
export function TrafficChart({ perDay, copy }: TrafficChartProps) {
  const max = Math.max(1, ...perDay.map((d) => Math.max(d.views, d.visitors, d.leads)))
  const plotWidth = WIDTH - PAD.left - PAD.right
  const plotHeight = HEIGHT - PAD.top - PAD.bottom
  const step = plotWidth / Math.max(1, perDay.length - 1)
  const x = (i: number) => PAD.left + (perDay.length === 1 ? plotWidth / 2 : i * step)
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight
  const line = (key: 'views' | 'visitors') =>
    perDay.map((d, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(d[key]).toFixed(1)}`).join(' ')
  const barWidth = Math.max(2, Math.min(12, step * 0.5))
  const labelEvery = Math.ceil(perDay.length / 6)
  // The first and last day labels stand inside the plot's ends, so neither is cut off.
  const anchorOf = (i: number) =>
    perDay.length === 1 ? 'middle' : i === 0 ? 'start' : i === perDay.length - 1 ? 'end' : 'middle'
  return (
    <figure className="traffic-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby="traffic-chart-title traffic-chart-desc"
      >
        <title id="traffic-chart-title">{copy.title}</title>
        <desc id="traffic-chart-desc">{copy.description}</desc>
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
              {Math.round(max * f)}
            </text>
          </g>
        ))}
        {perDay.map((d, i) =>
          d.leads ? (
            <rect
              key={d.day}
              x={x(i) - barWidth / 2}
              y={y(d.leads)}
              width={barWidth}
              height={PAD.top + plotHeight - y(d.leads)}
              className="traffic-leads"
            />
          ) : null,
        )}
        <path d={line('views')} className="traffic-views" fill="none" />
        <path d={line('visitors')} className="traffic-visitors" fill="none" />
        {perDay.map((d, i) =>
          i % labelEvery === 0 || i === perDay.length - 1 ? (
            <text key={d.day} x={x(i)} y={HEIGHT - 6} textAnchor={anchorOf(i)} className="traffic-axis">
              {d.day.slice(5)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="traffic-legend">
        {SERIES.map(([key, className]) => (
          <span key={key}>
            <span className={`traffic-swatch ${className}`} aria-hidden="true" /> {copy[key]}
          </span>
        ))}
      </figcaption>
    </figure>
  )
}
