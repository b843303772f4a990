import type { ReactNode } from 'react'
import { BackToHome } from './BackToHome'

interface ReadingPageProps {
  backLabel: string
  /** The title block: h1 and what goes around it. */
  header: ReactNode
  /**
   * The text as HTML, compiled from Markdown at build time (src/lib/markdown.ts): intro paragraphs,
   * then headed sections. Only the repository's own content files produce it.
   */
  html: string
  /** After the text (an article's call to action). */
  children?: ReactNode
}

/** A long read in the narrow column: an article or a legal page. */
export function ReadingPage({ backLabel, header, html, children }: ReadingPageProps) {
  return (
    <article className="page-narrow">
      <BackToHome label={backLabel} />
      <header>{header}</header>
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
      {children}
    </article>
  )
}
