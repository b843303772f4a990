/**
 * "A new post is one new file": a throwaway Markdown post is added to a temporary copy of the
 * project, which is built (under the build lock, like every build the tools make) and served;
 * the post is then at its address, first in /blog, in the sitemap and first in the feed. The
 * copy is removed afterwards, so nothing is left in the repository or in dist/.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUILD_LOCK } from '../../scripts/lib/snapshot.mjs'
import { startWorker, type RunningWorker } from '../support/wrangler-server'

const ROOT = join(import.meta.dirname, '../..')
const PROJECT_FILES = [
  'src',
  'public',
  'vite.config.ts',
  'wrangler.toml',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
]
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
let worker: RunningWorker | undefined

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), 'xr-new-post-'))
  for (const file of PROJECT_FILES) cpSync(join(ROOT, file), join(copy, file), { recursive: true })
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'))
  writeFileSync(join(copy, 'src/content/blog', `${SLUG}.md`), POST)
  execFileSync('flock', [BUILD_LOCK, 'node_modules/.bin/vite', 'build', '--logLevel', 'warn'], {
    cwd: copy,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  worker = await startWorker({}, { config: join(copy, 'dist/xr_stores_site/wrangler.json') })
}, 300_000)

afterAll(async () => {
  await worker?.stop()
  if (copy) rmSync(copy, { recursive: true, force: true })
})

const fetchText = async (path: string) => {
  const res = await fetch(worker!.url + path)
  return { status: res.status, text: await res.text() }
}

describe('a post added as one Markdown file', () => {
  it('is served at its own address, with its text compiled and no script', async () => {
    const { status, text } = await fetchText(`/${SLUG}`)
    expect(status).toBe(200)
    expect(text).toContain(`<h1 class="page-title">${TITLE}</h1>`)
    expect(text).toContain('<p class="article-intro">The first paragraph of the throwaway post.</p>')
    expect(text).toContain('<a href="/blog">link to the blog</a>')
    expect(text).toContain('<a href="mailto:hello@example.com">hello@example.com</a>')
    expect(text).toContain('"@type":"BlogPosting"')
    // Its one inline script is the prerender view beacon (lib/speculation-rules.ts), which loads nothing.
    const withoutBeacon = text.replace(/<script nonce="[^"]+">document\.prerendering[^<]*<\/script>/, '')
    expect(withoutBeacon).not.toMatch(
      /<script\b(?![^>]*type="(?:application\/(?:ld\+)?json|speculationrules)")/,
    )
  })

  it('comes first in /blog, being the newest', async () => {
    const { text } = await fetchText('/blog')
    const links = [...text.matchAll(/<a href="([^"]+)" class="stretched-link">/g)].map((m) => m[1])
    expect(links).toEqual([`/${SLUG}`, '/blog-3', '/blog-2', '/blog-1'])
  })

  it('is listed in sitemap.xml', async () => {
    const { text } = await fetchText('/sitemap.xml')
    expect(text).toContain(`<loc>${worker!.url}/${SLUG}</loc>`)
  })

  it('comes first in the RSS feed', async () => {
    const { text } = await fetchText('/rss.xml')
    const links = [...text.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => m[1])
    expect(links[0]).toBe(`${worker!.url}/${SLUG}`)
    expect(links).toHaveLength(4)
  })
})
