import type { FieldChange } from '../../lib/edition'
import { DataTable } from './DataTable'
import { humanize } from './StudioInputs'

/**
 * A value as one line of text: a picture by its file, a list item by item, nothing as `empty`,
 * each field named in words (`keyWords`: its label in the editor), never by its key in code.
 */
export function valueText(
  value: unknown,
  empty: string,
  keyWords: (key: string) => string = humanize,
): string {
  if (value === undefined || value === null || value === '') return empty
  if (typeof value !== 'object') return String(value)
  if (Array.isArray(value)) return value.map((item) => valueText(item, empty, keyWords)).join(' · ')
  const record = value as Record<string, unknown>
  if (typeof record.src === 'string') return record.src
  return Object.entries(record)
    .map(([key, inner]) => `${keyWords(key)}: ${valueText(inner, empty, keyWords)}`)
    .join('; ')
}

interface ChangesTableProps {
  caption: string
  /** Column headings: the field, its value before, after. */
  columns: [string, string, string]
  changes: FieldChange[]
  /** A field's path in words. */
  label: (path: string) => string
  /** A field's key in words, inside a value. */
  keyWords?: (key: string) => string
  empty: string
  none: string
}

/** Fields that differ, each with its two values: a revision's changes, or two drafts side by side. */
export function ChangesTable({ caption, columns, changes, label, keyWords, empty, none }: ChangesTableProps) {
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rowHeader={0}
      long={[1, 2]}
      stack
      empty={none}
      rows={changes.map((change) => ({
        key: change.path,
        cells: [
          label(change.path),
          valueText(change.before, empty, keyWords),
          valueText(change.after, empty, keyWords),
        ],
      }))}
    />
  )
}
