import { home } from '../../content/home'
import { ArrowUpRightIcon } from '../ui/icons'
import { SectionHeading } from '../ui/SectionHeading'
import { SmartLink } from '../ui/SmartLink'
import { Video } from '../ui/Video'

/** 7. XR feature grid: 9 tiles, 3 columns on desktop; tiles with a target show an arrow link. */
export function XrFeaturesSection() {
  const { xr } = home
  return (
    <section className="section" aria-labelledby="xr-title">
      <div className="container">
        <SectionHeading id="xr-title" title={xr.title} intro={xr.intro} />
        <ul className="card-grid card-grid-3 xr-grid">
          {xr.tiles.map((tile) => (
            <li key={tile.title} className="card xr-tile">
              <Video {...tile.video} className="card-media" label="" />
              <div className="card-body">
                <h3>{tile.title}</h3>
                <p>{tile.description}</p>
              </div>
              {tile.target ? (
                <SmartLink target={tile.target} className="tile-arrow">
                  <ArrowUpRightIcon />
                  <span className="sr-only">{tile.title}</span>
                </SmartLink>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
