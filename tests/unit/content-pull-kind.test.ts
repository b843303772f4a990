/**
 * `npm run content:pull` writes what each document's kind says (studio/kinds/ `PULLS`), planned by
 * scripts/lib/content-pulls.ts: a kind more (tests/support/event-kind.ts) is pulled into a file of
 * its own with no change to the script, beside the site's kinds as before.
 */
import { describe, expect, it } from 'vitest'
import {
  applyReplacements,
  landingIndexFile,
  landingPageFile,
  markdownOf,
  type PostSource,
} from '../../scripts/lib/content-files.ts'
import { planPull } from '../../scripts/lib/content-pulls.ts'
import { readFileSync } from 'node:fs'
import { copy as de } from '../../src/content/locales/de'
import { home } from '../../src/content/home'
import { defaultSiteCopy } from '../../src/content/site-copy'
import { posts } from '../../src/content/pages/blog'
import { documentOf } from '../../src/lib/document-kinds'
import { valueAt, type Edition } from '../../src/lib/edition'
import { pullOf } from '../../src/server/studio/kinds'
import { valuesOf } from '../../src/server/studio/services/document-values'
import { addEventKind, eventDoc } from '../support/event-kind'

const defaults = { copy: defaultSiteCopy, posts, pages: [] }

/** The plan of a pull of these live editions and documents taken off the site, as the script makes it. */
const plan = (
  live: { doc: string; edition: Edition }[],
  gone: string[] = [],
  sources = new Map<string, string>(),
) =>
  planPull({
    live,
    gone,
    pullOf,
    valuesOf: (doc, edition) => valuesOf(defaults, doc, edition),
    copyAt: (path, locale) => valueAt(locale === 'de' ? de : defaultSiteCopy, path),
    sources,
    tools: {
      markdownOf: (post) => markdownOf(post as PostSource),
      coverByHand: () => undefined,
      postFile: () => undefined,
      landingPageFile: (page) => landingPageFile(page as { slug: string }),
      landingIndexFile,
    },
  })

describe('content:pull by kind', () => {
  it('writes a kind more as its module says: its own file, from the repository copy and the edition', () => {
    const removeKind = addEventKind()
    try {
      const pulled = plan([
        { doc: eventDoc('nrf-2027'), edition: { 'event.title': 'Walk our 3D store at NRF' } },
      ])
      expect([...pulled.files]).toEqual([
        [
          'events/nrf-2027.json',
          `${JSON.stringify({ slug: 'nrf-2027', title: 'Walk our 3D store at NRF', city: 'New York' }, null, 2)}\n`,
        ],
      ])
      expect([pulled.removed, pulled.replacements, pulled.byHand]).toEqual([[], [], []])
    } finally {
      removeKind()
    }
  })

  it('writes the site’s kinds where they always went: a post’s Markdown, a landing page and its list, a page taken off removed', () => {
    const post = { ...posts[0]!.source, title: 'A new title' }
    const page = { slug: 'nrf-2027', title: 'NRF' }
    const pulled = plan(
      [
        { doc: documentOf('post', post.slug), edition: { 'post.title': 'A new title' } },
        { doc: documentOf('page', 'nrf-2027'), edition: { 'page.slug': 'nrf-2027', 'page.title': 'NRF' } },
      ],
      [documentOf('page', 'old-offer'), documentOf('post', post.slug)],
    )
    expect(pulled.files.get(`blog/${post.slug}.md`)).toBe(markdownOf(post))
    expect(pulled.files.get('landing/nrf-2027.ts')).toBe(landingPageFile(page))
    expect([...pulled.indexes.keys()]).toEqual(['landing'])
    expect(pulled.removed.map(({ file }) => file)).toEqual(['landing/old-offer.ts'])
  })

  it('lists a post’s German edition to copy by hand, and writes no file for it', () => {
    const doc = `${documentOf('post', posts[0]!.slug)}@de`
    const pulled = plan([{ doc, edition: { 'post.title': 'Ein deutscher Titel' } }])
    expect([...pulled.files.keys()]).toEqual([])
    expect(pulled.byHand).toEqual([
      `${doc}: a translation made in the studio (content:pull writes English only)`,
    ])
  })

  it('writes a published German edition into the German words, src/content/locales/de/, and English nowhere', () => {
    const files = ['home/index.ts', 'locales/de/home.ts']
    const sources = new Map(files.map((file) => [file, readFileSync(`src/content/${file}`, 'utf8')]))
    const edition = {
      'home.hero.title': 'Ein neuer Titel, „zitiert“',
      'home.hero.ctas.0.label': 'Los geht’s',
      // The German spreads the English video: no German literal holds it, so it is listed to copy by hand.
      'home.hero.video.poster': '/media/hero-poster.jpg',
    }
    const pulled = plan([{ doc: 'home-hero@de', edition }], [], sources)
    expect(pulled.replacements.map(({ file }) => file)).toEqual(['locales/de/home.ts', 'locales/de/home.ts'])
    const written = applyReplacements(sources, pulled.replacements).get('locales/de/home.ts')!
    expect(written).toContain("title: 'Ein neuer Titel, „zitiert“',")
    expect(written).toContain("{ label: 'Los geht’s', context: ': Demo-Store' }")
    expect(written).not.toContain(de.home.hero.title)
    expect(pulled.byHand).toEqual(['home-hero@de: home.hero.video.poster (not one string)'])
    // The English edition of the same field still goes to the English file.
    const english = plan([{ doc: 'home-hero', edition: { 'home.hero.title': 'New' } }], [], sources)
    expect(english.replacements.map(({ file }) => file)).toEqual(['home/index.ts'])
    expect(home.hero.title).not.toBe(de.home.hero.title)
  })
})
