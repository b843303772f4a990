import { useId } from 'react'
import type { HeroContent } from '../../schemas/home'
import { CtaRow } from '../ui/SmartLink'
import { Video } from '../ui/Video'

/** The hero's poster spans the screen's width (cropped to the hero's height). */
export const HERO_POSTER_SIZES = '100vw'

/** 1. Hero: looping background video, the page's one h1, demo store and video links. */
export function Hero({ eyebrow, title, text, video, ctas }: HeroContent) {
  const headingId = useId()
  return (
    <section className="hero" aria-labelledby={headingId}>
      <Video className="hero-video" {...video} label="" posterSizes={HERO_POSTER_SIZES} priority />
      <div className="hero-shade" />
      <div className="container">
        <p className="eyebrow">{eyebrow}</p>
        <h1 id={headingId}>{title}</h1>
        <p className="hero-text">{text}</p>
        <CtaRow ctas={ctas} />
      </div>
    </section>
  )
}
