import type { AdminCopy } from '../../schemas/admin-copy'

interface PagerProps {
  page: number
  pages: number
  total: number
  hrefFor: (page: number) => string
  copy: AdminCopy['leads']['pager']
}

/** Previous and Next as plain links, keeping the filter; where we are, and how many in all. */
export function Pager({ page, pages, total, hrefFor, copy }: PagerProps) {
  return (
    <nav className="pager" aria-label={copy.label}>
      {page > 1 ? (
        <a href={hrefFor(page - 1)} rel="prev" className="btn btn-ghost btn-sm">
          {copy.previous}
        </a>
      ) : null}
      <p>
        {copy.page} {page} {copy.of} {pages} · {total} {copy.total}
      </p>
      {page < pages ? (
        <a href={hrefFor(page + 1)} rel="next" className="btn btn-ghost btn-sm">
          {copy.next}
        </a>
      ) : null}
    </nav>
  )
}
