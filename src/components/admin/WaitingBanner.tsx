import { Fragment } from 'react'
import { leadsHref } from '../../lib/admin-links'
import type { AdminCopy } from '../../schemas/admin-copy'

interface WaitingBannerProps {
  waiting: { dead: number; held: number }
  copy: AdminCopy['waiting']
}

/** While dead or held leads wait for an admin: how many, each number a link to that list. */
export function WaitingBanner({ waiting, copy }: WaitingBannerProps) {
  const kinds = (['dead', 'held'] as const).filter((status) => waiting[status] > 0)
  if (!kinds.length) return null
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
      <p>{copy.text}</p>
    </div>
  )
}
