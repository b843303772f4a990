/**
 * The blog as clients see it: the /blog index, the RSS feed, the sitemap entries, the feed link in
 * every head and each post's BlogPosting structured data; all from the Markdown files.
 */
import { SELF } from 'cloudflare:test'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { posts } from '../../../src/content/pages/blog'
import { PUBLIC_ROUTES } from '../../support/routes'

const ORIGIN = 'https://shop.example.org'

async function get(path: string) {
  const res = await SELF.fetch(ORIGIN + path)
  return { res, body: await res.text() }
}

/** The spec's three posts, newest first (their frontmatter dates). */
const NEWEST_FIRST = ['/blog-3', '/blog-2', '/blog-1']

describe('/blog', () => {
  it('lists every post newest first, each card a link with its date, and loads no script', async () => {
    const { res, body } = await get('/blog')
    expect(res.status).toBe(200)
    const cards = [...body.matchAll(/<li class="[^"]*post-card[^"]*">([\s\S]*?)<\/li>/g)].map(
      (m) => m[1] ?? '',
    )
    expect(cards).toHaveLength(posts.length)
    expect(cards.map((card) => /<a href="([^"]+)"/.exec(card)?.[1])).toEqual(NEWEST_FIRST)
    expect(cards.map((card) => /<time dateTime="([^"]+)">([^<]+)</.exec(card)?.slice(1))).toEqual([
      ['2025-05-19', 'May 19, 2025'],
      ['2025-04-14', 'April 14, 2025'],
      ['2025-03-10', 'March 10, 2025'],
    ])
    for (const card of cards) expect(card).toMatch(/<img [^>]*width="\d+" height="\d+"/)
    // Its one script is the prerender view beacon (lib/speculation-rules.ts), which loads nothing.
    const withoutBeacon = body.replace(
      /<script nonce="[^"]+">[^<]*navigator\.sendBeacon\("\/api\/view"[^<]*<\/script>/,
      '',
    )
    expect(withoutBeacon).not.toMatch(
      /<script\b(?![^>]*type="(?:application\/(?:ld\+)?json|speculationrules)")/,
    )
  })
})

describe('/rss.xml', () => {
  it('is valid RSS 2.0 XML with every post newest first, on absolute links of the request origin', async () => {
    const { res, body } = await get('/rss.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/rss+xml; charset=utf-8')
    expect(XMLValidator.validate(body)).toBe(true)
    const feed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' }).parse(body)
    expect(feed.rss['@_version']).toBe('2.0')
    const channel = feed.rss.channel
    expect(channel.title).toBe('XR Stores blog')
    expect(channel.link).toBe(`${ORIGIN}/blog`)
    expect(channel['atom:link']['@_href']).toBe(`${ORIGIN}/rss.xml`)
    const items = channel.item as {
      title: string
      link: string
      guid: { '#text': string }
      pubDate: string
    }[]
    expect(items.map((item) => item.link)).toEqual(NEWEST_FIRST.map((path) => ORIGIN + path))
    expect(items.map((item) => item.guid['#text'])).toEqual(items.map((item) => item.link))
    expect(items[0]?.title).toBe('Future of Shopping: GenZ and GenAlpha Buyer preferences')
    const dates = items.map((item) => Date.parse(item.pubDate))
    expect(dates.every((date) => !Number.isNaN(date))).toBe(true)
    expect(dates).toEqual([...dates].sort((a, b) => b - a))
    expect(items[0]?.pubDate).toBe('Mon, 19 May 2025 00:00:00 GMT')
  })

  it('is linked from the head of every public page', async () => {
    for (const path of PUBLIC_ROUTES) {
      const { body } = await get(path)
      const head = /<head>([\s\S]*?)<\/head>/.exec(body)?.[1] ?? ''
      expect(head, path).toContain(
        '<link rel="alternate" type="application/rss+xml" title="XR Stores blog" href="/rss.xml"/>',
      )
    }
  })
})

describe('sitemap.xml', () => {
  it('lists /blog and every post', async () => {
    const { body } = await get('/sitemap.xml')
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    for (const path of ['/blog', ...posts.map((post) => `/${post.slug}`)])
      expect(locs).toContain(ORIGIN + path)
  })
})

describe('sitemap.xml dates', () => {
  it('gives each post its date as lastmod', async () => {
    const { body } = await get('/sitemap.xml')
    for (const post of posts)
      expect(body).toContain(`<loc>${ORIGIN}/${post.slug}</loc><lastmod>${post.date}</lastmod>`)
  })
})

describe('link previews', () => {
  const meta = (body: string, property: string) =>
    new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(body)?.[1]

  it.each(posts.map((post) => [post.slug, post] as const))(
    '/%s is an article with its date and its own 1200 × 630 card',
    async (slug, post) => {
      const { body } = await get(`/${slug}`)
      expect(meta(body, 'og:type')).toBe('article')
      expect(meta(body, 'article:published_time')).toBe(post.date)
      expect(meta(body, 'og:image')).toMatch(new RegExp(`^${ORIGIN}/assets/[\\w-]+-og\\.jpg$`))
      expect(meta(body, 'og:image')).toBe(ORIGIN + post.socialImage)
      expect(meta(body, 'og:image:width')).toBe('1200')
      expect(meta(body, 'og:image:height')).toBe('630')
    },
  )

  it('the home page is a website with the site’s card', async () => {
    const { body } = await get('/')
    expect(meta(body, 'og:type')).toBe('website')
    expect(meta(body, 'og:image')).toBe(`${ORIGIN}/og-image.png`)
    expect(body).not.toContain('article:published_time')
  })
})

describe('structured data', () => {
  it.each(posts.map((post) => [post.slug, post] as const))(
    '/%s is a BlogPosting with its date, author and an absolute image',
    async (slug, post) => {
      const { body } = await get(`/${slug}`)
      const json = /<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/.exec(body)?.[1]
      const data = JSON.parse(json ?? 'null') as Record<string, unknown>
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        datePublished: post.date,
        author: { '@type': 'Person', name: post.author },
        url: `${ORIGIN}/${slug}`,
      })
      expect(data.image).toBe(ORIGIN + post.imageUrl)
      expect(data.image).toMatch(/^https:\/\/shop\.example\.org\/(media|assets)\/[\w\-/]+\.(svg|webp)$/)
    },
  )
})

describe('images in a post', () => {
  it('/blog-1 shows its raster figure as a <picture>: AVIF then WebP srcsets, sizes, width and height', async () => {
    const { body } = await get('/blog-1')
    const figure = /<figure class="prose-figure">([\s\S]*?)<\/figure>/.exec(body)?.[1] ?? ''
    // The sanitizer (lib/safe-html.ts) writes a void element's slash after a space: `" />`.
    const sources = [...figure.matchAll(/<source type="([^"]+)" srcset="([^"]+)" sizes="([^"]+)" ?\/>/g)]
    expect(sources.map((m) => m[1])).toEqual(['image/avif', 'image/webp'])
    for (const [, type, srcset] of sources) {
      const candidates = (srcset ?? '').split(', ').map((c) => c.split(' '))
      expect(candidates.length).toBeGreaterThanOrEqual(4)
      for (const [url, width] of candidates) {
        expect(url).toMatch(new RegExp(`^/assets/[\\w-]+-[0-9a-f]{10}-\\d+\\.${type?.slice(6)}$`))
        expect(width).toMatch(/^\d+w$/)
      }
    }
    expect(figure).toMatch(
      /<img src="\/assets\/[\w-]+\.webp" alt="[^"]+" width="1600" height="900" loading="lazy"/,
    )
  })
})
