import { useId, type CSSProperties, type ReactNode } from 'react'

export interface TableRow {
  key: string | number
  /** One cell per column. */
  cells: ReactNode[]
}

interface DataTableProps {
  caption: ReactNode
  /** Column headings, in order. */
  columns: string[]
  rows: TableRow[]
  /** Fills the one row of a table without rows. */
  empty?: string
  /** The column whose cell names its row (a row header). */
  rowHeader?: number
  /** Columns of long text (addresses, e-mails) that may break anywhere. */
  long?: number[]
  /** On a narrow screen, show each row as a stack of labelled cells instead of a wide row. */
  stack?: boolean
  /**
   * Column widths (CSS lengths; undefined shares what is left), fixed before any row arrives: a
   * table in the first screen then keeps its columns while its rows stream in, instead of moving
   * them as each longer row is parsed.
   */
  widths?: (string | undefined)[]
}

/**
 * A console table: a caption, column and row headers with scope, and a frame that scrolls
 * sideways rather than the page when the table is wider than the screen. The frame is a named,
 * focusable region, so keyboards can scroll it too. Each cell carries its column's name, which a
 * stacked table shows beside the value (one box, hence the div) on a narrow screen.
 */
export function DataTable({
  caption,
  columns,
  rows,
  empty = '',
  rowHeader,
  long = [],
  stack,
  widths,
}: DataTableProps) {
  const captionId = useId()
  const className = ['data-table', stack && 'data-table-stack', widths && 'data-table-fixed']
  return (
    <div className="table-frame" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={className.filter(Boolean).join(' ')}>
        <caption id={captionId}>{caption}</caption>
        {widths ? (
          <colgroup>
            {columns.map((column, index) => (
              // A custom property: the width applies from 40rem up (admin.css); a stacked table ignores it.
              <col
                key={column}
                style={widths[index] ? ({ '--column-width': widths[index] } as CSSProperties) : undefined}
              />
            ))}
          </colgroup>
        ) : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, cells }) => (
            <tr key={key}>
              {cells.map((cell, index) => {
                const props = {
                  'data-label': columns[index],
                  className: long.includes(index) ? 'data-table-long' : undefined,
                }
                return index === rowHeader ? (
                  <th key={index} scope="row" {...props}>
                    <div>{cell}</div>
                  </th>
                ) : (
                  <td key={index} {...props}>
                    <div>{cell}</div>
                  </td>
                )
              })}
            </tr>
          ))}
          {rows.length ? null : (
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
