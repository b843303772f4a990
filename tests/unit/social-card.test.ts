/**
 * Each repository post's social card is what link previews need: a 1200 × 630 JPEG, made at build
 * time from the post's cover (an SVG here), and emitted with the built images.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { posts } from '../../src/content/pages/blog'

const CACHE = join(import.meta.dirname, '../../node_modules/.cache/xr-media')

describe('social cards', () => {
  it.each(posts.map((post) => [post.slug, post] as const))(
    '%s has a 1200 × 630 JPEG card',
    async (_slug, post) => {
      expect(post.socialImage).toMatch(/^\/assets\/[\w-]+-og\.jpg$/)
      const file = join(CACHE, post.socialImage!.slice('/assets/'.length))
      expect(existsSync(file)).toBe(true)
      expect(await sharp(file).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 })
    },
  )
})
