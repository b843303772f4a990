import type { ShowcaseItem } from '../../schemas/pages'
import { Video } from '../ui/Video'
import { ExternalLink } from './ExternalLink'
import { pageStyles } from './styles'

/** A try-on or game item: its looping video beside its description, benefits and "Try it now". */
export function ShowcaseCard({ item, reverse = false }: { item: ShowcaseItem; reverse?: boolean }) {
  const headingId = `showcase-${item.id}`
  const portrait = item.video.height > item.video.width
  return (
    <article
      aria-labelledby={headingId}
      className={`${pageStyles.card} grid items-center gap-8 md:grid-cols-2 md:p-8`}
    >
      <div className={`${reverse ? 'md:order-2' : ''} ${portrait ? 'mx-auto w-full max-w-60' : 'w-full'}`}>
        <Video
          src={item.video.src}
          poster={item.video.poster}
          width={item.video.width}
          height={item.video.height}
          label={item.videoLabel}
          className="w-full overflow-hidden rounded-xl"
        />
      </div>
      <div>
        <h2 id={headingId} className={pageStyles.h2}>
          {item.title}
        </h2>
        <p className="mt-3 text-lg text-slate-200">{item.description}</p>
        <p className={`mt-3 ${pageStyles.body}`}>{item.longDescription}</p>
        <h3 className="mt-6 text-sm font-semibold tracking-wider text-slate-200 uppercase">Benefits</h3>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {item.benefits.map((benefit) => (
            <li key={benefit} className="flex gap-2 text-slate-300">
              <span aria-hidden="true" className="text-indigo-300">
                ✓
              </span>
              {benefit}
            </li>
          ))}
        </ul>
        <p className="mt-8">
          <ExternalLink href={item.url} className={pageStyles.primaryButton} context={item.title}>
            Try it now
          </ExternalLink>
        </p>
      </div>
    </article>
  )
}
