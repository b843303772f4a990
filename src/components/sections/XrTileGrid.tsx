import type { FeatureTile } from '../../schemas/home'
import { ArrowUpRightIcon } from '../ui/icons'
import { SmartLink } from '../ui/SmartLink'
import { Video } from '../ui/Video'

/** 7. XR feature grid: 9 tiles, 3 columns on desktop; tiles with a target show an arrow link. */
export function XrTileGrid({ tiles }: { tiles: FeatureTile[] }) {
  return (
    <ul className="card-grid card-grid-3 xr-grid">
      {tiles.map((tile) => (
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
  )
}
