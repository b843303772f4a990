import { leadsHref } from '../../lib/admin-links'
import type { AdminCopy } from '../../schemas/admin-words'
import { LEAD_STATUSES, type StatusCounts } from '../../schemas/admin-records'
import { DataTable } from './DataTable'
import { LeadStatusWord } from './LeadStatusWord'

/** Leads per status for today, 7 and 30 days; each status links to its list. */
export function StatusCountsTable({ counts, copy }: { counts: StatusCounts; copy: AdminCopy['counts'] }) {
  const rows = LEAD_STATUSES.map((status) => ({
    key: status,
    cells: [
      <a href={leadsHref({ status })}>
        <LeadStatusWord status={status} />
      </a>,
      counts[status].today,
      counts[status].week,
      counts[status].month,
    ],
  }))
  return (
    <DataTable
      caption={copy.caption}
      columns={[copy.status, copy.today, copy.week, copy.month]}
      rows={rows}
      rowHeader={0}
    />
  )
}
