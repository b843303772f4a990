import { AdminSection } from '../../components/admin/AdminShell'
import { LeadFilters } from '../../components/admin/LeadFilters'
import { LeadTable } from '../../components/admin/LeadTable'
import { Pager } from '../../components/admin/Pager'
import { StatusCountsTable } from '../../components/admin/StatusCountsTable'
import { adminCopy } from '../../content/admin'
import { ADMIN_PATHS, leadsHref } from '../../lib/admin-links'
import type { DeliveryChannel, LeadRow, LeadStatus, StatusCounts } from '../../schemas/admin-records'
import type { PageModule } from '../../schemas/page-module'
import { adminPage, readable, type AdminFrame } from './AdminFrame'

export interface LeadsData extends AdminFrame {
  filter: { status?: LeadStatus; via?: DeliveryChannel; q: string }
  /** From 1. */
  page: number
  pageSize: number
  /** The page's rows and how many match in all; null when the leads could not be read. */
  list: { rows: LeadRow[]; total: number } | null
  counts: StatusCounts | null
}

const copy = adminCopy.leads

/** /admin/leads: counts per status, then the filtered list, 50 a page, with its CSV export. */
export function leadsPage({ filter, page, pageSize, list, counts, ...frame }: LeadsData): PageModule {
  return adminPage(
    'leads',
    copy,
    frame,
    <>
      <AdminSection title={adminCopy.counts.title}>
        {readable(counts, (value) => (
          <StatusCountsTable counts={value} copy={adminCopy.counts} />
        ))}
      </AdminSection>
      <AdminSection title={copy.listTitle}>
        <LeadFilters
          status={filter.status}
          via={filter.via}
          q={filter.q}
          exportHref={leadsHref(filter, ADMIN_PATHS.export)}
          copy={copy.filter}
          channelNames={adminCopy.lead.channels}
        />
        {readable(list, ({ rows, total }) => (
          <>
            <LeadTable
              leads={rows}
              caption={copy.table.caption}
              copy={copy.table}
              channelNames={adminCopy.lead.channels}
            />
            <Pager
              page={page}
              pages={Math.max(1, Math.ceil(total / pageSize))}
              total={total}
              hrefFor={(to) => leadsHref({ ...filter, page: to })}
              copy={copy.pager}
            />
          </>
        ))}
      </AdminSection>
    </>,
  )
}
