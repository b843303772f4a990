/**
 * "A new post is one new file", proven in two halves that meet, without a second build:
 * - the Markdown collection (src/build/collections.ts, what the build compiles) of a project copy
 *   holding one more file has that post, compiled, and first, being the newest;
 * - the production build the browser tests serve puts every post of its collection at its own
 *   address, in /blog, the sitemap and the feed, in the collection's order.
 * So one Markdown file added is one post served, first in /blog, in the sitemap and first in the feed.
 */
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadPosts } from '../../src/build/collections'
import { MediaPipeline } from '../../src/build/media'
import type { Post } from '../../src/schemas/posts'
import { baseUrl } from './server'

const ROOT = join(import.meta.dirname, '../..')
const SLUG = 'throwaway-launch-notes'
const TITLE = 'Launch notes from a throwaway post'
const POST = `---
title: "${TITLE}"
description: "A post that exists only inside this test, to prove that one Markdown file is all a new post needs."
date: 2099-01-31
author: Test Author
image: /media/home/blog/blog-2.svg
slug: ${SLUG}
---

The first paragraph of the throwaway post.

## A section

With a [link to the blog](/blog) and an address, hello@example.com.
`

let copy = ''
/** The collection as the build reads it: the repository's, and a copy's with one more file. */
let built: Post[] = []
let withOneMore: Post[] = []

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), 'xr-new-post-'))
  cpSync(join(ROOT, 'src/content/blog'), join(copy, 'src/content/blog'), { recursive: true })
  symlinkSync(join(ROOT, 'src/media'), join(copy, 'src/media'))
  symlinkSync(join(ROOT, 'public'), join(copy, 'public'))
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'))
  const collection = (root: string) => loadPosts(root, new MediaPipeline({ root }))
  built = await collection(ROOT)
  writeFileSync(join(copy, 'src/content/blog', `${SLUG}.md`), POST)
  withOneMore = await collection(copy)
}, 120_000)

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true })
})

const fetchText = async (path: string) => {
  const res = await fetch(baseUrl + path)
  return { status: res.status, text: await res.text() }
}

describe('one more Markdown file in the collection', () => {
  it('is one more post, first (the newest), its text compiled to HTML', () => {
    expect(withOneMore.map((post) => post.slug)).toEqual([SLUG, ...built.map((post) => post.slug)])
    const post = withOneMore[0]!
    expect(post.title).toBe(TITLE)
    expect(post.html).toContain('<p class="article-intro">The first paragraph of the throwaway post.</p>')
    expect(post.html).toContain('<a href="/blog">link to the blog</a>')
    expect(post.html).toContain('<a href="mailto:hello@example.com">hello@example.com</a>')
  })
})

describe('every post of the built collection', () => {
  it('is served at its own address, with its text compiled and no script', async () => {
    expect(built.length).toBeGreaterThan(0)
    for (const post of built) {
      const { status, text } = await fetchText(`/${post.slug}`)
      expect(status, post.slug).toBe(200)
      expect(text).toContain(`<h1 class="page-title">${post.title}</h1>`)
      expect(text).toContain(post.html.slice(0, 200))
      expect(text).toContain('"@type":"BlogPosting"')
      // Its one inline script is the prerender view beacon (lib/speculation-rules.ts), which loads nothing.
      const withoutBeacon = text.replace(/<script nonce="[^"]+">[^<]*"\/api\/view"[^<]*<\/script>/, '')
      expect(withoutBeacon).not.toMatch(
        /<script\b(?![^>]*type="(?:application\/(?:ld\+)?json|speculationrules)")/,
      )
    }
  })

  /** The links among `links` that are the collection's posts, in the order they come. */
  const ofCollection = (links: (string | undefined)[], prefix = '') =>
    links.filter((link) => built.some((post) => link === `${prefix}/${post.slug}`))
  const inCollectionOrder = (prefix = '') => built.map((post) => `${prefix}/${post.slug}`)

  it('is in /blog, newest first, as the collection orders them', async () => {
    const { text } = await fetchText('/blog')
    const links = [...text.matchAll(/<a href="([^"]+)" class="stretched-link">/g)].map((m) => m[1])
    // Other browser tests on this server may have published posts of their own in the console.
    expect(ofCollection(links)).toEqual(inCollectionOrder())
  })

  it('is listed in sitemap.xml', async () => {
    const { text } = await fetchText('/sitemap.xml')
    for (const post of built) expect(text).toContain(`<loc>${baseUrl}/${post.slug}</loc>`)
  })

  it('is in the RSS feed, newest first', async () => {
    const { text } = await fetchText('/rss.xml')
    const links = [...text.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => m[1])
    expect(ofCollection(links, baseUrl)).toEqual(inCollectionOrder(baseUrl))
  })
})
