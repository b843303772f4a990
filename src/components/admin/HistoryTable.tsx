import { ADMIN_PATHS } from '../../lib/admin-links'
import type { AdminCopy } from '../../schemas/admin-words'
import type { ViewerUrlChange } from '../../schemas/admin-records'
import { DataTable } from './DataTable'
import { UtcTime } from './UtcTime'

interface HistoryTableProps {
  changes: ViewerUrlChange[]
  copy: AdminCopy['settings']['history']
}

/**
 * The viewer URL's changes, newest first. Each row's Restore posts the row's id (not its value),
 * so the server saves the To value it recorded; the button's description is that address.
 */
export function HistoryTable({ changes, copy }: HistoryTableProps) {
  const rows = changes.map((change) => {
    const toId = `change-${change.id}-to`
    return {
      key: change.id,
      cells: [
        <UtcTime iso={change.changedAt} />,
        <>
          {change.changedBy}{' '}
          <span className="data-table-note">
            {copy.via} {change.source}
          </span>
        </>,
        change.oldValue || copy.nothing,
        <span id={toId}>{change.newValue}</span>,
        <form method="post" action={ADMIN_PATHS.restore}>
          <input type="hidden" name="id" value={change.id} />
          <button type="submit" className="btn btn-ghost btn-sm" aria-describedby={toId}>
            {copy.restore}
          </button>
        </form>,
      ],
    }
  })
  return (
    <DataTable
      caption={copy.caption}
      columns={[copy.when, copy.who, copy.from, copy.to, copy.restoreColumn]}
      rows={rows}
      empty={copy.none}
      long={[2, 3]}
      stack
    />
  )
}
