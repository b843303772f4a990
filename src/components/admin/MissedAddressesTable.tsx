import { ADMIN_PATHS } from '../../lib/admin-links'
import type { MissedAddress } from '../../lib/redirect-rules'
import { fillTemplate } from '../../lib/template'
import type { AdminCopy } from '../../schemas/admin-words'
import { AddressButton } from './AddressButton'
import { DataTable } from './DataTable'

/** The 404 inbox: each address with its hits, a Redirect to… form started at the nearest served address, and Ignore. */
export function MissedAddressesTable({
  missed,
  copy: i,
}: {
  missed: MissedAddress[]
  copy: AdminCopy['redirects']['inbox']
}) {
  return (
    <DataTable
      caption={i.caption}
      columns={[i.address, i.week, i.month, i.from, i.redirect, i.ignore]}
      stack
      long={[0]}
      empty={i.none}
      rows={missed.map((miss, n) => ({
        key: miss.path,
        cells: [
          <code key="path">{miss.path}</code>,
          miss.week.toLocaleString('en'),
          miss.month.toLocaleString('en'),
          miss.from === 'direct' ? i.direct : miss.from ? <code key="from">{miss.from}</code> : '',
          <form key="redirect" method="post" action={ADMIN_PATHS.redirects} className="inbox-redirect">
            <input type="hidden" name="from" value={miss.path} />
            <input type="hidden" name="status" value="301" />
            <label htmlFor={`inbox-to-${n}`} className="sr-only">
              {fillTemplate(i.redirectLabel, { path: miss.path })}
            </label>
            <input
              id={`inbox-to-${n}`}
              name="to"
              className="field-input"
              required
              maxLength={2000}
              defaultValue={miss.nearest}
            />
            <button type="submit" className="btn btn-primary btn-sm">
              {i.submit} <span className="sr-only">{miss.path}</span>
            </button>
          </form>,
          <AddressButton
            key="ignore"
            action={ADMIN_PATHS.redirectsIgnore}
            address={miss.path}
            label={i.ignore}
            variant="ghost"
          />,
        ],
      }))}
    />
  )
}
