import type { UiCopy } from '../../schemas/copy'
import type { ShowcaseItem } from '../../schemas/pages'
import { SmartLink } from '../ui/SmartLink'
import { Video } from '../ui/Video'

interface ShowcaseCardProps {
  item: ShowcaseItem
  labels: UiCopy['showcase']
  /** Video on the right from 48rem up (alternate items, so the page zig-zags). */
  reverse?: boolean
}

/** A try-on or game item: its looping video beside its description, benefits and "Try it now". */
export function ShowcaseCard({ item, labels, reverse = false }: ShowcaseCardProps) {
  const headingId = `showcase-${item.id}`
  const portrait = item.video.height > item.video.width
  return (
    <article aria-labelledby={headingId} className={`panel showcase${reverse ? ' showcase-reverse' : ''}`}>
      <div className={`showcase-media${portrait ? ' showcase-media-portrait' : ''}`}>
        <Video {...item.video} label={item.videoLabel} className="showcase-video" />
      </div>
      <div>
        <h2 id={headingId} className="page-heading">
          {item.title}
        </h2>
        <p className="showcase-summary">{item.description}</p>
        <p className="page-text">{item.longDescription}</p>
        <h3 className="showcase-subheading">{labels.benefits}</h3>
        <ul className="tick-list">
          {item.benefits.map((benefit) => (
            <li key={benefit}>
              <span aria-hidden="true" className="tick">
                ✓
              </span>
              {benefit}
            </li>
          ))}
        </ul>
        <p className="showcase-action">
          <SmartLink target={{ url: item.url }} className="btn btn-primary" context={`: ${item.title}`}>
            {labels.action}
          </SmartLink>
        </p>
      </div>
    </article>
  )
}
