/**
 * A post's social card: its cover as a 1200 × 630 JPEG (a centre crop, what link previews on
 * LinkedIn, Slack, X and Facebook show), made with sharp at build time from the cover, SVG or
 * raster. Cached by the cover's bytes, like every built image.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'

export const SOCIAL_CARD = { width: 1200, height: 630, quality: 82 } as const

/** Makes (or finds) the card of `source` in `cacheDir`; resolves to its file name. */
export async function socialCard(source: Buffer, stem: string, cacheDir: string): Promise<string> {
  const hash = createHash('sha256')
    .update(source)
    .update(JSON.stringify(SOCIAL_CARD))
    .digest('hex')
    .slice(0, 10)
  const name = `${stem}-${hash}-og.jpg`
  const file = join(cacheDir, name)
  if (existsSync(file)) return name
  mkdirSync(cacheDir, { recursive: true })
  const jpeg = await sharp(source, { density: 192 })
    .rotate()
    .resize(SOCIAL_CARD.width, SOCIAL_CARD.height, { fit: 'cover' })
    .flatten({ background: '#0b0b12' })
    .jpeg({ quality: SOCIAL_CARD.quality, mozjpeg: true })
    .toBuffer()
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, jpeg)
  renameSync(temporary, file)
  return name
}
