/**
 * One field of a CSV file (RFC 4180) that spreadsheets open safely: always quoted, and a value a
 * spreadsheet would run as a formula gets a leading apostrophe. Every CSV export uses it (the
 * leads, the activity log, the traffic, the redirects, an experiment's results).
 */

/**
 * What a spreadsheet may read as the start of a formula: a tab or CR, or a formula sign (ASCII or
 * fullwidth ＝＋－＠) after any whitespace or zero-width characters (U+200B–U+200D, U+2060, U+FEFF).
 */
const FORMULA_START = /^[\t\r]|^[\s\u200b-\u200d\u2060\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20]/

/**
 * @example csvField('=HYPERLINK("x")') === '"\'=HYPERLINK(""x"")"'
 */
export function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return `"${text.replace(/"/g, '""')}"`
}
