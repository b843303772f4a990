/**
 * A raster hero poster (issue 22, item 7): the build cuts a cover a portrait crop for phones, never
 * enlarged; the hero's <picture>, its <link rel=preload> tags and the Link header for early hints
 * describe the same files for the same screens, so the browser fetches one file, once; and on every
 * screen the width `sizes` promises is at least the width the poster covers, so it is never
 * upscaled (else the video's first frame would become the largest paint).
 *
 * The photos are made here (small gradients with stripes) and built by the real pipeline into a temporary
 * root; `virtual:media` is that build's manifest, so the components render what a build with a
 * raster hero would send.
 */
import { rmSync, statSync } from 'node:fs'
import fc from 'fast-check'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import sharp from 'sharp'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { MediaPipeline, PORTRAIT_CROP } from '../../src/build/media'
import type { RasterImage } from '../../src/lib/picture'
import type { PageSection } from '../../src/schemas/composed-pages'
import { nav } from '../../src/content/nav'
import { site } from '../../src/content/site'
import { ui } from '../../src/content/ui'

const { built, ORIGINALS, COVERS } = vi.hoisted(() => ({
  built: { root: '', pipeline: undefined as unknown, manifest: {} as Record<string, unknown> },
  /** Originals by /media path: the hero (landscape, wider than any built width), and three others. */
  ORIGINALS: {
    'home/hero.jpg': [1100, 620],
    'cover/narrow.jpg': [600, 1000],
    'cover/small.jpg': [900, 500],
    'blog/card.jpg': [700, 467],
  } as Record<string, readonly [number, number]>,
  COVERS: ['/media/home/hero.svg', '/media/cover/narrow.jpg', '/media/cover/small.jpg'],
}))

vi.mock('virtual:media', async () => {
  const { mkdtempSync: temp, mkdirSync: mkdir } = await import('node:fs')
  const { tmpdir: tmp } = await import('node:os')
  const { dirname: dir, join: at } = await import('node:path')
  const { default: sharpen } = await import('sharp')
  const { MediaPipeline: Pipeline } = await import('../../src/build/media')
  built.root = temp(at(tmp(), 'xr-hero-poster-'))
  for (const [path, [width, height]] of Object.entries(ORIGINALS)) {
    const file = at(built.root, 'src/media', path)
    mkdir(dir(file), { recursive: true })
    // Stripes and a gradient: deterministic, and quick to encode.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#234"/><stop offset="1" stop-color="#c96"/></linearGradient><pattern id="p" width="24" height="24" patternUnits="userSpaceOnUse"><rect width="12" height="24" fill="#fff" opacity="0.3"/></pattern></defs><rect width="100%" height="100%" fill="url(#g)"/><rect width="100%" height="100%" fill="url(#p)"/></svg>`
    await sharpen(Buffer.from(svg)).jpeg({ quality: 90 }).toFile(file)
  }
  const pipeline = new Pipeline({ root: built.root, covers: COVERS })
  built.pipeline = pipeline
  built.manifest = await pipeline.manifest()
  return { default: built.manifest }
})

// Imported after the mock is declared (vi.mock is hoisted above every import anyway).
const { heroPosterLayout, portraitMedia, Hero } = await import('../../src/components/sections/Hero')
const { homePage: homePageOf } = await import('../../src/pages/HomePage')
const { defaultSiteCopy } = await import('../../src/content/site-copy')
const { posts } = await import('../../src/content/pages/blog')
/** The repository's content, as the content service gives it with no edition published. */
const SITE = { stamp: 0, copy: defaultSiteCopy, posts, pages: [], gonePages: [] }
const homePage = homePageOf(SITE)
const { home } = await import('../../src/content/home/index')
const { preloadLinkHeader } = await import('../../src/server/platform/render/early-hints')
const { SiteDocument } = await import('../../src/pages/SiteDocument')
const { ClientNeeds, RenderContext } = await import('../../src/components/RenderContext')
const { firstViewBytes } = await import('../../src/server/studio/services/first-view')

afterAll(() => rmSync(built.root, { recursive: true, force: true }))

const manifest = () => built.manifest as Record<string, RasterImage>
const widthsOf = (image: Omit<RasterImage, 'portrait'>) => image.avif.map((v) => v.width)

describe('the pipeline cuts covers a portrait crop for phones', () => {
  it('a landscape cover: a 2:3 centre crop of its full height, at most 960 px wide', async () => {
    const hero = manifest()['/media/home/hero']!
    expect([hero.width, hero.height]).toEqual([1100, 620])
    expect(widthsOf(hero)).toEqual([320, 640, 960, 1100])
    // The crop of 1100 × 620 is its centre 413 × 620, under the 960 px cap: built up to 413.
    const crop = hero.portrait!
    expect([crop.width, crop.height]).toEqual([413, 620])
    expect(widthsOf(crop)).toEqual([320, 413])
    expect(crop.webp.map((v) => v.width)).toEqual([320, 413])
    expect(PORTRAIT_CROP).toEqual({ ratio: 2 / 3, maxWidth: 960 })
  })

  it('never enlarges: every built width is at most the pixels the crop or frame has', async () => {
    for (const [path, [width, height]] of Object.entries(ORIGINALS)) {
      const image = manifest()['/media/' + path.replace(/\.\w+$/, '')]!
      expect(Math.max(...widthsOf(image)), path).toBe(Math.min(width, 1920))
      const crop = image.portrait
      if (!COVERS.some((cover) => cover.startsWith('/media/' + path.replace(/\.\w+$/, '')))) {
        expect(crop, path).toBeUndefined()
        continue
      }
      const cropPixels = Math.min(width, Math.round(height * PORTRAIT_CROP.ratio))
      expect(Math.max(...widthsOf(crop!)), path).toBe(Math.min(cropPixels, PORTRAIT_CROP.maxWidth))
      expect(widthsOf(crop!).every((w) => w <= cropPixels)).toBe(true)
    }
    // A portrait original narrower than 2:3 is its own crop (no sides to cut).
    const narrow = manifest()['/media/cover/narrow']!.portrait!
    expect([narrow.width, narrow.height]).toEqual([600, 1000])
    // A small cover's crop (333 × 500) stops at its own width.
    expect(widthsOf(manifest()['/media/cover/small']!.portrait!)).toEqual([320, 333])
  })

  it('the files are what the srcsets say: every variant has the width its descriptor names', async () => {
    const pipeline = built.pipeline as MediaPipeline
    const outputs = await pipeline.outputs()
    const crop = manifest()['/media/home/hero']!.portrait!
    for (const variant of [...crop.avif, ...crop.webp]) {
      const file = outputs.get(variant.url.replace('/assets/', ''))!
      const { width, height } = await sharp(file).metadata()
      expect(width).toBe(variant.width)
      expect((width ?? 0) / (height ?? 1)).toBeCloseTo(crop.width / crop.height, 2)
    }
  })

  it('each variant says its file’s size, and a landing page’s first view weighs the crop a phone gets', async () => {
    const outputs = await (built.pipeline as MediaPipeline).outputs()
    const hero = manifest()['/media/home/hero']!
    for (const variant of [...hero.avif, ...hero.webp, ...hero.portrait!.avif])
      expect(variant.bytes).toBe(statSync(outputs.get(variant.url.replace('/assets/', ''))!).size)
    // A 390 px phone at 3× takes the first AVIF at least 1,170 px wide, here the crop's widest (413).
    const poster = { ...home.hero, video: { ...home.hero.video, poster: '/media/home/hero.jpg' } }
    const libraryBytes = () => Promise.resolve({ ok: true as const, value: 0 })
    expect(await firstViewBytes([{ hero: poster }], libraryBytes)).toEqual({
      ok: true,
      value: hero.portrait!.avif.at(-1)!.bytes,
    })
    // The first three sections' pictures: the blog card's widest AVIF (700 px) in the third, not in the fourth.
    const card = { src: '/media/blog/card.jpg', alt: 'A card', width: 700, height: 467 }
    const intro = { title: 'Meet us', text: 'At NRF.', ctas: [] }
    const benefits = {
      title: 'Offers',
      tone: 'plain',
      items: [{ title: 'One', description: 'A', image: card }],
    }
    const cardBytes = manifest()['/media/blog/card']!.avif.at(-1)!.bytes!
    const quote = { quote: 'Sales doubled.', name: 'A client', tone: 'plain' }
    const sections = (...rest: unknown[]) => [{ intro }, ...rest] as PageSection[]
    expect(await firstViewBytes(sections({ quote }, { benefits }), libraryBytes)).toEqual({
      ok: true,
      value: cardBytes,
    })
    expect(await firstViewBytes(sections({ quote }, { quote }, { benefits }), libraryBytes)).toEqual({
      ok: true,
      value: 0,
    })
  })
})

/** Every `<tag …>` of a kind in some markup, as attribute maps. */
function tags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'g'))].map(([, attributes]) =>
    Object.fromEntries(
      [...(attributes ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map(([, k, v]) => [k!.toLowerCase(), v!]),
    ),
  )
}

function render(node: ReactNode): string {
  const state = {
    nonce: 'n',
    formToken: 't',
    view3dUrl: 'https://viewer.example.com/',
    origin: 'https://shop.example.org',
    needs: new ClientNeeds(),
    assets: {
      styles: '/assets/app.css',
      console: '/c.css',
      islands: '/i.js',
      enhance: '/e.js',
      passkeys: '/p.js',
      tools: '/t.js',
      vitals: '/v.js',
      dev: false,
    },
    content: SITE,
    locale: 'en',
    alternates: [],
    localHref: (href: string) => href,
    chrome: { ui, nav, site },
  }
  return renderToStaticMarkup(<RenderContext.Provider value={state}>{node}</RenderContext.Provider>)
}

describe('the hero poster on /', () => {
  const decode = (html: string) => html.replaceAll('&amp;', '&')
  const picture = () =>
    decode(/<picture>[\s\S]*?<\/picture>/.exec(render(<Hero {...home.hero} />))?.[0] ?? '')
  const head = () =>
    decode(
      render(
        <SiteDocument meta={homePage.meta} path="/">
          {null}
        </SiteDocument>,
      ).split('</head>')[0] ?? '',
    )

  it('has the crop for phones first, then the full frame, AVIF before WebP', () => {
    const sources = tags(picture(), 'source')
    const layout = heroPosterLayout(home.hero.video.poster)
    expect(layout.portrait).toBeDefined()
    expect(sources.map((s) => [s.media ?? null, s.type])).toEqual([
      [layout.portrait!.media, 'image/avif'],
      [layout.portrait!.media, 'image/webp'],
      [null, 'image/avif'],
      [null, 'image/webp'],
    ])
    expect(sources[0]!.srcset).toMatch(/^\/assets\/hero-[0-9a-f]{10}-p320\.avif 320w, /)
    expect(sources[2]!.srcset).toMatch(/^\/assets\/hero-[0-9a-f]{10}-320\.avif 320w, /)
    expect(tags(picture(), 'img')[0]).toMatchObject({
      fetchpriority: 'high',
      class: 'video-poster picture-cover',
    })
  })

  it('is preloaded, in the page and in the Link header, exactly as each AVIF source says', () => {
    const avif = tags(picture(), 'source').filter((s) => s.type === 'image/avif')
    const preloads = tags(head(), 'link').filter((l) => l.rel === 'preload' && l.imagesrcset)
    expect(preloads).toEqual([
      {
        rel: 'preload',
        as: 'image',
        type: 'image/avif',
        media: avif[0]!.media,
        imagesrcset: avif[0]!.srcset,
        imagesizes: avif[0]!.sizes,
        fetchpriority: 'high',
      },
      // The full frame is for the screens the crop is not for: never both on one screen.
      {
        rel: 'preload',
        as: 'image',
        type: 'image/avif',
        media: `not all and ${avif[0]!.media}`,
        imagesrcset: avif[1]!.srcset,
        imagesizes: avif[1]!.sizes,
        fetchpriority: 'high',
      },
    ])
    const header = preloadLinkHeader('/assets/app.css', homePage.meta).split(', <').slice(1)
    expect(header).toHaveLength(2)
    preloads.forEach((preload, i) => {
      const link = header[i]!
      expect(link).toContain(`rel=preload; as=image; fetchpriority=high; type="image/avif"`)
      expect(link).toContain(`media="${preload.media}"`)
      expect(link).toContain(`imagesrcset="${preload.imagesrcset}"`)
      expect(link).toContain(`imagesizes="${preload.imagesizes}"`)
      expect(link.startsWith(`${preload.imagesrcset!.split(' ')[0]}>;`)).toBe(true)
    })
  })
})

/**
 * The browser's side, worked out for any screen: which source a media query picks, the width the
 * poster covers in the hero (at least min(92vh, 52rem) tall, .hero), and the width `sizes` gives.
 */
describe('on every screen the poster is sent sharp enough and never upscaled', () => {
  const rootPx = 16
  const heroHeight = (vw: number, vh: number) => Math.min(0.92 * vh, 52 * rootPx)
  const matches = (media: string, vw: number, vh: number) => {
    const [, num, den, maxWidth] = /^\(max-aspect-ratio: (\d+)\/(\d+)\) and \(max-width: (\d+)px\)$/.exec(
      media,
    )!
    return vw / vh <= Number(num) / Number(den) && vw <= Number(maxWidth)
  }
  /** The width a `sizes` of Hero.tsx's form gives, for a hero of its least height (or `tallest`). */
  const sizesPx = (sizes: string, vw: number, vh: number) => {
    const [, tallest, ratio] =
      /^max\(100vw, calc\((?:max\()?min\(92vh, 52rem\)(?:, (\d+)rem\))? \* ([\d.]+)\)\)$/.exec(sizes)!
    return Math.max(vw, Math.max(heroHeight(vw, vh), Number(tallest ?? 0) * rootPx) * Number(ratio))
  }
  const screens = fc.record({
    vw: fc.integer({ min: 280, max: 3000 }),
    vh: fc.integer({ min: 400, max: 2000 }),
  })

  it.each([
    ['a landscape hero', '/media/home/hero.svg'],
    ['a portrait one', '/media/cover/narrow.jpg'],
    ['a small one', '/media/cover/small.jpg'],
  ])(
    '%s: the crop only where it shows the same framing, and `sizes` at least the covered width',
    (_name, poster) => {
      const image = manifest()[poster.replace(/\.\w+$/, '')]!
      const layout = heroPosterLayout(poster)
      const crop = image.portrait!
      fc.assert(
        fc.property(screens, ({ vw, vh }) => {
          const h = heroHeight(vw, vh)
          const portrait = matches(layout.portrait!.media, vw, vh)
          const shown = portrait ? crop : image
          // Covering the hero box: as wide as the screen, or wider where its height rules.
          const covered = Math.max(vw, h * (shown.width / shown.height))
          const promised = sizesPx(portrait ? layout.portrait!.sizes : layout.sizes, vw, vh)
          expect(promised).toBeGreaterThanOrEqual(covered)
          // The crop fills the hero's height without cutting it: the same slice of the scene.
          if (portrait) expect(vw / h).toBeLessThanOrEqual(crop.width / crop.height)
        }),
      )
    },
  )

  it('on a phone whose hero text makes it taller than its least height, the crop is still not upscaled', () => {
    const layout = heroPosterLayout('/media/home/hero.svg')
    const crop = manifest()['/media/home/hero']!.portrait!
    // Hero heights measured in Chromium on the home page (the text wraps more on narrow screens).
    for (const [vw, vh, hero] of [
      [390, 664, 676],
      [375, 667, 673],
      [360, 640, 666],
      [320, 568, 779],
    ] as const) {
      expect(matches(layout.portrait!.media, vw, vh), `${vw}×${vh}`).toBe(true)
      const covered = Math.max(vw, hero * (crop.width / crop.height))
      expect(sizesPx(layout.portrait!.sizes, vw, vh), `${vw}×${vh}`).toBeGreaterThanOrEqual(covered)
    }
  })

  it('phones in portrait get the crop; landscape phones, tablets and desktops the full frame', () => {
    const { media } = heroPosterLayout('/media/home/hero.svg').portrait!
    expect(media).toBe(
      portraitMedia(
        manifest()['/media/home/hero']!.portrait!.width / manifest()['/media/home/hero']!.portrait!.height,
      ),
    )
    for (const [vw, vh] of [
      [412, 823],
      [390, 844],
      [360, 740],
      [430, 932],
      [390, 664],
    ] as const)
      expect(matches(media, vw, vh), `${vw}×${vh}`).toBe(true)
    for (const [vw, vh] of [
      [844, 390],
      [820, 1180],
      [1280, 800],
      [1920, 1080],
    ] as const)
      expect(matches(media, vw, vh), `${vw}×${vh}`).toBe(false)
  })
})
