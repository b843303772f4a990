import type { ReactNode } from 'react'

interface ExternalLinkProps {
  href: string
  className: string
  children: ReactNode
  /** Extra words for screen readers, e.g. which item a generic "Try it now" belongs to. */
  context?: string
}

/** A link that opens another site in a new tab, and says so to assistive technology. */
export function ExternalLink({ href, className, children, context }: ExternalLinkProps) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only">{context ? `: ${context}` : ''} (opens in a new tab)</span>
    </a>
  )
}
