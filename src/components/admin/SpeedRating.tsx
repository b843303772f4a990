import { ratingOf, type SpeedFigure, type SpeedMetric } from '../../schemas/speed'

interface SpeedCellProps {
  metric: SpeedMetric
  figure: SpeedFigure
  words: { ratings: Record<string, string>; notEnough: string; views: string }
}

/** A metric's value as the console writes it: seconds for loading, milliseconds for response, CLS as is. */
export function speedValue(metric: SpeedMetric, value: number): string {
  if (metric === 'LCP') return `${(value / 1000).toFixed(1)} s`
  if (metric === 'INP') return `${Math.round(value)} ms`
  return value < 0.005 ? '0' : value.toFixed(2)
}

/**
 * One p75 with its rating, as a colour and in words (Google's good, needs improvement, poor), and
 * the views it is read from; "not enough data" below 100 views.
 */
export function SpeedCell({ metric, figure, words }: SpeedCellProps) {
  const views = words.views.replace('{count}', figure.count.toLocaleString('en-GB'))
  if (figure.p75 === null)
    return (
      <span className="speed-cell">
        <span className="speed-rating speed-none">{words.notEnough}</span>{' '}
        <span className="speed-views">{views}</span>
      </span>
    )
  const rating = ratingOf(metric, figure.p75)
  return (
    <span className="speed-cell">
      <strong>{speedValue(metric, figure.p75)}</strong>{' '}
      <span className={`speed-rating speed-${rating}`}>{words.ratings[rating]}</span>{' '}
      <span className="speed-views">{views}</span>
    </span>
  )
}
