import { home } from '../../content/home'
import { ButtonLink } from '../ui/SmartLink'
import { Video } from '../ui/Video'

/** 1. Hero: looping background video, the page's one h1, demo store and video links. */
export function Hero() {
  const { hero } = home
  return (
    <section className="hero" aria-labelledby="hero-title">
      <Video className="hero-video" {...hero.video} label="" />
      <div className="hero-shade" />
      <div className="container hero-content">
        <p className="eyebrow">{hero.eyebrow}</p>
        <h1 id="hero-title">{hero.title}</h1>
        <p className="hero-text">{hero.text}</p>
        <div className="cta-row">
          <ButtonLink target={hero.primary.target} context=": demo store">
            {hero.primary.label}
          </ButtonLink>
          <ButtonLink target={hero.secondary.target} variant="secondary">
            {hero.secondary.label}
          </ButtonLink>
        </div>
      </div>
    </section>
  )
}
