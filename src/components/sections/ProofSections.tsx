import type { ImageContent } from '../../schemas/content'
import type { Tone } from '../../schemas/composed-pages'
import { serializeJson } from '../../lib/serialize'
import { useRenderState } from '../RenderContext'
import { Picture } from '../ui/Picture'
import { toneClass, ToneSection } from './ToneSection'

/** The proof a landing page shows (issue 45): figures, questions and answers, a quote, logos. */

export function FiguresSection({
  tone,
  figures,
  ...heading
}: {
  title: string
  intro?: string
  tone: Tone
  figures: { value: string; label: string }[]
}) {
  return (
    <ToneSection tone={tone} heading={heading}>
      <ul className={`card-grid card-grid-${figures.length === 3 ? 3 : 4}`}>
        {figures.map((figure) => (
          <li key={figure.label} className="card stat-card">
            <p className="stat-value">{figure.value}</p>
            <p>{figure.label}</p>
          </li>
        ))}
      </ul>
    </ToneSection>
  )
}

/** Questions as <details>, and the FAQPage structured data search engines read. */
export function FaqSection({
  tone,
  items,
  ...heading
}: {
  title: string
  intro?: string
  tone: Tone
  items: { question: string; answer: string }[]
}) {
  const { nonce } = useRenderState()
  const data = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  }
  return (
    <ToneSection tone={tone} heading={heading} className="faq">
      <div className="faq-list">
        {items.map((item) => (
          <details key={item.question} className="faq-item">
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </div>
      <script
        type="application/ld+json"
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: serializeJson(data) }}
      />
    </ToneSection>
  )
}

export function QuoteSection({
  tone,
  quote,
  name,
  role,
}: {
  tone: Tone
  quote: string
  name: string
  role?: string
}) {
  return (
    <section className={toneClass(tone)} aria-label={name}>
      <figure className="container quote">
        <blockquote>
          <p>{quote}</p>
        </blockquote>
        <figcaption>
          <strong>{name}</strong>
          {role ? <span>, {role}</span> : null}
        </figcaption>
      </figure>
    </section>
  )
}

export function LogoWallSection({
  tone,
  logos,
  ...heading
}: {
  title: string
  intro?: string
  tone: Tone
  logos: ImageContent[]
}) {
  return (
    <ToneSection tone={tone} heading={heading}>
      <ul className="logo-wall">
        {logos.map((logo) => (
          <li key={logo.src}>
            <Picture {...logo} sizes="10rem" />
          </li>
        ))}
      </ul>
    </ToneSection>
  )
}
