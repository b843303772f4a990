import type { MediaCard } from '../../schemas/home'
import { ArrowRightIcon, ArrowUpRightIcon } from '../ui/icons'
import { Picture } from '../ui/Picture'
import { SmartLink } from '../ui/SmartLink'

/** A card's picture: a third of the content column from 64rem, half from 40rem, else the column. */
export const CARD_IMAGE_SIZES = '(min-width: 64rem) 32vw, (min-width: 40rem) 48vw, calc(100vw - 2rem)'

/** A card as shown: `lang` and its visible `mark` when its title is in another language than the page (an English post on a German page). */
export type ShownCard = MediaCard & { lang?: string; mark?: string }

/**
 * 6, 11 and 13. Three cards with a picture: commerce-suite showcases and extended services end in
 * a link (↗ when it leaves the site, → when it stays), blog teasers are links as a whole.
 */
export function MediaCardGrid({ cards }: { cards: ShownCard[] }) {
  return (
    <ul className="card-grid card-grid-3">
      {cards.map((card) => (
        <li
          key={card.title}
          id={card.id}
          className={card.href ? 'card media-card linked-card' : 'card media-card'}
        >
          <Picture {...card.image} className="card-media" sizes={CARD_IMAGE_SIZES} />
          <div className="card-body">
            {card.mark ? <p className="post-date">{card.mark}</p> : null}
            <h3 lang={card.lang}>
              {card.href ? (
                <a href={card.href} className="stretched-link" hrefLang={card.lang}>
                  {card.title}
                </a>
              ) : (
                card.title
              )}
            </h3>
            <p>{card.description}</p>
            {card.cta ? (
              <SmartLink target={card.cta.target} className="text-link" context={card.cta.context}>
                {card.cta.label}
                {'section' in card.cta.target || 'path' in card.cta.target ? (
                  <ArrowRightIcon />
                ) : (
                  <ArrowUpRightIcon />
                )}
              </SmartLink>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  )
}
