/**
 * The lead list as CSV (RFC 4180) for Excel and friends: UTF-8 with a byte-order mark (so Excel
 * reads it as UTF-8), CRLF line ends, every field quoted. A field that a spreadsheet would run as
 * a formula (it starts with = + - @, after any whitespace, or with a tab or a carriage return) gets a
 * leading apostrophe. A campaign form's answers (issue 63) get a column per field, then one for
 * any other answers.
 */
import { csvField } from '../../../lib/csv'
import type { LeadRow } from '../../../schemas/admin-records'
import { readableAnswers } from '../../../schemas/campaign-form'

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
  ['locale', (r) => r.locale],
  ['erased (UTC)', (r) => r.erasedAt],
]

/** The last column: a campaign form's answers that have no column of their own, `Label: answer; …`. */
export const OTHER_ANSWERS = 'other answers'

/**
 * The columns of a campaign form's fields (issue 63): each label the first batch's leads answered,
 * in the order first seen, so an export of a landing page's leads has a column per field of its
 * form. A later lead's answer to a label not among them (a form edited since) goes to OTHER_ANSWERS.
 */
export function answerColumns(rows: readonly LeadRow[]): string[] {
  const labels = new Set<string>()
  for (const row of rows) for (const { label } of readableAnswers(row.formFields)) labels.add(label)
  return [...labels]
}

const csvLine = (fields: string[]) => fields.join(',') + '\r\n'
const headerOf = (answers: readonly string[]) =>
  '\uFEFF' + csvLine([...COLUMNS.map(([title]) => title), ...answers, OTHER_ANSWERS].map(csvField))

/** A lead's fields in the header's order; its answers by label, each guarded as any other field. */
function rowLine(row: LeadRow, answers: readonly string[]): string {
  const given = new Map(readableAnswers(row.formFields).map(({ label, answer }) => [label, answer]))
  const own = answers.map((label) => given.get(label) ?? null)
  const other = [...given].filter(([label]) => !answers.includes(label))
  return csvLine(
    [
      ...COLUMNS.map(([, value]) => value(row)),
      ...own,
      other.map(([label, answer]) => `${label}: ${answer}`).join('; '),
    ].map(csvField),
  )
}

const rowLines = (rows: LeadRow[], answers: readonly string[]) =>
  rows.map((row) => rowLine(row, answers)).join('')

export function leadsCsv(rows: LeadRow[]): string {
  const answers = answerColumns(rows)
  return headerOf(answers) + rowLines(rows, answers)
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
  /** The campaign forms' answer columns (answerColumns of the first batch). */
  answers: readonly string[] = [],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const source = batches[Symbol.asyncIterator]()
  let rows = 0
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(headerOf(answers)))
    },
    async pull(controller) {
      const next = await source.next()
      if (next.done) {
        await done(rows, true)
        controller.close()
        return
      }
      rows += next.value.length
      controller.enqueue(encoder.encode(rowLines(next.value, answers)))
    },
    async cancel() {
      await source.return?.()
      await done(rows, false)
    },
  })
}
