/**
 * The lead list as CSV (RFC 4180) for Excel and friends: UTF-8 with a byte-order mark (so Excel
 * reads it as UTF-8), CRLF line ends, every field quoted. A field that a spreadsheet would run as
 * a formula (it starts with = + - @, after any whitespace, or with a tab or a carriage return) gets a
 * leading apostrophe.
 */
import { csvField } from '../../../lib/csv'
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
