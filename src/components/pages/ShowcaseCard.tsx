import type { ShowcaseItem } from '../../schemas/pages'
import { Video } from '../ui/Video'
import { ExternalLink } from './ExternalLink'

/** A try-on or game item: its looping video beside its description, benefits and "Try it now". */
export function ShowcaseCard({ item, reverse = false }: { item: ShowcaseItem; reverse?: boolean }) {
  const headingId = `showcase-${item.id}`
  const portrait = item.video.height > item.video.width
  return (
    <article aria-labelledby={headingId} className={`panel showcase${reverse ? ' showcase-reverse' : ''}`}>
      <div className={`showcase-media${portrait ? ' showcase-media-portrait' : ''}`}>
        <Video
          src={item.video.src}
          poster={item.video.poster}
          width={item.video.width}
          height={item.video.height}
          label={item.videoLabel}
          className="showcase-video"
        />
      </div>
      <div>
        <h2 id={headingId} className="page-heading">
          {item.title}
        </h2>
        <p className="showcase-summary">{item.description}</p>
        <p className="page-text">{item.longDescription}</p>
        <h3 className="showcase-subheading">Benefits</h3>
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
          <ExternalLink href={item.url} className="btn btn-primary" context={item.title}>
            Try it now
          </ExternalLink>
        </p>
      </div>
    </article>
  )
}
