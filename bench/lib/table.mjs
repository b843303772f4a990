/** Plain-text and markdown tables for the tools' reports. */

/**
 * @param {string[]} head
 * @param {(string | number)[][]} rows
 */
export function markdownTable(head, rows) {
  const cells = [head, ...rows.map((r) => r.map(String))]
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)))
  const line = (r) => '| ' + r.map((c, i) => (c ?? '').padEnd(widths[i] ?? 0)).join(' | ') + ' |'
  return [
    line(cells[0] ?? []),
    '| ' + widths.map((w) => '-'.repeat(w)).join(' | ') + ' |',
    ...cells.slice(1).map(line),
  ].join('\n')
}

/** @param {number} bytes */
export const kb = (bytes) => (bytes / 1024).toFixed(1)

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return NaN
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}
