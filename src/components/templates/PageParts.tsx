import type { ReactNode } from 'react'
import type { UiCopy } from '../../schemas/copy'
import type { ShowcaseItem } from '../../schemas/pages'
import { ShowcaseCard } from './ShowcaseCard'

/** An inner page's h1 and the lead paragraph under it. */
export function PageIntro({ heading, lead }: { heading: string; lead: string }) {
  return (
    <>
      <h1 className="page-title">{heading}</h1>
      <p className="page-lead">{lead}</p>
    </>
  )
}

/** A headed part of an inner page; `id` names its h2 for the landmark. */
export function PageSection(props: { id: string; heading: string; className: string; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id} className={props.className}>
      <h2 id={props.id} className="page-heading">
        {props.heading}
      </h2>
      {props.children}
    </section>
  )
}

/** The try-on or gaming items, alternating the side of their video. */
export function ShowcaseList({ items, labels }: { items: ShowcaseItem[]; labels: UiCopy['showcase'] }) {
  return (
    <div className="showcase-list">
      {items.map((item, index) => (
        <ShowcaseCard key={item.id} item={item} labels={labels} reverse={index % 2 === 1} />
      ))}
    </div>
  )
}

/** A card with a big figure or step number over its title and a line of text. */
export function FigureCard({
  figure,
  title,
  text,
}: {
  figure?: string | number
  title: string
  text: string
}) {
  return (
    <li className="panel figure-card">
      {figure !== undefined ? (
        <p aria-hidden="true" className="figure">
          {figure}
        </p>
      ) : null}
      <h3 className="panel-title">{title}</h3>
      <p className="page-text">{text}</p>
    </li>
  )
}
