import { utcText } from '../../lib/admin-links'

/** A stored time, shown in UTC and saying so; machines read the exact value from dateTime. */
export function UtcTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{utcText(iso)}</time>
}
