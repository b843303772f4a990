import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { aboutPage } from '../../src/content/pages/about'
import { articleFrame } from '../../src/content/pages/article'
import { blogIndex, posts } from '../../src/content/pages/blog'
import { errorPageCopy } from '../../src/content/pages/error'
import { gamingPage } from '../../src/content/pages/gaming'
import { legalFrame } from '../../src/content/pages/legal'
import { goneCopy, notFoundCopy, reviewGoneCopy } from '../../src/content/pages/not-found'
import { tryPage } from '../../src/content/pages/try'
import { tryOnPage } from '../../src/content/pages/try-on'
import {
  aboutPageSchema,
  articleFrameSchema,
  blogIndexSchema,
  errorPageSchema,
  gamingPageSchema,
  legalFrameSchema,
  gonePageSchema,
  notFoundPageSchema,
  tryOnPageSchema,
  tryPageSchema,
} from '../../src/schemas/pages'

const PUBLIC = join(import.meta.dirname, '../../public')
const KB = 1024

function issues(
  schema: { safeParse: (value: unknown) => { success: boolean; error?: unknown } },
  value: unknown,
) {
  const result = schema.safeParse(value)
  return result.success ? [] : (result.error as { issues: unknown[] }).issues
}

describe('inner-page content files parse with their schemas', () => {
  it.each([
    ['about', aboutPageSchema, aboutPage],
    ['try-on', tryOnPageSchema, tryOnPage],
    ['gaming', gamingPageSchema, gamingPage],
    ['try', tryPageSchema, tryPage],
    ['not-found', notFoundPageSchema, notFoundCopy],
    ['gone', gonePageSchema, goneCopy],
    ['review gone', gonePageSchema, reviewGoneCopy],
    ['article frame', articleFrameSchema, articleFrame],
    ['blog index', blogIndexSchema, blogIndex],
    ['legal frame', legalFrameSchema, legalFrame],
    ['error page', errorPageSchema, errorPageCopy],
  ] as const)('%s', (_name, schema, data) => {
    expect(issues(schema, data)).toEqual([])
  })

  it('rejects copy that breaks the spec (a fifth benefit, a non-https lens, a wrong founder title)', () => {
    const first = tryOnPage.items[0]!
    const broken = {
      ...tryOnPage,
      items: [{ ...first, benefits: [...first.benefits, 'Fifth'], url: 'http://lens.example.com' }],
    }
    expect(tryOnPageSchema.safeParse(broken).success).toBe(false)
    const wrongTitle = {
      ...aboutPage,
      story: { ...aboutPage.story, founder: { ...aboutPage.story.founder, title: 'CEO' } },
    }
    expect(aboutPageSchema.safeParse(wrongTitle).success).toBe(false)
  })
})

describe('what the spec fixes in the copy', () => {
  it('has the three blog titles of the spec, at /blog-1..3', () => {
    expect(posts.map((a) => [a.slug, a.title]).sort()).toEqual([
      ['blog-1', 'XR Store: Information and Benefits'],
      ['blog-2', 'Leveraging Immersive Storytelling'],
      ['blog-3', 'Future of Shopping: GenZ and GenAlpha Buyer preferences'],
    ])
  })

  it('has the five try-on items and the two games of the spec, in order', () => {
    expect(tryOnPage.items.map((item) => item.title)).toEqual([
      'Necklace',
      'T-shirt',
      'Earring',
      'Shoes',
      'Lipstick',
    ])
    expect(gamingPage.games.map((game) => game.title)).toEqual(['Quiz Game', 'Memory Match Challenge'])
  })

  it('makes the About Us story carry every claim of the spec', () => {
    const story = aboutPage.story.paragraphs.join(' ')
    for (const claim of [
      '100+ online stores built',
      '500+ e-commerce experiences analysed',
      'recent funding',
    ]) {
      expect(story).toContain(claim)
    }
    expect(story).toMatch(/browser or a headset/)
    expect(story).toMatch(/real sales staff/)
  })
})

describe('inner-page media', () => {
  const media = [...tryOnPage.items, ...gamingPage.games].map((item) => item.video)

  it.each(media.map((video) => [video.src, video] as const))('%s exists within budget', (_src, video) => {
    const clip = join(PUBLIC, video.src)
    const poster = join(PUBLIC, video.poster)
    expect(existsSync(clip)).toBe(true)
    expect(existsSync(poster)).toBe(true)
    expect(statSync(clip).size).toBeLessThanOrEqual(150 * KB)
    expect(statSync(poster).size).toBeLessThanOrEqual(20 * KB)
  })
})
