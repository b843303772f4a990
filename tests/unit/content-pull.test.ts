/**
 * `npm run content:pull` writes editions back where the repository keeps them: a post's
 * Markdown file is written exactly as the repository writes it (so a pull changes only what the
 * studio changed), and a changed string replaces the one literal that holds the old text.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  applyReplacements,
  landingIndexFile,
  landingPageFile,
  literalOf,
  markdownOf,
  placeField,
  placesOf,
} from '../../scripts/lib/content-files.ts'
import { home } from '../../src/content/home'
import { posts } from '../../src/content/pages/blog'
import { LANDING_TEMPLATES } from '../../src/content/landing-templates'
import { composedPageSchema } from '../../src/schemas/composed-pages'
import { EVERY_SECTION_PAGE } from '../support/landing-fixture'

const BLOG = 'src/content/blog'
const HOME = 'src/content/home/index.ts'

describe('content:pull', () => {
  it('writes every repository post back byte for byte', () => {
    const files = readdirSync(BLOG).map((name) => readFileSync(join(BLOG, name), 'utf8'))
    expect(posts.length).toBeGreaterThan(0)
    for (const post of posts) {
      const file = files.find((text) => text.includes(`\nslug: ${post.slug}\n`))
      expect(markdownOf(post.source), post.slug).toBe(file)
    }
  })

  it('replaces the one literal that holds a changed string, quotes and all', () => {
    const sources = new Map([[HOME, readFileSync(HOME, 'utf8')]])
    const places = placesOf(sources, 'home.hero.title', home.hero.title)
    expect(places).toHaveLength(1)
    const changed = applyReplacements(sources, [{ ...places[0]!, text: literalOf('Walk in, it’s "open"') }])
    const text = changed.get(HOME)!
    expect(text).toContain(`title: 'Walk in, it’s "open"',`)
    expect(text).not.toContain(home.hero.title)
    expect(text.length - sources.get(HOME)!.length).toBe(
      `'Walk in, it’s "open"'`.length - `'${home.hero.title}'`.length,
    )
  })

  it('leaves a picture of the media library to copy by hand, since it lives in R2 and not in git', () => {
    const sources = new Map([[HOME, readFileSync(HOME, 'utf8')]])
    const poster = '/media/library/0123456789abcdef-6000x4000.jpg'
    const path = 'home.hero.video.poster'
    expect(placesOf(sources, path, home.hero.video.poster)).toHaveLength(1)
    expect(placeField(sources, 'home-hero', path, home.hero.video.poster, poster)).toEqual({
      byHand:
        'home-hero: home.hero.video.poster is in the media library (R2); put the picture in src/media first',
    })
    const title = placeField(sources, 'home-hero', 'home.hero.title', home.hero.title, 'Walk in')
    expect(title).toEqual({ replacement: expect.objectContaining({ file: HOME, text: "'Walk in'" }) })
  })

  it('finds no place for a string the source does not hold under that name', () => {
    const sources = new Map([[HOME, readFileSync(HOME, 'utf8')]])
    expect(placesOf(sources, 'home.hero.text', home.hero.title)).toEqual([])
  })

  it('writes landing pages as typed data the site loads back as they were, listed in the index', async () => {
    const pages = [EVERY_SECTION_PAGE, { ...LANDING_TEMPLATES.campaign, slug: 'nrf-2027' }]
    const dir = mkdtempSync(join(tmpdir(), 'xr-landing-'))
    try {
      for (const page of pages) writeFileSync(join(dir, `${page.slug}.ts`), landingPageFile(page))
      writeFileSync(join(dir, 'index.ts'), landingIndexFile(pages.map((page) => page.slug)))
      const { landingPages } = (await import(/* @vite-ignore */ join(dir, 'index.ts'))) as {
        landingPages: unknown[]
      }
      const bySlug = [...pages].sort((a, b) => a.slug.localeCompare(b.slug))
      expect(landingPages).toEqual(bySlug)
      for (const page of landingPages) expect(composedPageSchema.safeParse(page).success).toBe(true)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
