import type { AdminCopy } from '../../schemas/admin-words'

interface PagerProps {
  page: number
  pages: number
  total: number
  /** The total is where counting stopped (a search): "more than" it. */
  atLeast?: boolean
  previousHref: string | null
  nextHref: string | null
  copy: AdminCopy['leads']['pager']
}

/** Previous and Next as plain links, keeping the filter; where we are, and how many in all. */
export function Pager({ page, pages, total, atLeast, previousHref, nextHref, copy }: PagerProps) {
  return (
    <nav className="pager" aria-label={copy.label}>
      {previousHref ? (
        <a href={previousHref} rel="prev" className="btn btn-ghost btn-sm">
          {copy.previous}
        </a>
      ) : null}
      <p>
        {atLeast
          ? `${copy.page} ${page} · ${copy.moreThan} ${total} ${copy.total}`
          : `${copy.page} ${page} ${copy.of} ${pages} · ${total} ${copy.total}`}
      </p>
      {nextHref ? (
        <a href={nextHref} rel="next" className="btn btn-ghost btn-sm">
          {copy.next}
        </a>
      ) : null}
    </nav>
  )
}
