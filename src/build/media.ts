/**
 * The media pipeline. A raster original (JPEG, PNG or WebP) in src/media/ is shown at the /media
 * address of the same name, whatever that address's extension: the build turns it into AVIF and
 * WebP at several widths under hashed, immutable names in /assets/ (public/_headers caches them
 * for a year). Everything in public/media (SVG, video, posters) is served as it is.
 *
 * An overlay directory laid out like src/media (XR_MEDIA_OVERLAY) is consulted first: the
 * realistic-media audit uses it to swap in big photos without touching the repository.
 * Encoded files are cached in node_modules/.cache/xr-media by a hash of the original and the
 * settings, so the many builds of the tests and audits encode each image once.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { basename, extname, join, relative } from 'node:path'
import sharp from 'sharp'
import type { ImageVariant, RasterImage } from '../lib/picture.ts'

/** Widths built for every raster image (and the original's own width when it is narrower). */
export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920]
const SETTINGS = { avif: { quality: 50, effort: 4 }, webp: { quality: 74, effort: 4 } } as const
const RASTER_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp']

export interface MediaOptions {
  root: string
  /** A directory laid out like src/media whose originals take precedence. */
  overlay?: string
}

interface Built {
  image: RasterImage
  /** Output name → cached file. */
  files: Map<string, string>
}

export class MediaPipeline {
  private readonly built = new Map<string, Promise<Built>>()
  private readonly cacheDir: string
  private readonly originalDirs: string[]

  constructor(private readonly options: MediaOptions) {
    this.cacheDir = join(options.root, 'node_modules/.cache/xr-media')
    this.originalDirs = [options.overlay, join(options.root, 'src/media')].filter((d): d is string => !!d)
  }

  /** The raster original behind a /media path, if any: the overlay's first, then src/media's. */
  originalOf(mediaPath: string): string | undefined {
    const stem = mediaPath.replace(/^\/media\//, '').replace(/\.\w+$/, '')
    for (const dir of this.originalDirs) {
      for (const ext of RASTER_EXTENSIONS) {
        if (existsSync(join(dir, stem + ext))) return join(dir, stem + ext)
      }
    }
    return undefined
  }

  /** The picture data of a /media image: built variants for a raster original, else the public file's size. */
  async describe(mediaPath: string): Promise<{ width: number; height: number; raster?: RasterImage }> {
    const original = this.originalOf(mediaPath)
    if (original) {
      const { image } = await this.build(original)
      return { width: image.width, height: image.height, raster: image }
    }
    const file = join(this.options.root, 'public', mediaPath)
    if (!existsSync(file)) throw new Error(`no such image: ${mediaPath} (neither in src/media nor in public)`)
    const { width, height } = await sharp(file).metadata()
    return { width: width ?? 0, height: height ?? 0 }
  }

  /** Every raster original, by /media path without extension (what `virtual:media` exports). */
  async manifest(): Promise<Record<string, RasterImage>> {
    const entries = new Map<string, string>()
    for (const dir of [...this.originalDirs].reverse()) {
      for (const file of filesUnder(dir)) {
        if (RASTER_EXTENSIONS.includes(extname(file).toLowerCase()))
          entries.set('/media/' + relative(dir, file).replace(/\.\w+$/, ''), file)
      }
    }
    const manifest: Record<string, RasterImage> = {}
    for (const [stem, file] of [...entries].sort()) manifest[stem] = (await this.build(file)).image
    return manifest
  }

  /** Every file built so far: output name → cached file (the client build emits them). */
  async outputs(): Promise<Map<string, string>> {
    const all = new Map<string, string>()
    for (const built of this.built.values())
      for (const [name, file] of (await built).files) all.set(name, file)
    return all
  }

  private build(original: string): Promise<Built> {
    let built = this.built.get(original)
    if (!built) this.built.set(original, (built = this.encode(original)))
    return built
  }

  private async encode(original: string): Promise<Built> {
    const source = readFileSync(original)
    const hash = createHash('sha256')
      .update(source)
      .update(JSON.stringify([SETTINGS, IMAGE_WIDTHS]))
      .digest('hex')
      .slice(0, 10)
    const stem = basename(original, extname(original)).replace(/[^\w-]+/g, '-')
    mkdirSync(this.cacheDir, { recursive: true })
    const described = join(this.cacheDir, `${stem}-${hash}.json`)
    if (!existsSync(described)) {
      // Decode and orient the original once, at most as wide as the widest variant.
      const base = await sharp(source)
        .rotate()
        .resize({ width: IMAGE_WIDTHS.at(-1), withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true })
      const { width, height, channels } = base.info
      const widths = [...IMAGE_WIDTHS.filter((w) => w < width), width]
      for (const format of ['avif', 'webp'] as const) {
        for (const w of widths) {
          const pipeline = sharp(base.data, { raw: { width, height, channels } }).resize({ width: w })
          const encoded = await (
            format === 'avif' ? pipeline.avif(SETTINGS.avif) : pipeline.webp(SETTINGS.webp)
          ).toBuffer()
          atomicWrite(join(this.cacheDir, `${stem}-${hash}-${w}.${format}`), encoded)
        }
      }
      atomicWrite(described, JSON.stringify({ width, height, widths }))
    }
    const { width, height, widths } = JSON.parse(readFileSync(described, 'utf8')) as {
      width: number
      height: number
      widths: number[]
    }
    const files = new Map<string, string>()
    const variants = (format: 'avif' | 'webp'): ImageVariant[] =>
      widths.map((w) => {
        const name = `${stem}-${hash}-${w}.${format}`
        files.set(name, join(this.cacheDir, name))
        return { url: `/assets/${name}`, width: w }
      })
    return { image: { width, height, avif: variants('avif'), webp: variants('webp') }, files }
  }
}

/** Write then rename, so a build running beside another never reads half a file. */
function atomicWrite(file: string, data: string | Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, data)
  renameSync(temporary, file)
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}
