/**
 * A number of days from configuration: `value` when it is a positive whole number, else `fallback`.
 *
 * @example positiveDays('30', 90) === 30
 * @example positiveDays('', 90) === 90
 */
export function positiveDays(value: string | undefined, fallback: number): number {
  const days = Number(value)
  return Number.isInteger(days) && days > 0 ? days : fallback
}
