import { useId } from 'react'
import type { Cta, ImageContent } from '../../schemas/content'
import type { Tone } from '../../schemas/composed-pages'
import { Picture } from '../ui/Picture'
import { CtaRow } from '../ui/SmartLink'
import { toneClass, ToneSection } from './ToneSection'

/**
 * The text sections only landing pages have (issue 45): an h1 without a video, rich text, a
 * picture with text (the call-to-action band is FundingBanner's); the proof ones are ProofSections.tsx. Each sits on one
 * of the design's tones; none takes a colour or a size.
 */

/** The page's h1 and its lead, for a page that opens without the hero's video. */
export function IntroSection({
  eyebrow,
  title,
  text,
  ctas,
}: {
  eyebrow?: string
  title: string
  text: string
  ctas: Cta[]
}) {
  const headingId = useId()
  return (
    <section className="section page-intro" aria-labelledby={headingId}>
      <div className="container">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 id={headingId}>{title}</h1>
        <p className="hero-text">{text}</p>
        {ctas.length ? <CtaRow ctas={ctas} /> : null}
      </div>
    </section>
  )
}

/** Markdown the site compiled and sanitized (studio/services/content-build.ts), under its h2. */
export function RichTextSection({ title, tone, html }: { title: string; tone: Tone; html: string }) {
  return (
    <ToneSection tone={tone} heading={{ title }} className="rich-text">
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
    </ToneSection>
  )
}

export function PictureTextSection({
  eyebrow,
  title,
  text,
  image,
  side,
  tone,
  ctas,
}: {
  eyebrow?: string
  title: string
  text: string
  image: ImageContent
  side: 'picture right' | 'picture left'
  tone: Tone
  ctas: Cta[]
}) {
  const headingId = useId()
  return (
    <section className={toneClass(tone)} aria-labelledby={headingId}>
      <div className={side === 'picture left' ? 'container split split-reverse' : 'container split'}>
        <div className="split-text">
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h2 id={headingId}>{title}</h2>
          <p className="section-intro">{text}</p>
          {ctas.length ? <CtaRow ctas={ctas} /> : null}
        </div>
        <Picture {...image} className="split-media" sizes="(min-width: 56rem) 46vw, calc(100vw - 2rem)" />
      </div>
    </section>
  )
}
