import type { ReactNode } from 'react'
import { leadHref, type LeadListQuery } from '../../lib/admin-links'
import type { AdminCopy } from '../../schemas/admin-words'
import type { DeliveryChannel, LeadRow } from '../../schemas/admin-records'
import { DataTable } from './DataTable'
import { LeadStatusWord } from './LeadStatusWord'
import { UtcTime } from './UtcTime'

interface LeadTableProps {
  leads: LeadRow[]
  caption: ReactNode
  copy: AdminCopy['leads']['table']
  channelNames: Record<DeliveryChannel, string>
  /** The list shown (filter and page), so a lead's Back link returns to it. */
  list?: LeadListQuery
}

/** One page of leads, newest first, with the page and campaign each came from; each name opens the lead. */
export function LeadTable({ leads, caption, copy, channelNames, list }: LeadTableProps) {
  const rows = leads.map((lead) => ({
    key: lead.id,
    cells: [
      <UtcTime iso={lead.receivedAt} />,
      <a href={leadHref(lead.id, list)}>{lead.name || copy.erased}</a>,
      lead.email,
      lead.pagePath ?? '',
      lead.utmCampaign ?? '',
      <LeadStatusWord status={lead.status} />,
      lead.deliveredVia ? (channelNames[lead.deliveredVia as DeliveryChannel] ?? lead.deliveredVia) : '',
      lead.attempts,
    ],
  }))
  return (
    <DataTable
      caption={caption}
      columns={[
        copy.received,
        copy.name,
        copy.email,
        copy.page,
        copy.campaign,
        copy.status,
        copy.via,
        copy.attempts,
      ]}
      rows={rows}
      empty={copy.none}
      rowHeader={1}
      long={[2]}
      stack
    />
  )
}
