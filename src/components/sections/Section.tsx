import { useId, type ReactNode } from 'react'
import type { SectionHeadingContent } from '../../schemas/home'
import { SectionHeading } from '../ui/SectionHeading'

interface SectionProps {
  /** The h2 (and intro) the section is named by. */
  heading: SectionHeadingContent
  /** The darker band; home sections alternate between plain and tinted. */
  tint?: boolean
  className?: string
  children: ReactNode
}

/** A home section with a centred heading above its content. */
export function Section({ heading, tint = false, className, children }: SectionProps) {
  const headingId = useId()
  const classes = ['section', tint ? 'section-tint' : '', className ?? ''].filter(Boolean).join(' ')
  return (
    <section className={classes} aria-labelledby={headingId}>
      <div className="container">
        <SectionHeading id={headingId} title={heading.title} intro={heading.intro} />
        {children}
      </div>
    </section>
  )
}
