import { useId } from 'react'
import { rasterImageFor } from '../../lib/media'
import type { HeroContent } from '../../schemas/home'
import { CtaRow } from '../ui/SmartLink'
import { Video } from '../ui/Video'

/** The hero's least height (.hero in styles/sections.css); its poster covers the whole hero. */
const HERO_MIN_HEIGHT = 'min(92vh, 52rem)'

/**
 * How wide the hero poster shows: the screen's width, or more where covering the hero's height
 * crops its sides (a portrait phone). Asking for less would upscale the poster, and its video's
 * first frame would then replace it as the largest paint.
 */
export function heroPosterSizes(poster: string): string {
  const image = rasterImageFor(poster)
  if (!image) return '100vw'
  // Rounded up with 1% to spare: a hair too small still counts as upscaled.
  const ratio = Math.ceil((image.width / image.height) * 1010) / 1000
  return `max(100vw, calc(${HERO_MIN_HEIGHT} * ${ratio}))`
}

/** 1. Hero: looping background video, the page's one h1, demo store and video links. */
export function Hero({ eyebrow, title, text, video, ctas }: HeroContent) {
  const headingId = useId()
  return (
    <section className="hero" aria-labelledby={headingId}>
      <Video
        className="hero-video"
        {...video}
        label=""
        posterSizes={heroPosterSizes(video.poster)}
        priority
      />
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
