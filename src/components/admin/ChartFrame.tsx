import type { ReactNode } from 'react'

/** A day chart's plot: where day `i` and value `v` sit in its viewBox. */
export interface ChartScale {
  x: (i: number) => number
  y: (value: number) => number
  /** The plot's bottom edge (a bar's base). */
  base: number
  step: number
}

const WIDTH = 720
const PAD = { top: 12, right: 12, bottom: 24 }

/** The scale of a chart of `days` days up to `max`, `height` tall, with `left` for its value labels. */
export function chartScale(days: number, max: number, height: number, left: number): ChartScale {
  const plotWidth = WIDTH - left - PAD.right
  const plotHeight = height - PAD.top - PAD.bottom
  const step = plotWidth / Math.max(1, days - 1)
  return {
    x: (i) => left + (days === 1 ? plotWidth / 2 : i * step),
    y: (value) => PAD.top + plotHeight - (value / max) * plotHeight,
    base: PAD.top + plotHeight,
    step,
  }
}

interface ChartFrameProps {
  /** Ids of the title and description (the figure's accessible name and description). */
  id: string
  title: string
  description: string
  height: number
  left: number
  max: number
  /** The days along the bottom (YYYY-MM-DD), oldest first. */
  days: string[]
  scale: ChartScale
  /** A value label on the left (a count, a percentage). */
  label: (value: number) => string
  /** The lines and bars, drawn over the grid. */
  children: ReactNode
  legend: ReactNode
}

/**
 * A chart of days as server-rendered SVG: three grid lines with their values, the series, about
 * six day labels (the first and last inside the plot's ends, so neither is cut off), and a legend.
 * It scales to the width it is given (a 390 px screen included); the exact figures are in a table
 * beside it, for screen readers and exact reading.
 */
export function ChartFrame({
  id,
  title,
  description,
  height,
  left,
  max,
  days,
  scale,
  label,
  children,
  legend,
}: ChartFrameProps) {
  const labelEvery = Math.ceil(days.length / 6)
  const anchorOf = (i: number) =>
    days.length === 1 ? 'middle' : i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle'
  return (
    <figure className="traffic-chart">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={left}
              x2={WIDTH - PAD.right}
              y1={scale.y(max * f)}
              y2={scale.y(max * f)}
              className="traffic-grid"
            />
            <text x={left - 6} y={scale.y(max * f) + 4} textAnchor="end" className="traffic-axis">
              {label(max * f)}
            </text>
          </g>
        ))}
        {children}
        {days.map((day, i) =>
          i % labelEvery === 0 || i === days.length - 1 ? (
            <text key={day} x={scale.x(i)} y={height - 6} textAnchor={anchorOf(i)} className="traffic-axis">
              {day.slice(5)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="traffic-legend">{legend}</figcaption>
    </figure>
  )
}
