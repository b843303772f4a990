/**
 * The lead list as CSV (RFC 4180) for Excel and friends: UTF-8 with a byte-order mark (so Excel
 * reads it as UTF-8), CRLF line ends, every field quoted. A field that a spreadsheet would run as
 * a formula (it starts with = + - @, after any whitespace, or with a tab or a carriage return) gets a
 * leading apostrophe.
 */
import type { LeadRow } from '../../../schemas/admin-records'

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

const csvLine = (fields: string[]) => fields.join(',') + '\r\n'
const HEADER = '\uFEFF' + csvLine(COLUMNS.map(([title]) => csvField(title)))
const rowLines = (rows: LeadRow[]) =>
  rows.map((row) => csvLine(COLUMNS.map(([, value]) => csvField(value(row))))).join('')

export function leadsCsv(rows: LeadRow[]): string {
  return HEADER + rowLines(rows)
}

/**
 * The CSV as a stream: the header, then each batch as it is read, so memory holds one batch
 * whatever the size of the export. `done` runs with the number of rows once the last is sent; a
 * failed read ends the stream with an error (the download fails rather than looking complete).
 */
export function leadsCsvStream(
  batches: AsyncIterable<LeadRow[]>,
  /** Called once, with the rows sent: `whole` false when the download was cut off. */
  done: (rows: number, whole: boolean) => Promise<void>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const source = batches[Symbol.asyncIterator]()
  let rows = 0
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(HEADER))
    },
    async pull(controller) {
      const next = await source.next()
      if (next.done) {
        await done(rows, true)
        controller.close()
        return
      }
      rows += next.value.length
      controller.enqueue(encoder.encode(rowLines(next.value)))
    },
    async cancel() {
      await source.return?.()
      await done(rows, false)
    },
  })
}
