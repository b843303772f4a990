import { useId, type ReactNode } from 'react'
import type { Tone } from '../../schemas/composed-pages'
import { SectionHeading } from '../ui/SectionHeading'

/** A section's class for its tone: the page's own band, the darker tint, or the accent. */
export const toneClass = (tone: Tone) => (tone === 'plain' ? 'section' : `section section-${tone}`)

/** A section on its tone, named by its h2. */
export function ToneSection({
  tone,
  heading,
  className,
  children,
}: {
  tone: Tone
  heading: { title: string; intro?: string; eyebrow?: string }
  className?: string
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <section className={`${toneClass(tone)} ${className ?? ''}`.trim()} aria-labelledby={headingId}>
      <div className="container">
        <SectionHeading id={headingId} {...heading} />
        {children}
      </div>
    </section>
  )
}
