import { useId } from 'react'
import { type PortraitSource, rasterImageFor } from '../../lib/media'
import type { HeroContent } from '../../schemas/home'
import { CtaRow } from '../ui/SmartLink'
import { Video } from '../ui/Video'

/** The hero's least height, min(92vh, 52rem) (.hero in styles/sections.css); its poster covers the whole hero. */
const HERO_MIN_HEIGHT = { vh: 92, rem: 52 }
const HERO_MIN_HEIGHT_CSS = `min(${HERO_MIN_HEIGHT.vh}vh, ${HERO_MIN_HEIGHT.rem}rem)`

/** How the hero poster is shown: `sizes` of the full frame, and on phones its portrait crop. */
export interface HeroPosterLayout {
  sizes: string
  portrait?: PortraitSource
}

/**
 * How wide a poster of this shape shows when it covers the hero: the screen's width, or more where
 * covering the hero's height crops its sides (a portrait phone). Asking for less would upscale the
 * poster, and its video's first frame would then replace it as the largest paint. `tallest` is a
 * height the hero may grow to when its text needs more than its least height.
 */
function coverSizes(ratio: number, tallest?: string): string {
  const height = tallest ? `max(${HERO_MIN_HEIGHT_CSS}, ${tallest})` : HERO_MIN_HEIGHT_CSS
  // Rounded up with 1% to spare: a hair too small still counts as upscaled.
  return `max(100vw, calc(${height} * ${Math.ceil(ratio * 1010) / 1000}))`
}

/**
 * On a narrow phone the hero's text makes it taller than its least height (measured: 676 px on a
 * 390 × 664 screen, 779 px on 320 × 568), and the crop covering it would be upscaled. The crop's
 * `sizes` therefore counts the hero at least 50rem tall: free, because a phone of 1.5 device pixels
 * per CSS pixel or more already gets the crop's widest file (960 px).
 */
const PHONE_HERO_TALLEST = '50rem'

/**
 * The screens whose hero box is at most `ratio` wide for its height: 100vw / min(92vh, 52rem) ≤
 * ratio, that is an aspect ratio of at most 0.92 × ratio and a width of at most 52rem × ratio
 * (rounded down, so never a hair too wide). There the portrait crop, covering the hero at its full
 * height, shows exactly the slice of the full frame the hero would show: the same picture, but only
 * the pixels on screen are sent. Wider screens keep the full frame.
 */
export function portraitMedia(ratio: number): string {
  const aspect = Math.floor(ratio * HERO_MIN_HEIGHT.vh * 100)
  return `(max-aspect-ratio: ${aspect}/10000) and (max-width: ${Math.floor(ratio * HERO_MIN_HEIGHT.rem * 16)}px)`
}

/**
 * The hero poster's layout: the full frame's `sizes`, and, when the build cut the poster a
 * portrait crop (a cover, src/build/media.ts), where that crop replaces it and how wide it shows.
 */
export function heroPosterLayout(poster: string): HeroPosterLayout {
  const image = rasterImageFor(poster)
  if (!image) return { sizes: '100vw' }
  const sizes = coverSizes(image.width / image.height)
  const crop = image.portrait
  if (!crop) return { sizes }
  const ratio = crop.width / crop.height
  return { sizes, portrait: { media: portraitMedia(ratio), sizes: coverSizes(ratio, PHONE_HERO_TALLEST) } }
}

/** 1. Hero: looping background video (or its poster picture alone), the page's one h1, demo store and video links. */
export function Hero({ eyebrow, title, text, video, ctas }: HeroContent) {
  const headingId = useId()
  const poster = heroPosterLayout(video.poster)
  return (
    <section className="hero" aria-labelledby={headingId}>
      <Video
        className="hero-video"
        {...video}
        label=""
        posterSizes={poster.sizes}
        posterPortrait={poster.portrait}
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
