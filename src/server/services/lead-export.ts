/**
 * The lead list as CSV (RFC 4180) for Excel and friends: UTF-8 with a byte-order mark (so Excel
 * reads it as UTF-8), CRLF line ends, every field quoted. A field that a spreadsheet would run as
 * a formula (it starts with = + - @, after any whitespace, or with a tab or a carriage return) gets a
 * leading apostrophe.
 */
import type { LeadRow } from '../storage/lead-queries'

const COLUMNS: [string, (row: LeadRow) => string | number | null][] = [
  ['id', (r) => r.id],
  ['received (UTC)', (r) => r.receivedAt],
  ['status', (r) => r.status],
  ['attempts', (r) => r.attempts],
  ['last error', (r) => r.lastError],
  ['delivered (UTC)', (r) => r.deliveredAt],
  ['delivered via', (r) => r.deliveredVia],
  ['spam reasons', (r) => r.spamReasons?.replaceAll('\n', '; ') ?? null],
  ['name', (r) => r.name],
  ['email', (r) => r.email],
  ['phone', (r) => r.phone],
  ['inquiry', (r) => r.inquiry],
  ['visitor local time', (r) => r.localTime],
  ['page', (r) => r.pagePath],
  ['referrer', (r) => r.referrer],
  ['utm_source', (r) => r.utmSource],
  ['utm_medium', (r) => r.utmMedium],
  ['utm_campaign', (r) => r.utmCampaign],
  ['erased (UTC)', (r) => r.erasedAt],
]

/**
 * @example csvField('=HYPERLINK("x")') === '"\'=HYPERLINK(""x"")"'
 */
/**
 * What a spreadsheet may read as the start of a formula: a tab or CR, or a formula sign (ASCII or
 * fullwidth ＝＋－＠) after any whitespace or zero-width characters (U+200B–U+200D, U+2060, U+FEFF).
 */
const FORMULA_START = /^[\t\r]|^[\s\u200b-\u200d\u2060\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20]/

export function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return `"${text.replace(/"/g, '""')}"`
}

export function leadsCsv(rows: LeadRow[]): string {
  const lines = [COLUMNS.map(([title]) => csvField(title))]
  for (const row of rows) lines.push(COLUMNS.map(([, value]) => csvField(value(row))))
  return '\uFEFF' + lines.map((fields) => fields.join(',')).join('\r\n') + '\r\n'
}
