import { Fragment } from 'react'
import { leadsHref } from '../../lib/admin-links'
import type { AdminCopy } from '../../schemas/admin-words'
import { WAITING_STATUSES, type WaitingLeads } from '../../schemas/admin-records'

interface WaitingBannerProps {
  waiting: WaitingLeads
  copy: AdminCopy['waiting']
}

/**
 * While leads wait for an admin (dead, held, or stuck in flight for a day): how many, each number
 * a link to that status's list, and what to do about them.
 */
export function WaitingBanner({ waiting, copy }: WaitingBannerProps) {
  const kinds = WAITING_STATUSES.filter((status) => waiting[status] > 0)
  if (!kinds.length) return null
  const stuck = kinds.some((status) => status !== 'dead' && status !== 'held')
  const actionable = kinds.includes('dead') || kinds.includes('held')
  return (
    <div className="admin-banner">
      <p>
        <strong>{copy.title}</strong>{' '}
        {kinds.map((status, index) => (
          <Fragment key={status}>
            {index ? ', ' : null}
            <a href={leadsHref({ status })}>
              {waiting[status]} {copy[status]}
            </a>
          </Fragment>
        ))}
        .
      </p>
      {actionable ? <p>{copy.text}</p> : null}
      {stuck ? <p>{copy.stuckText}</p> : null}
    </div>
  )
}
