import type { ReactNode } from 'react'
import type { ProseSection } from '../../schemas/pages'
import { BackToHome } from './BackToHome'
import { Prose } from './Prose'

interface ReadingPageProps {
  backLabel: string
  /** The title block: h1 and what goes around it. */
  header: ReactNode
  /** The opening paragraphs and the headed sections after them. */
  text: { intro: string[]; sections: ProseSection[] }
  introClassName: string
  /** After the text (an article's call to action). */
  children?: ReactNode
}

/** A long read in the narrow column: an article or a legal page. */
export function ReadingPage({ backLabel, header, text, introClassName, children }: ReadingPageProps) {
  return (
    <article className="page-narrow">
      <BackToHome label={backLabel} />
      <header>{header}</header>
      {text.intro.map((paragraph) => (
        <p key={paragraph} className={introClassName}>
          {paragraph}
        </p>
      ))}
      <Prose sections={text.sections} />
      {children}
    </article>
  )
}
