import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { brands } from '../../src/content/brands'
import { examples, external } from '../../src/content/external'
import { footer } from '../../src/content/footer'
import { home } from '../../src/content/home'
import { posts } from '../../src/content/pages/blog'
import { nav } from '../../src/content/nav'
import { site } from '../../src/content/site'
import { ui } from '../../src/content/ui'
import { updatePageCopy } from '../../src/content/update'
import {
  brandsSchema,
  externalUrlSchema,
  footerSchema,
  navSchema,
  sectionIds,
  siteSchema,
} from '../../src/schemas/content'
import { uiCopySchema, updatePageCopySchema } from '../../src/schemas/copy'
import { homeSchema } from '../../src/schemas/home'

const PUBLIC = join(import.meta.dirname, '../../public')

/** Every string in a value that looks like a /media/... path. */
function mediaPaths(value: unknown): string[] {
  if (typeof value === 'string') return value.startsWith('/media/') ? [value] : []
  if (Array.isArray(value)) return value.flatMap(mediaPaths)
  if (value && typeof value === 'object') return Object.values(value).flatMap(mediaPaths)
  return []
}

describe('content files parse with their schemas', () => {
  it.each([
    ['site', siteSchema, site],
    ['nav', navSchema, nav],
    ['brands', brandsSchema, brands],
    ['home', homeSchema, home],
    ['footer', footerSchema, footer],
    ['ui', uiCopySchema, ui],
    ['update', updatePageCopySchema, updatePageCopy],
  ] as const)('%s', (_name, schema, data) => {
    const result = schema.safeParse(data)
    expect(result.success ? [] : result.error.issues).toEqual([])
  })

  it('rejects content that breaks the rules (the schemas can fail)', () => {
    expect(brandsSchema.safeParse(brands.slice(0, 11)).success).toBe(false)
    expect(
      navSchema.safeParse({ ...nav, login: { title: 'Login', url: 'http://insecure.example' } }).success,
    ).toBe(false)
    const badTile = { ...home.xr.tiles[0], target: { section: 'no-such-section' } }
    expect(
      homeSchema.safeParse({ ...home, xr: { ...home.xr, tiles: [badTile, ...home.xr.tiles.slice(1)] } })
        .success,
    ).toBe(false)
  })

  it('keeps every external address in external.ts as an https URL', () => {
    const urls = JSON.stringify(external).match(/https?:\/\/[^"]+/g) ?? []
    expect(urls.length).toBeGreaterThan(20)
    for (const url of urls) expect(externalUrlSchema.safeParse(url).success, url).toBe(true)
    expect(external.defaultViewerUrl).toMatch(/\?model=/)
    expect(examples.email).toMatch(/@/)
    expect(examples.phone.replace(/\D/g, '').length).toBeGreaterThanOrEqual(10)
  })
})

describe('home content matches the spec', () => {
  it('gives every home anchor to exactly one section', () => {
    const ids = [
      home.storeBuilder.id,
      ...home.suite.showcases.map((s) => s.id),
      home.realEstate.id,
      ...home.services.cards.flatMap((c) => ('id' in c ? [c.id] : [])),
      'sec-contact', // ContactSection
    ]
    expect([...ids].sort()).toEqual([...sectionIds].sort())
  })

  it('lists the spec figures and names', () => {
    expect(home.brandsGet.stats.map((s) => s.value)).toEqual(['74%', '3x', '40%', '61%'])
    expect(home.brandsGet.stats[1]?.description).toContain('9 minutes')
    expect(home.brandsGet.claim.value).toBe('90%')
    expect(home.stores.items.map((s) => s.title)).toEqual([
      'Vero Italy',
      'Pixel Pals',
      'Zelviano',
      'Digitron',
      'Deyga',
    ])
    expect(home.why.points.map((p) => p.title)).toEqual([
      'Low Cost Development',
      'Very Fast to Market',
      'Excellent Service',
      'Impressive Creativity',
      'Works on All Devices',
      'High render Quality',
    ])
    const titleOf = (slug: string) => posts.find((post) => post.slug === slug)?.title
    expect(home.blog.cards.map((c) => [`/${c.post}`, titleOf(c.post)])).toEqual([
      ['/blog-1', 'XR Store: Information and Benefits'],
      ['/blog-2', 'Leveraging Immersive Storytelling'],
      ['/blog-3', 'Future of Shopping: GenZ and GenAlpha Buyer preferences'],
    ])
    expect(home.services.cards.map((c) => c.title)).toEqual([
      'Shopify Store Development',
      '3D Product Creation',
      'Amazon Services',
    ])
    expect(home.xr.tiles.filter((t) => 'target' in t).map((t) => t.title)).toEqual([
      'View in 3D',
      'AR Try On',
      'Gamified Experience',
      'Multiplayer',
    ])
  })
})

describe('media placeholders', () => {
  const referenced = [...new Set([...mediaPaths(home), ...mediaPaths(brands), ...mediaPaths(site)])]

  it('ships every media file the content references', () => {
    expect(referenced.length).toBeGreaterThan(40)
    const missing = referenced.filter((p) => !existsSync(join(PUBLIC, p)))
    expect(missing).toEqual([])
  })

  it('keeps posters and images at most 20 KB and videos at most 150 KB', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
      )
    const tooBig = files(join(PUBLIC, 'media'))
      .filter((f) => !f.includes('/media/pages/'))
      .filter((f) => statSync(f).size > (/\.(mp4|webm)$/.test(f) ? 150_000 : 20_000))
    expect(tooBig).toEqual([])
  })
})
