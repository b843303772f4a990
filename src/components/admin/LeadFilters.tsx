import { ADMIN_PATHS } from '../../lib/admin-links'
import type { AdminCopy } from '../../schemas/admin-words'
import {
  EMAIL_CHANNELS,
  LEAD_STATUSES,
  type DeliveryChannel,
  type LeadStatus,
} from '../../schemas/admin-records'
import { LabelledSelect } from './LabelledSelect'
import { LabelledInput } from './LabelledInput'

interface LeadFiltersProps {
  status?: LeadStatus
  via?: DeliveryChannel
  /** The page and campaign filters now shown. */
  path?: string
  campaign?: string
  /** The pages and campaigns leads came from (null when unreadable: the menus then hold only the filter shown). */
  sources: { pages: string[]; campaigns: string[] } | null
  q: string
  /** The CSV export of the filter now shown. */
  exportHref: string
  copy: AdminCopy['leads']['filter']
  /** Each delivery channel's name. */
  channelNames: Record<DeliveryChannel, string>
}

/** A menu's options: the values leads came from, and the one shown if the list leaves it out. */
const choices = (values: string[] | undefined, shown: string | undefined) =>
  [...new Set([...(values ?? []), ...(shown ? [shown] : [])])].map((value) => ({ value, label: value }))

/**
 * The filter as a form post, so it works without JavaScript; the answer is a redirect to the list
 * whose address keeps the filter, with the search words sealed (review T12: no lead's name in a
 * logged address).
 */
export function LeadFilters({
  status,
  via,
  path,
  campaign,
  sources,
  q,
  exportHref,
  copy,
  channelNames,
}: LeadFiltersProps) {
  return (
    <form
      method="post"
      action={ADMIN_PATHS.leads}
      className="lead-filters"
      role="search"
      aria-label={copy.legend}
    >
      <div className="field">
        <label htmlFor="lead-status" className="field-label">
          {copy.status}
        </label>
        <select id="lead-status" name="status" defaultValue={status ?? ''} className="field-input">
          <option value="">{copy.all}</option>
          {LEAD_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <LabelledSelect
          id="lead-via"
          name="via"
          label={copy.via}
          placeholder={copy.anyChannel}
          defaultValue={via ?? ''}
          options={EMAIL_CHANNELS.map((value) => ({ value, label: channelNames[value] }))}
        />
      </div>
      <div className="field">
        <LabelledSelect
          id="lead-page"
          name="path"
          label={copy.page}
          placeholder={copy.anyPage}
          defaultValue={path ?? ''}
          options={choices(sources?.pages, path)}
        />
      </div>
      <div className="field">
        <LabelledSelect
          id="lead-campaign"
          name="campaign"
          label={copy.campaign}
          placeholder={copy.anyCampaign}
          defaultValue={campaign ?? ''}
          options={choices(sources?.campaigns, campaign)}
        />
      </div>
      <div className="field">
        <LabelledInput
          id="lead-search"
          label={copy.search}
          type="search"
          name="q"
          defaultValue={q}
          maxLength={200}
        />
      </div>
      <div className="lead-filter-actions">
        <button type="submit" className="btn btn-primary btn-sm">
          {copy.submit}
        </button>
        <a href={ADMIN_PATHS.leads} className="btn btn-ghost btn-sm">
          {copy.clear}
        </a>
        <a href={exportHref} className="btn btn-ghost btn-sm" download>
          {copy.export}
        </a>
      </div>
    </form>
  )
}
