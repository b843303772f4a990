/**
 * The lead list's filter as a query or a form gives it (status, channel, page, campaign), and the
 * names an export of it goes by: the CSV's file name and the activity log's words.
 */
import {
  EMAIL_CHANNELS,
  isLeadStatus,
  type DeliveryChannel,
  type LeadStatus,
} from '../../../schemas/admin-records'

/** A status and channel as a query or a form gives them; an unknown one means no such filter. */
export function statusAndChannel(
  status: unknown,
  via: unknown,
): { status?: LeadStatus; via?: DeliveryChannel } {
  return {
    status: typeof status === 'string' && isLeadStatus(status) ? status : undefined,
    via: (EMAIL_CHANNELS as readonly unknown[]).includes(via) ? (via as DeliveryChannel) : undefined,
  }
}

/** Longer than any page's path or campaign the site stores (traffic/middleware/attribution.ts clips them). */
const MAX_SOURCE_LENGTH = 500

/** A page or campaign as a query or a form gives it; empty or not text means no such filter. */
const sourceOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, MAX_SOURCE_LENGTH) : undefined

/** The page and campaign filters as a query or a form gives them. */
export const sourcesOf = (path: unknown, campaign: unknown) => ({
  path: sourceOf(path),
  campaign: sourceOf(campaign),
})

/**
 * An export's filter as the activity log keeps it: the status, the page (a path of this site), and
 * whether there was a campaign or a search, never the campaign's name or the search's words: the
 * log is never erased, and either may name a person (docs/leads.md).
 */
export const exportDetail = ({ status, path, campaign, q }: ExportFilter) =>
  [
    `status ${status ?? 'all'}`,
    path && `page ${path}`,
    campaign && 'a campaign (not kept)',
    q && 'with a search (not kept)',
  ]
    .filter(Boolean)
    .join(', ')

interface ExportFilter {
  status?: LeadStatus
  via?: DeliveryChannel
  path?: string
  campaign?: string
  q: string
}

/** A page's path or a campaign as words of a file name: lower-case letters and digits joined by hyphens, at most 60. */
const fileWords = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')

/**
 * The CSV's file name after its filter: status, channel, page, campaign and whether it was a
 * search (never the words, which may be a lead's), then the day.
 *
 * @example exportName({ status: 'dead', q: 'ada' }, '2026-12-01') === 'leads-dead-search-2026-12-01.csv'
 * @example exportName({ path: '/lp/retail-fair-2027', campaign: 'Fair 27', q: '' }, '2026-12-01')
 *   === 'leads-all-page-lp-retail-fair-2027-campaign-fair-27-2026-12-01.csv'
 */
export const exportName = ({ status, via, path, campaign, q }: ExportFilter, day: string) => {
  const page = path !== undefined ? fileWords(path) || 'home' : undefined
  const named = campaign !== undefined ? fileWords(campaign) || 'campaign' : undefined
  return `${[
    'leads',
    status ?? 'all',
    via,
    page && `page-${page}`,
    named && `campaign-${named}`,
    q ? 'search' : undefined,
    day,
  ]
    .filter(Boolean)
    .join('-')}.csv`
}
