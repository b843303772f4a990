/** The periods a report page can show (7 days, 30…), the one shown marked as the current page. */
export function PeriodNav({
  path,
  periods,
  days,
  words,
}: {
  path: string
  periods: readonly number[]
  days: number
  words: { label: string; days: string }
}) {
  return (
    <nav aria-label={words.label} className="admin-nav traffic-periods">
      <ul>
        {periods.map((period) => (
          <li key={period}>
            <a href={`${path}?days=${period}`} aria-current={period === days ? 'page' : undefined}>
              {period} {words.days}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
