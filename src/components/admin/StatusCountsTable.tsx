import { leadsHref } from '../../lib/admin-links'
import type { AdminCopy } from '../../schemas/admin-copy'
import { LEAD_STATUSES, type StatusCounts } from '../../schemas/admin-records'
import { DataTable } from './DataTable'
import { LeadStatusWord } from './LeadStatusWord'

/** Leads per status for today, 7 and 30 days; each status links to its list. */
export function StatusCountsTable({ counts, copy }: { counts: StatusCounts; copy: AdminCopy['counts'] }) {
  const rows = LEAD_STATUSES.map((status) => (
    <tr key={status}>
      <th scope="row">
        <a href={leadsHref({ status })}>
          <LeadStatusWord status={status} />
        </a>
      </th>
      <td>{counts[status].today}</td>
      <td>{counts[status].week}</td>
      <td>{counts[status].month}</td>
    </tr>
  ))
  return (
    <DataTable
      caption={copy.caption}
      columns={[copy.status, copy.today, copy.week, copy.month]}
      rows={rows}
    />
  )
}
