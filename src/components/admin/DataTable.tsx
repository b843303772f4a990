import { useId, type ReactNode } from 'react'

interface DataTableProps {
  caption: ReactNode
  /** Column headings, in order. */
  columns: ReactNode[]
  /** The body rows (`<tr>`); when there are none, `empty` fills one row. */
  rows: ReactNode[]
  empty?: string
}

/**
 * A console table: a caption, column headers with scope, and a frame that scrolls sideways on a
 * narrow screen instead of the page. The frame is a named, focusable region, so keyboards can
 * scroll it too.
 */
export function DataTable({ caption, columns, rows, empty = '' }: DataTableProps) {
  const captionId = useId()
  return (
    <div className="table-frame" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="data-table">
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length ? (
            rows
          ) : (
            <tr>
              <td colSpan={columns.length} className="data-table-empty">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  )
}
