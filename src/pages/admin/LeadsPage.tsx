import { AdminSection } from '../../components/admin/AdminShell'
import { LeadFilters } from '../../components/admin/LeadFilters'
import { LeadTable } from '../../components/admin/LeadTable'
import { Pager } from '../../components/admin/Pager'
import { StatusCountsTable } from '../../components/admin/StatusCountsTable'
import { adminCopy } from '../../content/admin'
import { ADMIN_PATHS, leadsHref, type LeadListQuery } from '../../lib/admin-links'
import type {
  DeliveryChannel,
  LeadPage,
  LeadSources,
  LeadStatus,
  StatusCounts,
} from '../../schemas/admin-records'
import type { PageModule } from '../../schemas/page-module'
import { adminPage, readable, type AdminFrame } from './AdminFrame'

export interface LeadsData extends AdminFrame {
  /** The filter; `search` is its words sealed, for the page's links (q is only shown in the field). */
  filter: {
    status?: LeadStatus
    via?: DeliveryChannel
    path?: string
    campaign?: string
    q: string
    search?: string
  }
  /** From 1. */
  page: number
  /** This list's own address (filter, page and cursor), for the way back from a lead. */
  here: LeadListQuery
  pageSize: number
  /** The page's rows, how many match, and the cursors around it; null when unreadable. */
  list: LeadPage | null
  counts: StatusCounts | null
  /** The pages and campaigns leads came from, for the filter's menus; null when unreadable. */
  sources: LeadSources | null
}

const copy = adminCopy.leads

/** /admin/leads: counts per status, then the filtered list, 50 a page, with its CSV export. */
export function leadsPage({
  filter,
  page,
  here,
  pageSize,
  list,
  counts,
  sources,
  ...frame
}: LeadsData): PageModule {
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
          path={filter.path}
          campaign={filter.campaign}
          sources={sources}
          q={filter.q}
          exportHref={leadsHref(filter, ADMIN_PATHS.export)}
          copy={copy.filter}
          channelNames={adminCopy.lead.channels}
        />
        {readable(list, ({ rows, total, atLeast, newer, older }) => (
          <>
            <LeadTable
              leads={rows}
              caption={copy.table.caption}
              copy={copy.table}
              channelNames={adminCopy.lead.channels}
              list={here}
            />
            <Pager
              page={page}
              pages={Math.max(page, Math.ceil(total / pageSize))}
              total={total}
              atLeast={atLeast}
              // Back to page 1 is the list itself; elsewhere the cursors say where a page starts.
              previousHref={
                newer ? leadsHref({ ...filter, ...(page > 2 && { page: page - 1, newer }) }) : null
              }
              nextHref={older ? leadsHref({ ...filter, page: page + 1, older }) : null}
              copy={copy.pager}
            />
          </>
        ))}
      </AdminSection>
    </>,
  )
}
