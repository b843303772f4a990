interface SectionHeadingProps {
  id: string
  title: string
  intro?: string
  eyebrow?: string
  align?: 'center' | 'start'
}

/** A section's h2 (the target of its aria-labelledby) with an optional eyebrow and intro. */
export function SectionHeading({ id, title, intro, eyebrow, align = 'center' }: SectionHeadingProps) {
  return (
    <div className={`section-heading section-heading-${align}`}>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id}>{title}</h2>
      {intro ? <p className="section-intro">{intro}</p> : null}
    </div>
  )
}
